import { sql, type Kysely } from 'kysely';

/**
 * The patient list's page in the names' order (issue 37 section 1): it is
 * sorted by last name, first name and then the id, and the index stopped at
 * the first name, so each page sorted the whole run of patients sharing the
 * first name on it. With common names that run grows with the division: 1,112
 * rows read for a page of 25 at 1,000,000 patients. With the id in the
 * index, a page reads its own rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index patient_division_name_order on patient (division_uid, last_name, first_name, patient_uid);
    drop index patient_division_name;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
