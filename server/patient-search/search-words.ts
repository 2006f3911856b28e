import { sql, type RawBuilder } from 'kysely';

/**
 * One word's search from patient_search_word (migrations 006 and 062), shared
 * by the quick search and FHIR's `Patient?name=`: both page a prefix's
 * matches in the names' order from the word index, so a page costs the same
 * at 100,000 patients as at 1,000,000.
 */

/** More distinct words than this under one prefix (a letter or two): the matches are read and sorted whole. */
export const MAX_WORDS = 200;

/**
 * The words of `w` starting with `word` (letters only), as a range of the index: with the word a parameter, a
 * plan kept for any word still reads that range, where LIKE would need the pattern known when planning.
 */
export const wordStarts = (word: string) =>
  sql`w.word ~>=~ patient_search_norm(${word}) and w.word ~<~ (patient_search_norm(${word}) || chr(1114111))`;

/** Of a patient's words that start alike ("Ava Avalos" for "ava") only the first counts (migration 006). */
export const firstOfPatient = (word: string) => sql`w.shared_prefix < length(patient_search_norm(${word}))`;

/**
 * `words` and `found`, for a `with recursive`: the distinct words starting
 * with `word` in each of `divisions` (a query of `division_uid`), one index
 * probe each, at most MAX_WORDS + 1 of them. A caller reads each found word's
 * first patients in the names' order (the index's own), and falls back to
 * reading every match when more than MAX_WORDS were found.
 */
export function prefixWords(divisions: RawBuilder<unknown>, word: string): RawBuilder<unknown> {
  const next = (division: RawBuilder<unknown>, after: RawBuilder<unknown>) =>
    sql`(select w.word from patient_search_word w where w.division_uid = ${division} and ${wordStarts(word)}${after} order by w.word using ~<~ limit 1)`;
  return sql`
      words(division_uid, word) as (
        select d.division_uid, ${next(sql`d.division_uid`, sql``)} from (${divisions}) d
        union all
        select k.division_uid, ${next(sql`k.division_uid`, sql` and w.word ~>~ k.word`)} from words k where k.word is not null
      ), found as (select division_uid, word from words where word is not null limit ${MAX_WORDS + 1})`;
}

/** The index's order of a word's patients, which a page of a prefix's matches follows. */
export const WORD_ORDER = sql`w.last_name, w.first_name, w.birth_date, w.patient_uid`;
