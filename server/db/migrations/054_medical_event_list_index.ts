import { sql, type Kysely } from 'kysely';

/**
 * A patient's events of one type, newest first (GET /patients/{id}/medical-events/{name}),
 * read in the list's own order: with only (patient_uid, event_date desc) PostgreSQL
 * read every event of the patient, joined each one and sorted them for the tie on the
 * id, and events recorded for the same day all tie (EXPLAIN on a 5,000-patient bench cluster, a
 * patient with 2,335 overdoses: 9-25 ms; with this index 0.3 ms, the first 100 only).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index medical_event_patient_type on medical_event (patient_uid, medical_event_type_uid, event_date desc, medical_event_uid)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
