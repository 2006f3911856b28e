import { sql, type Kysely } from 'kysely';

/**
 * Issue 33, spec 000 section 7 "Identity lists": the four identity lists an
 * embedder reads as data views that had no view yet (server/identity-search/identity-lists.views.ts):
 * list-view-cs-tbl-source-child, list_view_cs_tbl_patientpreferrednames,
 * list_view_cs_tbl_patientflags and list-view-cs-tbl-matchresults.
 *
 * Each gives its rows with the patient and the facts the patient access guard
 * reads (division_uid, restricted_flag, case_emails, adoption_case), as
 * migration 044's views do: the child, names and flags of each SACWIS child
 * whose match is Approved (match status 1), as the search card reads them
 * (migration 055); the matches of the patient, every status, as the
 * patient's page lists them (server/identity/identity-matches.ts).
 *
 * A preferred name and a match have no single id column: each gets one made
 * of its key (`|` between the parts), the row's id in a list's answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create view list_view_cs_tbl_source_child as
    select t.*, m.patient_uid, p.restricted_flag, p.case_emails, p.adoption_case
      from tbl_source_child t
      join tbl_match_results m on m.division_uid = t.division_uid and m.sacwis_person_id = t.sacwis_person_id and m.source_name = 'SACWIS' and m.match_status_id = 1
      join patient p on p.patient_uid = m.patient_uid;

    create view list_view_cs_tbl_patientpreferrednames as
    select t.sacwis_person_id || '|' || t.source_name || '|' || t.preferred_name as preferred_name_id,
           t.*, m.patient_uid, p.restricted_flag, p.case_emails, p.adoption_case
      from tbl_patient_preferred_names t
      join tbl_match_results m on m.division_uid = t.division_uid and m.sacwis_person_id = t.sacwis_person_id and m.source_name = 'SACWIS' and m.match_status_id = 1
      join patient p on p.patient_uid = m.patient_uid;

    create view list_view_cs_tbl_patientflags as
    select t.*, m.patient_uid, p.restricted_flag, p.case_emails, p.adoption_case
      from tbl_patient_flags t
      join tbl_match_results m on m.division_uid = t.division_uid and m.sacwis_person_id = t.sacwis_person_id and m.source_name = 'SACWIS' and m.match_status_id = 1
      join patient p on p.patient_uid = m.patient_uid;

    create view list_view_cs_tbl_matchresults as
    select m.sacwis_person_id || '|' || m.source_name || '|' || m.mrn as match_id,
           m.division_uid, m.sacwis_person_id, m.source_name, m.mrn, m.match_status_id, m.match_type, m.score, m.source_description,
           m.patient_uid, p.restricted_flag, p.case_emails, p.adoption_case
      from tbl_match_results m
      join patient p on p.patient_uid = m.patient_uid;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
