import { sql, type Kysely } from 'kysely';

/**
 * The Handle with Care staff list (issue 7: the spec gives only /hwc/{id}, so
 * staff need a way to find new entries). Status is worded here so the table
 * sorts and filters on exactly what it shows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create view hwc_patient_list_view as
      select h.hwc_patient_uid,
             h.division_uid,
             h.child_last_name || ', ' || h.child_first_name as name,
             h.child_age as age,
             h.facility_name,
             h.officer_name,
             h.created_at,
             case when h.is_ignored then 'Dismissed'
                  when h.didnt_send_reason is not null then 'Not sent: ' || h.didnt_send_reason
                  else 'Sent' end as status
        from hwc_patient h;
    create index hwc_patient_division on hwc_patient (division_uid, created_at desc);
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
