import { sql, type Kysely } from 'kysely';

/**
 * The record's Notes section (spec 001 section 2 `notes`, section 3 "Note"):
 * the list reads a view that names each note's author and carries the
 * patient's division and restriction, so the data-view engine scopes it like
 * every patient row. The menu item is for the modes whose face sheet shows notes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create view patient_note_view as
      select n.note_uid, n.patient_uid, n.note_type, n.note, n.activity_date, n.session_duration_minutes, n.is_archived,
             n.created_at as created_date, n.author_uid, u.first_name as author_first_name, u.last_name as author_last_name,
             p.division_uid, p.restricted_flag
        from patient_note n
        join patient p on p.patient_uid = n.patient_uid
        left join app_user u on u.user_uid = n.author_uid;

    insert into nav_item (ref_data_type, nav_item_label, app_module, route, default_sort_order, feature_flag) values
      ('patient', 'Notes', 'patient', 'notes', 30, '{!hasAppCit,hasAppNavigator|hasAppCommunity|hasAppSponsor|hasHwc}');
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
