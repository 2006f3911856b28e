import { sql, type Kysely } from 'kysely';

/**
 * Issue 14 section 3, external-action links made by administrators: a label
 * so an organisation with several links tells them apart, and the link that
 * replaced a rotated one. A rotation never rewrites instance_id (registrations
 * and external referrals point at it): it adds a row and deactivates the old.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table external_action_instance
      add column label text check (length(label) <= 100),
      add column replaced_by text references external_action_instance;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
