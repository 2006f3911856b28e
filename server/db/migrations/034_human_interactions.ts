import { sql, type Kysely } from 'kysely';

/**
 * Human interactions (spec 002 "Medical event forms"): the people met during a
 * survivor or other interaction live in the event's `detail`; the duplicate
 * check asks for a division's patients by first and last name in any case,
 * often without a birth date, so that lookup gets its own index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists patient_division_lower_name on patient (division_uid, lower(last_name), lower(first_name))`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
