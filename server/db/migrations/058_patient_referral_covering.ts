import { sql, type Kysely } from 'kysely';

/**
 * Issue 15 (data view p99): the queues' commonest order, newest referral
 * first, walks patient_division_referral (migration 003) and, under a name
 * filter, reads from the table each patient the filter then drops (about
 * 700 rows for a page of 10 at 100,000 patients). With the access facts in
 * the index (restricted flag, adoption case, case e-mails) a view marked
 * pageByKey chooses its page's ids from the index alone and reads only those
 * rows: EXPLAIN ANALYZE of the bench's page 3 of 'gar', 2.9 -> 1.4 ms;
 * pgbench at 4 clients 630-690 -> 820-980 statements/s. Same key, so it
 * replaces the old index and each write keeps one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index patient_division_referral;
    create index patient_division_referral on patient (division_uid, latest_referral_date desc nulls last, last_name, patient_uid)
      include (restricted_flag, adoption_case, case_emails);
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
