import { sql, type Kysely } from 'kysely';

/**
 * Issue 11 section 5 (identity search p99 under 50 ms at 100,000 children):
 * the sort index of identity_search (migration 046) also carries the columns
 * the access rule and the list criteria read (restricted flag, case e-mails,
 * adoption case, hospitals, counties) and the page's case ids. A search by
 * broad criteria (hospitals and a county) walks that index in name order to
 * the page's 50, passing thousands of children: with the columns in the index
 * the walk reads no table row (an index-only scan; EXPLAIN ANALYZE at 20,000
 * children, the walk 3.6 ms before, 1.2 ms after). It replaces the old sort
 * index (same key) so each write keeps one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index identity_search_sort_covering on identity_search (division_uid, last_name, first_name, patient_uid)
      include (restricted_flag, adoption_case, case_emails, source_names, counties, case_ids);
    drop index identity_search_sort;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
