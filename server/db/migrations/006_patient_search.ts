import { sql, type Kysely } from 'kysely';

/**
 * Patient search (quick search, advanced search) by name parts, birth date and
 * identifiers, case- and accent-insensitive, fast at 100,000+ patients:
 *
 * - `patient_search_norm(text)`: unaccented, lower case, apostrophes dropped
 *   ("O'Brien" → "obrien"), other ASCII punctuation (among it LIKE's `%`, `_`
 *   and `\`) turned into single spaces. The query side runs the same function
 *   on what was typed; being IMMUTABLE, it folds to a constant pattern at
 *   planning, which the indexes need. `unaccent(text)` itself is only STABLE
 *   (it looks its dictionary up by search_path), so the wrapper names the
 *   dictionary with its schema.
 * - `patient.search_text`, kept by a trigger: ' first middle last sacwis'
 *   normalised, with a leading space so "starts a word" is the pattern
 *   '% garc%', which pg_trgm answers from its GIN index even for two letters
 *   (word-start trigrams).
 * - An index on sacwis_person_id for the exact identifier criterion.
 * - patient_search_word: the words of search_text with the sort keys, for
 *   one-word searches answered from an index alone (see below).
 *
 * unaccent and pg_trgm are contrib extensions shipped with PostgreSQL (trusted
 * since 13). Where unaccent is missing the function still lowercases and
 * strips punctuation, so search works, only without folding accents.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    do $do$
    declare
      ext_schema text;
      fold text := 't';
    begin
      begin
        create extension if not exists unaccent;
      exception when others then
        raise notice 'unaccent is not available (%); patient search will not fold accents', sqlerrm;
      end;
      select n.nspname into ext_schema
        from pg_extension e join pg_namespace n on n.oid = e.extnamespace
       where e.extname = 'unaccent';
      if ext_schema is not null then
        fold := format('%I.unaccent(%L::regdictionary, t)', ext_schema, quote_ident(ext_schema) || '.unaccent');
      end if;
      execute format($fn$
        create function patient_search_norm(t text) returns text
          language sql immutable strict parallel safe
        as $body$
          select btrim(regexp_replace(
                   lower(translate(%s, '''’', '')),
                   '[[:space:]!-/:-@[-\`{-~]+', ' ', 'g'))
        $body$ $fn$, fold);
    end
    $do$;

    -- Kept by a trigger rather than GENERATED: code that copies a patient row whole
    -- (select *, then insert) keeps working, and the value is recomputed anyway.
    alter table patient add column search_text text;
    create function patient_search_text() returns trigger language plpgsql as $fn$
    begin
      new.search_text := ' ' || patient_search_norm(concat_ws(' ', new.first_name, new.middle_name, new.last_name, new.sacwis_person_id));
      return new;
    end
    $fn$;
    -- Not on every update: the latest-referral trigger (003) updates patients all the time.
    create trigger patient_search_text before insert or update of first_name, middle_name, last_name, sacwis_person_id, search_text on patient
      for each row execute function patient_search_text();
    update patient set search_text = null;

    create index patient_sacwis_person_id on patient (sacwis_person_id);

    -- One row per word of search_text, kept by triggers (a bulk insert of 20,000
    -- patients fills it in one statement). A one-word search, the quick search
    -- while typing, reads the matching words and their sort keys from this index alone
    -- (an index-only range scan) instead of visiting every matching patient row.
    -- shared_prefix: how many leading characters the word shares with the patient's
    -- previous word in C order. Of a patient's words starting with a prefix P, exactly
    -- one (the first) has shared_prefix < length(P), so a search counts each patient
    -- once without sorting thousands of rows to remove duplicates.
    create table patient_search_word (
      patient_uid uuid not null references patient on delete cascade,
      division_uid uuid not null,
      word text not null,
      shared_prefix integer not null,
      last_name text not null,
      first_name text not null,
      birth_date date,
      sacwis_person_id text
    );
    create index patient_search_word_prefix on patient_search_word (division_uid, word text_pattern_ops)
      include (shared_prefix, last_name, first_name, birth_date, sacwis_person_id, patient_uid);
    create index patient_search_word_patient on patient_search_word (patient_uid);

    create function patient_search_shared_prefix(a text, b text) returns integer
      language sql immutable strict parallel safe
    as $fn$
      select coalesce(max(i), 0) from generate_series(1, least(length(a), length(b))) i where left(a, i) = left(b, i)
    $fn$;

    -- The words of the patients whose uids are given (null: every patient), each once per patient.
    create function patient_search_words_of(changed_uids uuid[]) returns void language sql as $fn$
      delete from patient_search_word w where changed_uids is not null and w.patient_uid = any(changed_uids);
      insert into patient_search_word (patient_uid, division_uid, word, shared_prefix, last_name, first_name, birth_date, sacwis_person_id)
      select x.patient_uid, x.division_uid, x.word,
             coalesce(patient_search_shared_prefix(x.word, lag(x.word) over (partition by x.patient_uid order by x.word collate "C")), 0),
             x.last_name, x.first_name, x.birth_date, x.sacwis_person_id
        from (select distinct p.patient_uid, p.division_uid, w.word, p.last_name, p.first_name, p.birth_date, p.sacwis_person_id
                from patient p, regexp_split_to_table(btrim(p.search_text), ' ') as w(word)
               where (changed_uids is null or p.patient_uid = any(changed_uids)) and w.word <> '') x;
    $fn$;
    create function patient_search_words_inserted() returns trigger language plpgsql as $fn$
    begin
      perform patient_search_words_of(array(select patient_uid from inserted));
      return null;
    end
    $fn$;
    create function patient_search_words_updated() returns trigger language plpgsql as $fn$
    begin
      perform patient_search_words_of(array[new.patient_uid]);
      return null;
    end
    $fn$;
    create trigger patient_search_words_on_insert after insert on patient
      referencing new table as inserted for each statement execute function patient_search_words_inserted();
    -- Per row, and only for rows whose words or sort keys changed: most updates (the
    -- latest referral, custody, notes) leave them alone and cost nothing here.
    create trigger patient_search_words_on_update after update on patient for each row
      when ((old.search_text, old.division_uid, old.last_name, old.first_name, old.birth_date, old.sacwis_person_id)
            is distinct from (new.search_text, new.division_uid, new.last_name, new.first_name, new.birth_date, new.sacwis_person_id))
      execute function patient_search_words_updated();

    select patient_search_words_of(null);
    analyze patient;
    analyze patient_search_word;

    do $do$
    begin
      create extension if not exists pg_trgm;
      create index patient_search_text_trgm on patient using gin (search_text gin_trgm_ops);
    exception when others then
      raise notice 'pg_trgm is not available (%); patient search scans the divisions instead', sqlerrm;
    end
    $do$;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
