import { sql, type Kysely } from 'kysely';

/**
 * Add Patient (issue 8 section 4): the inbound referral that creates a
 * patient carries `preferred_engagement` (spec 001 section 5: fixed at
 * 'No Preference'); the patient keeps it, so engagement work later has a
 * value to start from. Patients made before this have none recorded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table patient add column preferred_engagement text`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
