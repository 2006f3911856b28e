import { sql, type Kysely } from 'kysely';

/**
 * Spec 001's service referral e-mail names the placement's provider contact,
 * address, agency and agency contact. The extract's placement file may now
 * carry them; the panel view is made again because `t.*` was expanded when
 * migration 044 created it (same definition, the new columns included).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table tbl_placement
      add column provider_contact text,
      add column provider_address text,
      add column provider_agency text,
      add column provider_agency_contact text;
    drop view list_view_cs_tbl_placement_history;
    create view list_view_cs_tbl_placement_history as
    select t.*, m.patient_uid, p.restricted_flag, p.case_emails, p.adoption_case
      from tbl_placement t
      join tbl_match_results m on m.division_uid = t.division_uid and m.sacwis_person_id = t.sacwis_person_id and m.source_name = 'SACWIS' and m.match_status_id = 1
      join patient p on p.patient_uid = m.patient_uid;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
