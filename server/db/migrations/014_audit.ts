import { sql, type Kysely } from 'kysely';

/**
 * Issue 7: the server writes audit entries itself. An entry keeps the
 * sentence the patient's audit page shows and the call that wrote it, and the
 * page view it came from: one entry per page view, patient and action, so a
 * page's many calls (and concurrent ones) record one view.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table audit_entry
      add column page_view_id uuid,
      add column service_method text,
      add column target_type text,
      add column target_uid uuid,
      add column message text;
    create unique index audit_entry_once_per_page_view on audit_entry (page_view_id, patient_uid, action) where page_view_id is not null;
  `.execute(db);
}
