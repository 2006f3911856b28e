import { sql, type Kysely } from 'kysely';

/**
 * The quick search's one word at 1,000,000 patients (issue 15: p99 under
 * 100 ms): 'garc' matches 35,000 words, and every call read them all and
 * sorted them for a page of 25 (12 ms of PostgreSQL per call, p99 231 ms).
 * The word index now keeps each word's patients in the name order
 * (last name, first name, birth date, id), so a search in that order reads
 * the distinct words the prefix matches and the first page's worth of each
 * (server/patient-search/patient-search.repository.ts): 0.27 ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index patient_search_word_sorted on patient_search_word (division_uid, word text_pattern_ops, last_name, first_name, birth_date, patient_uid)
      include (shared_prefix, sacwis_person_id);
    drop index patient_search_word_prefix;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
