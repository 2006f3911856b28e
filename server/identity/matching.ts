import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connect';
import { sqlNow } from '../db/clock';

/** Spec 000 section 3, "Match result". */
export const MATCH_STATUS = { Approved: 1, NeedToBeApproved: 2, Rejected: 3, Disputed: 4, Unmatched: 5, OnHold: 6 } as const;
export const MATCH_TYPE = { Deterministic: 1, Fuzzy: 2, Manual: 3, ETLGenerated: 4 } as const;

/** The source name of a child's own match (its identity sources' MRN rows carry theirs). */
export const SACWIS_SOURCE = 'SACWIS';

/**
 * Name similarity (pg_trgm, of the normalised "first last") from which a
 * patient with the child's birth date is offered as a fuzzy match.
 */
export const FUZZY_MIN_SCORE = 0.5;

export interface MatchCounts {
  kept: number;
  deterministic: number;
  fuzzy: number;
  created: number;
}

/**
 * Matches every child of the division's extract to a patient, in the
 * transaction that loaded it (decisions.md):
 * 1. a child matched before keeps that match as it stands (an approval, a
 *    rejection or a patient the import created survives the next night);
 * 2. a patient of the division with the child's SACWIS person id: Approved,
 *    Deterministic;
 * 3. the patient with the child's birth date and the most similar name
 *    (score >= FUZZY_MIN_SCORE): NeedToBeApproved, Fuzzy;
 * 4. otherwise a new patient in the division: Approved, ETLGenerated. A child
 *    resembling another new child of the extract (a duplicate SACWIS person)
 *    is instead offered that child's new patient as a fuzzy match.
 * Then tbl_match_results is rewritten (one SACWIS row per child, one per
 * identity source MRN with its child's match), and the facts of the approved
 * children's cases and custody flow into their patients (feedPatients).
 */
export async function matchChildren(trx: Db, divisionUid: string): Promise<MatchCounts> {
  await sql`
    create temporary table match_new (
      sacwis_person_id text primary key,
      patient_uid uuid not null,
      match_status_id smallint not null,
      match_type smallint not null,
      score real,
      step text not null
    ) on commit drop`.execute(trx);
  await sql`
    insert into match_new
    select m.sacwis_person_id, m.patient_uid, m.match_status_id, m.match_type, m.score, 'kept'
      from tbl_match_results m
      join tbl_source_child c on c.division_uid = m.division_uid and c.sacwis_person_id = m.sacwis_person_id
     where m.division_uid = ${divisionUid} and m.source_name = ${SACWIS_SOURCE}`.execute(trx);
  await sql`
    insert into match_new
    select c.sacwis_person_id, p.patient_uid, ${MATCH_STATUS.Approved}, ${MATCH_TYPE.Deterministic}, 1, 'deterministic'
      from tbl_source_child c
      join lateral (select patient_uid from patient p
                     where p.division_uid = c.division_uid and p.sacwis_person_id = c.sacwis_person_id
                     order by p.created_at, p.patient_uid limit 1) p on true
     where c.division_uid = ${divisionUid}
       and not exists (select 1 from match_new n where n.sacwis_person_id = c.sacwis_person_id)`.execute(trx);
  // The import analyzes the sources it loaded; the temporary match table gets its size here, before the steps that read it row by row.
  await sql`analyze match_new`.execute(trx);
  await fuzzy(trx, divisionUid);
  // A child resembling another new child of this extract (a SACWIS duplicate person) waits for the
  // first one's patient, and is then offered it as a fuzzy match.
  await createPatients(trx, divisionUid, sql`
    and not exists (select 1 from tbl_source_child o
                     where o.division_uid = c.division_uid and o.birth_date = c.birth_date and o.sacwis_person_id < c.sacwis_person_id
                       and not exists (select 1 from match_new n where n.sacwis_person_id = o.sacwis_person_id)
                       and similarity(patient_search_norm(o.first_name || ' ' || o.last_name),
                                      patient_search_norm(c.first_name || ' ' || c.last_name)) >= ${FUZZY_MIN_SCORE})`);
  await fuzzy(trx, divisionUid);
  await createPatients(trx, divisionUid, sql``);

  await sql`delete from tbl_match_results where division_uid = ${divisionUid}`.execute(trx);
  await sql`
    insert into tbl_match_results (division_uid, sacwis_person_id, patient_uid, source_name, mrn, match_status_id, match_type, score, source_description)
    select ${divisionUid}::uuid, n.sacwis_person_id, n.patient_uid, ${SACWIS_SOURCE}, '', n.match_status_id, n.match_type, n.score, ${SACWIS_SOURCE}
      from match_new n
    union all
    select ${divisionUid}::uuid, n.sacwis_person_id, n.patient_uid, s.source_name, s.mrn, n.match_status_id, n.match_type, n.score, s.source_name
      from match_new n
      join tbl_identity_source s on s.division_uid = ${divisionUid} and s.sacwis_person_id = n.sacwis_person_id`.execute(trx);
  await keepDisputes(trx, divisionUid);
  await feedPatients(trx, divisionUid, sql`select n.sacwis_person_id, n.patient_uid from match_new n where n.match_status_id = ${MATCH_STATUS.Approved}`);

  const counts = await sql<{ step: keyof MatchCounts; n: number }>`select step, count(*)::int as n from match_new group by step`.execute(trx);
  const result: MatchCounts = { kept: 0, deterministic: 0, fuzzy: 0, created: 0 };
  for (const row of counts.rows) result[row.step] = row.n;
  await sql`drop table match_new`.execute(trx);
  return result;
}

/**
 * Offers each unmatched child the patient with its birth date and the most
 * similar name (not one whose SACWIS id is the child's own, which would have
 * matched deterministically).
 */
async function fuzzy(trx: Db, divisionUid: string): Promise<void> {
  await sql`
    insert into match_new
    select c.sacwis_person_id, p.patient_uid, ${MATCH_STATUS.NeedToBeApproved}, ${MATCH_TYPE.Fuzzy}, p.score, 'fuzzy'
      from tbl_source_child c
      join lateral (select p.patient_uid,
                           similarity(patient_search_norm(p.first_name || ' ' || p.last_name),
                                      patient_search_norm(c.first_name || ' ' || c.last_name)) as score
                      from patient p
                     where p.division_uid = c.division_uid and p.birth_date = c.birth_date
                     order by score desc, p.patient_uid limit 1) p on p.score >= ${FUZZY_MIN_SCORE}
     where c.division_uid = ${divisionUid}
       and not exists (select 1 from match_new n where n.sacwis_person_id = c.sacwis_person_id)`.execute(trx);
}

/** A new patient in the division for each unmatched child (that also meets `also`): Approved, ETLGenerated. */
async function createPatients(trx: Db, divisionUid: string, also: RawBuilder<unknown>): Promise<void> {
  await sql`
    with created as (
      insert into patient (division_uid, first_name, middle_name, last_name, birth_date, gender_uid, sacwis_person_id)
      select c.division_uid, c.first_name, c.middle_name, c.last_name, c.birth_date,
             (select g.uid from reference_data g where g.model = 'reference-gender' and lower(g.label) = lower(c.gender)
               order by g.default_sort_order, g.uid limit 1),
             c.sacwis_person_id
        from tbl_source_child c
       where c.division_uid = ${divisionUid}
         and not exists (select 1 from match_new n where n.sacwis_person_id = c.sacwis_person_id)
         ${also}
       order by c.sacwis_person_id
      returning patient_uid, sacwis_person_id
    )
    insert into match_new select sacwis_person_id, patient_uid, ${MATCH_STATUS.Approved}, ${MATCH_TYPE.ETLGenerated}, null, 'created' from created`.execute(trx);
}

/**
 * The patients of approved matches get their children's cases as
 * patient_case rows (from_extract; migration 025's triggers then keep
 * case_emails and adoption_case, which the access rule reads), the restricted
 * flag of their cases, and the legal status and custody of their current
 * custody episode. A patient whose match is not approved gets none of it yet.
 * `approvedRows` selects (sacwis_person_id, patient_uid) of the approved
 * matches to feed: every one of the run, or (an identity user approving a
 * match, `onlyPatient`) those of one patient.
 */
export async function feedPatients(trx: Db, divisionUid: string, approvedRows: RawBuilder<unknown>, onlyPatient?: string): Promise<void> {
  await sql`create temporary table approved on commit drop as ${approvedRows}`.execute(trx);
  // Only the case rows that changed: each one written makes migration 025's trigger rewrite its patient.
  await sql`
    create temporary table wanted_case on commit drop as
    select a.patient_uid, c.case_id, case when c.adoption_flag then 'Adoption' else c.case_category end as case_category,
           c.wkr_name, c.wkr_email, c.chf_email, c.sup_email
      from approved a
      join tbl_source_case c on c.division_uid = ${divisionUid} and c.sacwis_person_id = a.sacwis_person_id`.execute(trx);
  await sql`
    delete from patient_case pc
     where pc.from_extract
       and pc.patient_uid in (select patient_uid from patient where division_uid = ${divisionUid})
       ${onlyPatient ? sql`and pc.patient_uid = ${onlyPatient}` : sql``}
       and not exists (select 1 from wanted_case w
                        where w.patient_uid = pc.patient_uid
                          and (w.case_id, w.case_category, w.wkr_name, w.wkr_email, w.chf_email, w.sup_email)
                              is not distinct from (pc.case_id, pc.case_category, pc.wkr_name, pc.wkr_email, pc.chf_email, pc.sup_email))`.execute(trx);
  await sql`
    insert into patient_case (patient_uid, case_id, case_category, wkr_name, wkr_email, chf_email, sup_email, from_extract)
    select w.patient_uid, w.case_id, w.case_category, w.wkr_name, w.wkr_email, w.chf_email, w.sup_email, true
      from wanted_case w
     where not exists (select 1 from patient_case pc
                        where pc.from_extract and pc.patient_uid = w.patient_uid
                          and (w.case_id, w.case_category, w.wkr_name, w.wkr_email, w.chf_email, w.sup_email)
                              is not distinct from (pc.case_id, pc.case_category, pc.wkr_name, pc.wkr_email, pc.chf_email, pc.sup_email))
     order by w.patient_uid, w.case_id`.execute(trx);
  await sql`
    update patient p
       set restricted_flag = f.restricted_flag, agency_legal_status = f.legal_status, in_custody = f.in_custody, updated_at = ${sqlNow()}
      from (select a.patient_uid,
                   case when bool_or(c.restricted_flag) then '1' else '0' end as restricted_flag,
                   (select e.legal_status from tbl_custody_episode e
                     where e.division_uid = ${divisionUid} and e.sacwis_person_id = a.sacwis_person_id and e.end_date is null
                     order by e.start_date desc, e.episode_id limit 1) as legal_status,
                   exists (select 1 from tbl_custody_episode e
                            where e.division_uid = ${divisionUid} and e.sacwis_person_id = a.sacwis_person_id and e.end_date is null) as in_custody
              from approved a
              left join tbl_source_case c on c.division_uid = ${divisionUid} and c.sacwis_person_id = a.sacwis_person_id
             group by a.patient_uid, a.sacwis_person_id) f
     where p.patient_uid = f.patient_uid
       and (p.restricted_flag, p.agency_legal_status, p.in_custody) is distinct from (f.restricted_flag, f.legal_status, f.in_custody)`.execute(trx);
  await sql`drop table wanted_case`.execute(trx);
  await sql`drop table approved`.execute(trx);
}

/**
 * A source a user disputed stays Disputed on every later run while the
 * dispute stands (issue 11 section 4), unless the child's match was rejected.
 */
async function keepDisputes(trx: Db, divisionUid: string): Promise<void> {
  await sql`
    update tbl_match_results m set match_status_id = ${MATCH_STATUS.Disputed}
      from identity_dispute d
     where d.division_uid = ${divisionUid} and m.division_uid = d.division_uid and m.sacwis_person_id = d.sacwis_person_id
       and m.source_name = d.source_name and m.source_name <> ${SACWIS_SOURCE} and m.match_status_id <> ${MATCH_STATUS.Rejected}`.execute(trx);
}
