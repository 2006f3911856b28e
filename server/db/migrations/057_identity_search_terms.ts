import { sql, type Kysely } from 'kysely';

/**
 * Issue 11 (identity search p99 under 50 ms at 100,000 children): posting
 * lists in the page's order. A last name in part ("abd") matched about 1,600
 * children through the trigram index; each was read from the table and
 * sorted to keep 50 (EXPLAIN ANALYZE warm: 3.7 ms, 1,553 table pages).
 *
 * identity_search_term holds, for each identity_search row, every three
 * characters of its normalised last and first names (kinds 'l' and 'f',
 * spaces included, so any part of 3 or more characters contains only terms
 * the row has) and its counties ('c', whole), each with the row's sort key.
 * Its primary key walks one term's rows already in name order, two terms
 * intersect by a merge join on that order, and the walk stops at the page's
 * 50: a last name in part reads about 60 rows (0.9 ms), a last and a first
 * name together merge two lists (0.7 ms). Each row found is still checked
 * against every criterion on identity_search, so the terms only narrow.
 *
 * Statement triggers keep the terms with their row, whoever writes it (the
 * import's rebuild, a match decision, the patient's own name trigger of
 * migration 046), reading the statement's changed rows at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function identity_search_trigrams(t text) returns setof text language sql immutable strict parallel safe as $$
      select distinct substr(t, i, 3) from generate_series(1, length(t) - 2) i
    $$;

    -- A row's terms: the triggers below and the first fill read them from here.
    create function identity_search_terms(s identity_search) returns table (kind "char", term text) language sql immutable parallel safe as $$
      select 'l'::"char", g from identity_search_trigrams(s.last_norm) g
      union select 'f', g from identity_search_trigrams(s.first_norm) g
      union select 'c', c from unnest(s.counties) c
    $$;

    create table identity_search_term (
      division_uid uuid not null,
      kind "char" not null,
      term text not null,
      last_name text not null,
      first_name text not null,
      -- No foreign key: its check per term would slow the import's rebuild; the delete trigger keeps them together.
      patient_uid uuid not null,
      primary key (division_uid, kind, term, last_name, first_name, patient_uid)
    );
    create index identity_search_term_patient on identity_search_term (patient_uid);

    create function identity_search_terms_insert() returns trigger language plpgsql as $$
    begin
      insert into identity_search_term
      select n.division_uid, t.kind, t.term, n.last_name, n.first_name, n.patient_uid from new_rows n cross join identity_search_terms(n) t;
      return null;
    end $$;
    create trigger identity_search_terms_insert after insert on identity_search
      referencing new table as new_rows for each statement execute function identity_search_terms_insert();

    create function identity_search_terms_delete() returns trigger language plpgsql as $$
    begin
      delete from identity_search_term t using old_rows o where t.patient_uid = o.patient_uid;
      return null;
    end $$;
    create trigger identity_search_terms_delete after delete on identity_search
      referencing old table as old_rows for each statement execute function identity_search_terms_delete();

    -- Only rows whose sort key or terms changed (a name, a county) are written again.
    create function identity_search_terms_update() returns trigger language plpgsql as $$
    declare
      changed uuid[] := array(
        select n.patient_uid from new_rows n join old_rows o using (patient_uid)
         where (o.division_uid, o.last_name, o.first_name, o.last_norm, o.first_norm, o.counties)
               is distinct from (n.division_uid, n.last_name, n.first_name, n.last_norm, n.first_norm, n.counties));
    begin
      delete from identity_search_term t using unnest(changed) c(patient_uid) where t.patient_uid = c.patient_uid;
      insert into identity_search_term
      select n.division_uid, t.kind, t.term, n.last_name, n.first_name, n.patient_uid
        from new_rows n join unnest(changed) c(patient_uid) using (patient_uid) cross join identity_search_terms(n) t;
      return null;
    end $$;
    create trigger identity_search_terms_update after update on identity_search
      referencing old table as old_rows new table as new_rows for each statement execute function identity_search_terms_update();

    insert into identity_search_term
    select s.division_uid, t.kind, t.term, s.last_name, s.first_name, s.patient_uid from identity_search s cross join identity_search_terms(s) t;
    analyze identity_search_term;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
