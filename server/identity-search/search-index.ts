import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { MATCH_STATUS, SACWIS_SOURCE } from '../identity/matching';

/**
 * Rebuilds the division's identity_search rows (migration 046) in the
 * caller's transaction: one per patient that a child of the extract is
 * matched to (in any status, so a patient offered a fuzzy match shows it as
 * under review), holding the patient's names, birth date and access facts,
 * and from its approved children: SACWIS ids, approved MRNs and their
 * hospitals, the cases' counties, case ids and caseworker names, and the
 * current placements' provider ids and names; and the result card's facts
 * (migration 055, identity_search_card). The import calls it after
 * matching; a change to one patient's matches (approve, reject, dispute)
 * refreshes that patient's row only (`patientUid`).
 */
export async function refreshIdentitySearch(trx: Db, divisionUid: string, patientUid?: string): Promise<void> {
  const only = patientUid === undefined ? sql`true` : sql`patient_uid = ${patientUid}`;
  await sql`delete from identity_search where division_uid = ${divisionUid} and ${only}`.execute(trx);
  await sql`
    insert into identity_search (patient_uid, division_uid, last_name, first_name, last_norm, first_norm, birth_date, restricted_flag, case_emails, adoption_case,
                                 sacwis_person_ids, mrns, source_names, counties, wkr_names, case_ids, provider_ids, provider_names, card)
    select p.patient_uid, p.division_uid, p.last_name, p.first_name,
           coalesce(patient_search_norm(p.last_name), ''), coalesce(patient_search_norm(p.first_name), ''),
           p.birth_date, p.restricted_flag, p.case_emails, p.adoption_case,
           array(select distinct x from unnest(k.approved || p.sacwis_person_id) x where x is not null order by x),
           coalesce(s.mrns, ''), coalesce(s.sources, '{}'), coalesce(c.counties, '{}'), coalesce(c.workers, ''), coalesce(c.case_ids, '{}'),
           coalesce(pl.ids, '{}'), coalesce(pl.names, ''),
           identity_search_card(p.patient_uid, p.division_uid, k.approved, ${SACWIS_SOURCE})
      from (select m.patient_uid,
                   coalesce(array_agg(m.sacwis_person_id) filter (where m.match_status_id = ${MATCH_STATUS.Approved}), '{}') as approved
              from tbl_match_results m
             where m.division_uid = ${divisionUid} and m.source_name = ${SACWIS_SOURCE} and ${patientUid === undefined ? sql`true` : sql`m.patient_uid = ${patientUid}`}
             group by m.patient_uid) k
      join patient p on p.patient_uid = k.patient_uid
      left join lateral (select string_agg(lower(m.mrn), ' ' order by m.mrn) as mrns, array_agg(distinct m.source_description) as sources
                           from tbl_match_results m
                          where m.division_uid = ${divisionUid} and m.sacwis_person_id = any(k.approved) and m.source_name <> ${SACWIS_SOURCE}
                            and m.match_status_id = ${MATCH_STATUS.Approved}) s on true
      left join lateral (select array_agg(distinct c.county) as counties, array_agg(distinct c.case_id) as case_ids,
                                coalesce(patient_search_norm(string_agg(distinct c.wkr_name, ' ')), '') as workers
                           from tbl_source_case c
                          where c.division_uid = ${divisionUid} and c.sacwis_person_id = any(k.approved)) c on true
      left join lateral (select array_agg(distinct pl.provider_id) as ids, coalesce(patient_search_norm(string_agg(distinct pl.provider_name, ' ')), '') as names
                           from tbl_placement pl
                          where pl.division_uid = ${divisionUid} and pl.sacwis_person_id = any(k.approved) and pl.end_date is null) pl on true`.execute(trx);
}
