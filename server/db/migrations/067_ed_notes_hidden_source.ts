import { sql, type Kysely } from 'kysely';

/**
 * Spec 001 section 7: "Notes are hidden for emergency-department visits from
 * one named source." The spec does not name it, so it is a division setting
 * (`ed-notes-hidden-source`, the source's name as the extract spells it, set
 * on the division in Admin → Organization). The visit list view leaves those
 * notes out, so no caller ever receives them; the columns are those of
 * migration 044, in its order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace view list_view_cs_tbl_visit as
    select t.division_uid, t.visit_id, t.sacwis_person_id, t.source_name, t.visit_kind, t.visit_type, t.visit_date, t.provider_name, t.department, t.reason,
           case when t.visit_kind = 'Emergency'
                 and t.source_name = (select s.setting_value from division_setting s where s.division_uid = t.division_uid and s.setting_name = 'ed-notes-hidden-source')
                then null else t.notes end as notes,
           m.patient_uid, p.restricted_flag, p.case_emails, p.adoption_case
      from tbl_visit t
      join tbl_match_results m on m.division_uid = t.division_uid and m.sacwis_person_id = t.sacwis_person_id and m.source_name = 'SACWIS' and m.match_status_id = 1
      join patient p on p.patient_uid = m.patient_uid
     where not exists (select 1 from tbl_match_results d where d.division_uid = t.division_uid and d.sacwis_person_id = t.sacwis_person_id and d.source_name = t.source_name and d.match_status_id in (3, 4));
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
