import { sql, type Kysely } from 'kysely';

/** The record's Admissions section (spec 001 section 2 `admissions`): its menu item, for users with the admission feature. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into nav_item (ref_data_type, nav_item_label, app_module, route, default_sort_order, feature_flag) values
      ('patient', 'Admissions', 'patient', 'admissions', 40, '{admission}');
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
