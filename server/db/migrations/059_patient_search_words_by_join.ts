import { sql, type Kysely } from 'kysely';

/**
 * The search words of the patients a statement inserted or changed
 * (migration 006), found by joining the changed ids rather than testing
 * `patient_uid = any(ids)` on every patient: past about 100,000 patients that
 * test became a scan of the whole table with each row checked against the
 * whole list, so a bulk insert of 20,000 patients (the seed's batch, an
 * identity import) went from 7 s to 35-43 s per batch and grew with every
 * batch (the 1,000,000-patient bench cluster never finished loading). Joined,
 * a batch stays at 6-7 s at 260,000 patients. The every-patient form (null)
 * only filled the table once, in migration 006: a null list now changes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function patient_search_words_of(changed_uids uuid[]) returns void language sql as $fn$
      delete from patient_search_word w using unnest(changed_uids) c(uid) where w.patient_uid = c.uid;
      insert into patient_search_word (patient_uid, division_uid, word, shared_prefix, last_name, first_name, birth_date, sacwis_person_id)
      select x.patient_uid, x.division_uid, x.word,
             coalesce(patient_search_shared_prefix(x.word, lag(x.word) over (partition by x.patient_uid order by x.word collate "C")), 0),
             x.last_name, x.first_name, x.birth_date, x.sacwis_person_id
        from (select distinct p.patient_uid, p.division_uid, w.word, p.last_name, p.first_name, p.birth_date, p.sacwis_person_id
                from unnest(changed_uids) c(uid)
                join patient p on p.patient_uid = c.uid,
                     regexp_split_to_table(btrim(p.search_text), ' ') as w(word)
               where w.word <> '') x;
    $fn$;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
