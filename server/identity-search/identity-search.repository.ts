import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import type { IdentitySearchQuery } from '../../shared/schemas/identity-search';
import type { AuthContext } from '../auth/context';
import { planOnce, type Db } from '../db/connect';
import type { IdentityCard, IdentitySearchTable } from '../db/database';
import { sqlToday } from '../db/clock';
import { countCache } from '../dataviews/count-cache';
import { patientVisibility } from '../dataviews/scopes';
import { extractCase, type PatientSearchRow } from '../patient-search/patient-search.repository';

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
type Column = keyof IdentitySearchTable & string;
/** A name part anywhere in the normalised text (accents, case and punctuation folded as patient.search_text). */
const contains = (a: string, column: Column, value: string) => sql`${sql.ref(`${a}.${column}`)} like '%' || coalesce(patient_search_norm(${value}), '') || '%'`;
const has = (a: string, column: Column, value: string) => sql`${sql.ref(`${a}.${column}`)} @> array[${value}]::text[]`;

/**
 * The birth criterion: a date exactly; a 4-digit birth year; a 2- or 3-digit
 * age on the clock's today (born after today less age + 1 years, on or before
 * today less age years). Ranges on birth_date, so its index still serves.
 */
function bornAs(column: RawBuilder<unknown>, value: string): RawBuilder<unknown> {
  if (/^\d{4}$/.test(value)) return sql`${column} >= make_date(${Number(value)}, 1, 1) and ${column} < make_date(${Number(value) + 1}, 1, 1)`;
  if (/^\d{2,3}$/.test(value)) {
    const age = Number(value);
    return sql`${column} > ${sqlToday()} - make_interval(years => ${age + 1}) and ${column} <= ${sqlToday()} - make_interval(years => ${age})`;
  }
  return sql`${column} = ${value}::date`;
}

/**
 * The search's conditions (spec 002 "Patient search criteria") on
 * identity_search as `a`: the caller's current division and the access rule
 * first (a patient the caller may not see is never found), then each
 * criterion given. Names, caseworker and provider names match in part, MRNs
 * contain the text, hospitals any of those chosen, the rest exactly.
 */
function whereOf(query: IdentitySearchQuery, auth: AuthContext, a: string): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`${sql.ref(`${a}.division_uid`)} = ${auth.divisionUid}`, patientVisibility(a, auth)];
  if (query.last_name__like) parts.push(contains(a, 'last_norm', query.last_name__like));
  if (query.first_name__like) parts.push(contains(a, 'first_norm', query.first_name__like));
  if (query.birth_date) parts.push(bornAs(sql.ref(`${a}.birth_date`), query.birth_date));
  if (query.source_mrns__contains) parts.push(sql`${sql.ref(`${a}.mrns`)} like ${`%${escapeLike(query.source_mrns__contains.toLowerCase())}%`}`);
  if (query.sacwis_person_id) parts.push(has(a, 'sacwis_person_ids', query.sacwis_person_id));
  if (query.case_id) parts.push(has(a, 'case_ids', query.case_id));
  if (query.provider_id) parts.push(has(a, 'provider_ids', query.provider_id));
  const sources = (query.source_description ?? []).map((v) => v.trim()).filter(Boolean);
  if (sources.length) parts.push(sql`${sql.ref(`${a}.source_names`)} && ${sources}::text[]`);
  if (query.agency_county) parts.push(has(a, 'counties', query.agency_county));
  if (query.wkr_name) parts.push(contains(a, 'wkr_names', query.wkr_name));
  if (query.provider_name) parts.push(contains(a, 'provider_names', query.provider_name));
  return sql.join(parts, sql` and `);
}

/** Letters and digits survive patient_search_norm, so 3 of them make a term of migration 057. */
const letters = (v: string | undefined) => (v?.match(/[\p{L}\p{N}]/gu) ?? []).length;

/** One identity_search_term list, as conditions on the alias that walks it. */
type Term = (alias: string) => RawBuilder<unknown>;
const term = (kind: 'l' | 'f' | 'c', value: RawBuilder<unknown>): Term => (t) => sql`${sql.ref(`${t}.kind`)} = ${kind}::"char" and ${sql.ref(`${t}.term`)} = ${value}`;

/**
 * The identity_search_term lists (migration 057) of a name part: its first
 * three characters, and its last three when it is longer (a row holding the
 * part holds both).
 */
function nameTermsOf(query: IdentitySearchQuery): Term[] {
  const terms: Term[] = [];
  for (const [kind, value] of [['l', query.last_name__like], ['f', query.first_name__like]] as const) {
    const n = letters(value);
    if (n < 3) continue;
    terms.push(term(kind, sql`left(patient_search_norm(${value}), 3)`));
    if (n > 3) terms.push(term(kind, sql`right(patient_search_norm(${value}), 3)`));
  }
  return terms;
}

/** A caseworker's or provider's name part of 3 or more letters, which their trigram indexes can look up. */
const namesAPerson = (query: IdentitySearchQuery) => letters(query.wkr_name) >= 3 || letters(query.provider_name) >= 3;

/** Criteria matched in part (a name, an MRN, a worker or provider name): how many rows they match turns on the value. */
const patterned = (query: IdentitySearchQuery) =>
  !!(query.last_name__like || query.first_name__like || query.source_mrns__contains || query.wkr_name || query.provider_name);

/**
 * The matching rows of identity_search as `s` (patient_uid, last_name,
 * first_name, case_ids), for the page.
 *
 * With an exact criterion (an id, a birth date) the conditions run in a
 * subquery of their own (`offset 0` keeps it apart): the indexes find the
 * few rows and the sort follows.
 *
 * So does a caseworker's or provider's name part of 3 or more letters when
 * no name part is given: their trigram indexes find the rows.
 *
 * Otherwise, with a name part of 3 or more characters or a county, the
 * search walks those terms' lists in name order and merges them (migration
 * 057), checking each row found against every condition (a fenced lookup by
 * key, so the planner cannot trade the walk for a trigram scan that reads
 * and sorts every match): the page's 50 cost about 60 rows read, however
 * many children match.
 *
 * Criteria without terms (hospitals, an MRN) are left to the planner,
 * whose sampled estimate picks between walking the sort index to the
 * page's 50 and the trigram or array index: an MRN found
 * in 6% of children is twice as quick walked (EXPLAIN ANALYZE at 20,000
 * children: 12 ms fenced, 6 ms walked), and the walk reads no table row
 * (the index carries the MRNs, migration 063).
 *
 * `keepPlan`: the statement's best plan is the same whatever its values, so
 * each connection keeps one (planOnce), planning having cost more than
 * running. A walk's is (the lists, merged in order; EXPLAIN ANALYZE: 1.3 ms
 * planning, 0.9 ms running), and so is an exact search's with no part of a
 * name, MRN or worker beside it (bench: date of birth 0.29 ms of PostgreSQL
 * per call kept, 1.34 planned each time): a kept plan cannot tell a rare
 * part from a common one.
 */
function matching(query: IdentitySearchQuery, auth: AuthContext): { from: RawBuilder<unknown>; walk: boolean; keepPlan: boolean } {
  const exact = !!(query.sacwis_person_id || query.case_id || query.provider_id || query.birth_date);
  const names = exact ? [] : nameTermsOf(query);
  // A caseworker's or provider's name beside a county alone: their children are a few of the county's, so a
  // walk of the county's list read nearly all of it to fill a page (a worker and a provider with 5 children
  // among Mahoning's 7,298: 100-120 ms). Found by their trigram indexes instead (9-12 ms), then sorted, as an
  // exact search is.
  const byPerson = !exact && !names.length && namesAPerson(query);
  const terms = exact || byPerson ? [] : [...names, ...(query.agency_county ? [term('c', sql`${query.agency_county}`)] : [])];
  if (terms.length) {
    // Each further list joins the first on the whole sort key, which lets PostgreSQL merge them in order.
    const joins = terms.slice(1).map((of, i) => {
      const t = `t${i + 1}`;
      const col = (c: string) => sql.ref(`${t}.${c}`);
      return sql`join identity_search_term ${sql.table(t)} on ${col('division_uid')} = t0.division_uid and ${of(t)}
                  and ${col('last_name')} = t0.last_name and ${col('first_name')} = t0.first_name and ${col('patient_uid')} = t0.patient_uid`;
    });
    const from = sql`(select t0.patient_uid, t0.last_name, t0.first_name, h.case_ids, h.card
                  from identity_search_term t0 ${sql.join(joins, sql` `)}
                  cross join lateral (select h.case_ids, h.card from identity_search h where h.patient_uid = t0.patient_uid and ${whereOf(query, auth, 'h')} offset 0) h
                 where t0.division_uid = ${auth.divisionUid} and ${terms[0]('t0')}) s`;
    return { from, walk: true, keepPlan: true };
  }
  if (!exact && !byPerson) return { from: sql`identity_search s where ${whereOf(query, auth, 's')}`, walk: false, keepPlan: false };
  return {
    from: sql`(select h.patient_uid, h.last_name, h.first_name, h.case_ids from identity_search h where ${whereOf(query, auth, 'h')} offset 0) s`,
    walk: false,
    keepPlan: !patterned(query),
  };
}

/** A result with what the summary card shows (server/identity-search/identity-search.routes.ts shapes it). */
export interface IdentitySearchRow {
  patient_uid: string;
  first_name: string;
  last_name: string;
  middle_name: string | null;
  birth_date: string | null;
  gender: string | null;
  sacwis_person_id: string | null;
  restricted_flag: string;
  in_custody: boolean;
  agency_legal_status: string | null;
  extract_case: boolean;
  division_uid: string;
  division_name: string;
  avatar_file: string | null;
  case_ids: string[];
  /** The rebuild's card facts (migration 055), sent whole: one value per row to read and parse, not seven. */
  card: IdentityCard;
}

/**
 * One page of identity_search, sorted by last then first name: the page's
 * ids are chosen from identity_search alone (its sort index), then the card's
 * facts are read for those rows only: the patient's own from patient, the
 * sources' from the card the rebuild wrote (migration 055).
 */
export async function searchIdentity(db: Db, auth: AuthContext, query: IdentitySearchQuery): Promise<{ rows: IdentitySearchRow[]; total: number }> {
  const { from, walk, keepPlan } = matching(query, auth);
  const pageSize = query['page-size'];
  // The count has no order to follow: the planner's choice of index, without the page's subquery (which would
  // build every matching row: 3x slower for an MRN found in 6% of children).
  const count = sql<{ total: number }>`select count(*)::int as total from identity_search s where ${whereOf(query, auth, 's')}`.compile(db) as CompiledQuery<{ total: number }>;
  const countKey = `${count.sql}\u0000${JSON.stringify(count.parameters)}`;
  // PostgreSQL takes a kept plan only when it costs no more than planning afresh, which an unknown page size
  // prevents: the size (a whole number up to 50, checked) is written into the statement.
  // A walk has read each row's card already (its check of the conditions fetched the row); the other
  // paths may walk a covering index and read the cards of the page's rows only.
  const page = sql<IdentitySearchRow>`
      with page as (
        select s.patient_uid, s.last_name, s.first_name, s.case_ids${walk ? sql`, s.card` : sql``} from ${from}
         order by s.last_name, s.first_name, s.patient_uid limit ${sql.lit(pageSize)} offset ${(query.page - 1) * pageSize}
      )
      select p.patient_uid, p.first_name, p.last_name, p.middle_name, p.birth_date, p.gender_label as gender, p.sacwis_person_id,
             p.restricted_flag, p.in_custody, p.agency_legal_status, ${extractCase('p')} as extract_case, p.division_uid, d.division_name, p.avatar_file, page.case_ids, ${walk ? sql`page.card` : sql`c.card`}
        from page
        ${walk ? sql`` : sql`join identity_search c on c.patient_uid = page.patient_uid`}
        join patient p on p.patient_uid = page.patient_uid
        join division d on d.division_uid = p.division_uid
       order by page.last_name, page.first_name, page.patient_uid`;
  const [rows, total] = await Promise.all([
    (keepPlan ? planOnce(page) : page).execute(db),
    countCache.get(countKey, async () => (await db.executeQuery(count)).rows[0]?.total ?? 0),
  ]);
  return { rows: rows.rows, total };
}

/** The hospitals of the division's extract (spec 002: list-view-cs-tbl-identity-source, sorted by sourceDescription). */
export async function identitySources(db: Db, divisionUid: string): Promise<string[]> {
  const rows = await sql<{ source_name: string }>`
    select distinct source_name from tbl_identity_source where division_uid = ${divisionUid} order by source_name`.execute(db);
  return rows.rows.map((r) => r.source_name);
}

/** The PCSAs of the division's extract, one per county (spec 002: tbl-source-agency, sorted by agencyCounty). */
export async function sourceAgencies(db: Db, divisionUid: string): Promise<{ agency_county: string; agency_name: string }[]> {
  const rows = await sql<{ agency_county: string; agency_name: string }>`
    select distinct on (county) county as agency_county, agency_name from tbl_source_case
     where division_uid = ${divisionUid} order by county, agency_name`.execute(db);
  return rows.rows;
}

/** One PCSA of the division's extract by its id (its county, as tbl-source-agency answers it), or undefined. */
export async function sourceAgency(db: Db, divisionUid: string, agencyId: string): Promise<{ agency_county: string; agency_name: string } | undefined> {
  const rows = await sql<{ agency_county: string; agency_name: string }>`
    select county as agency_county, agency_name from tbl_source_case
     where division_uid = ${divisionUid} and county = ${agencyId} order by agency_name limit 1`.execute(db);
  return rows.rows[0];
}

/** Each source's latest run in the division (spec 000 "Data source status"). */
export async function sourceStatuses(db: Db, divisionUid: string) {
  const rows = await sql<{ source_name: string; last_refresh_date: Date | null; status: string; details: string | null }>`
    select distinct on (source_name) source_name, coalesce(finished_at, started_at) as last_refresh_date, status, details
      from tbl_identity_source_status where division_uid = ${divisionUid}
     order by source_name, started_at desc`.execute(db);
  return rows.rows;
}

/**
 * The caller's most recently opened patients in the current division, newest
 * first (spec 001 section 9: 4, by updated date): from their ViewedPatient
 * audit entries, only patients they may still see, in the shape of a search
 * result (the preview opens on them).
 */
export async function recentPatients(db: Db, auth: AuthContext, limit: number): Promise<PatientSearchRow[]> {
  const rows = await sql<PatientSearchRow>`
    with recent as (
      select a.patient_uid, max(a.created_at) as viewed_at from audit_entry a
       where a.user_uid = ${auth.userUid} and a.division_uid = ${auth.divisionUid} and a.action = 'ViewedPatient'
       group by a.patient_uid
    )
    select p.patient_uid, p.first_name, p.middle_name, p.last_name, p.birth_date, p.gender_label, p.sacwis_person_id,
           p.restricted_flag, p.in_custody, p.agency_legal_status, ${extractCase('p')} as extract_case, p.division_uid, d.division_name, true as visible,
           p.adoption_case as has_adoption_case,
           coalesce((select json_agg(json_build_object('case_id', pc.case_id, 'case_category', pc.case_category, 'wkr_email', pc.wkr_email,
                                                       'chf_email', pc.chf_email, 'sup_email', pc.sup_email) order by pc.case_id)
                       from patient_case pc where pc.patient_uid = p.patient_uid), '[]'::json) as source_cases
      from recent r
      join patient p on p.patient_uid = r.patient_uid
      join division d on d.division_uid = p.division_uid
     where p.division_uid = ${auth.divisionUid} and ${patientVisibility('p', auth)}
     order by r.viewed_at desc, p.patient_uid
     limit ${limit}`.execute(db);
  return rows.rows;
}
