import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import type { PatientSearchSort } from '../../shared/schemas/patient-search';
import type { AuthContext } from '../auth/context';
import { pageBound, PAGES_PLANNED_ONCE, planOnce, type Db } from '../db/connect';
import { countCache } from '../dataviews/count-cache';
import { patientVisibility, withGlass } from '../dataviews/scopes';
import type { PatientSearch, SearchTerm } from './search-query';
import { firstOfPatient, MAX_WORDS, prefixWords, WORD_ORDER, wordStarts } from './search-words';

/** A matching patient with everything the access rules and the summary need. */
export interface PatientSearchRow {
  patient_uid: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  birth_date: string | null;
  gender_label: string | null;
  sacwis_person_id: string | null;
  restricted_flag: string;
  in_custody: boolean;
  agency_legal_status: string | null;
  /** One of the patient's cases came from the identity extract: with the SACWIS id and legal status, what `custodyOf` reads. */
  extract_case: boolean;
  division_uid: string;
  division_name: string;
  /** The caller may see the whole record (the same rule as every patient list and the audit). */
  visible: boolean;
  has_adoption_case: boolean;
  source_cases: { case_id: string | null; case_category: string | null; wkr_email: string | null; chf_email: string | null; sup_email: string | null }[];
}

/**
 * The `extract_case` fact of `alias`'s patient. Every query that feeds
 * `custodyOf` (the searches, the recent patients, the identity search's
 * cards) selects it this way, so they all read custody alike.
 */
export const extractCase = (alias: string): RawBuilder<boolean> =>
  sql<boolean>`exists (select 1 from patient_case pc where pc.patient_uid = ${sql.ref(`${alias}.patient_uid`)} and pc.from_extract)`;

const SORT_COLUMNS: Record<PatientSearchSort, string> = {
  lastName: 'last_name',
  firstName: 'first_name',
  birthDate: 'birth_date',
  sacwisPersonId: 'sacwis_person_id',
};

/**
 * Words match the start of a name part ('% garc%': search_text begins with a
 * space), digits anywhere in it (identifiers are typed in part too). The
 * pattern folds to a constant at planning, so the trigram index serves it.
 */
function termCondition(term: SearchTerm): RawBuilder<unknown> {
  switch (term.kind) {
    case 'date':
      return sql`p.birth_date = ${term.date}::date`;
    case 'digits':
      return sql`p.search_text like ${`%${term.text}%`}`;
    case 'word':
      return sql`p.search_text like '% ' || patient_search_norm(${term.text}) || '%'`;
  }
}

const userDivisions = (auth: AuthContext) => sql`select ud.division_uid from user_division ud where ud.user_uid = ${auth.userUid}`;

function divisionCondition(search: PatientSearch, auth: AuthContext, alias: string): RawBuilder<unknown> {
  const column = sql.ref(`${alias}.division_uid`);
  return search.currentDivisionOnly ? sql`${column} = ${auth.divisionUid}` : sql`${column} in (${userDivisions(auth)})`;
}

/**
 * A search by an identifier (the SACWIS person id, or digits of one in q)
 * finds only patients the caller may open, as the identity search does: a
 * stub found by an id would confirm that a hidden child exists. By name and
 * birth date a hidden patient is still found as a stub, so the preview can
 * say why it stays closed (spec 000 "Access alerts").
 */
const byIdentifier = (search: PatientSearch) => !!search.sacwisPersonId || search.terms.some((t) => t.kind === 'digits');

function whereOf(search: PatientSearch, auth: AuthContext): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [divisionCondition(search, auth, 'p')];
  if (byIdentifier(search)) parts.push(patientVisibility('p', auth));
  if (search.emptyTerms) parts.push(sql`false`);
  for (const term of search.terms) parts.push(termCondition(term));
  if (search.birthDate) parts.push(sql`p.birth_date = ${search.birthDate}::date`);
  if (search.sacwisPersonId) parts.push(sql`p.sacwis_person_id = ${search.sacwisPersonId.trim()}`);
  return sql.join(parts, sql` and `);
}

/** The names' order: ties of every sort are broken by the name keys it leaves out, then the id. */
const NAME_ORDER: PatientSearchSort[] = ['lastName', 'firstName', 'birthDate'];

function sortKeys(search: PatientSearch): { column: string; desc: boolean }[] {
  const tieBreaks = NAME_ORDER.filter((key) => !search.sort.some((s) => s.key === key)).map((key) => ({ key, desc: false }));
  return [...search.sort, ...tieBreaks].map((s) => ({ column: SORT_COLUMNS[s.key], desc: s.desc })).concat({ column: 'patient_uid', desc: false });
}

function orderOf(search: PatientSearch, alias: string): RawBuilder<unknown> {
  return sql.join(sortKeys(search).map((k) => sql`${sql.ref(`${alias}.${k.column}`)} ${k.desc ? sql`desc nulls last` : sql`asc nulls last`}`));
}

/** Sorted in the names' order, as the word index keeps each word's patients (migration 062). */
const inNameOrder = (search: PatientSearch) => search.sort.every((s, i) => s.key === NAME_ORDER[i] && !s.desc);

/**
 * One word of letters only and no other criterion, the quick search while
 * typing: answered from patient_search_word's index alone. Anything else
 * (several words, dates, digits, punctuation inside a word) from the patient
 * rows through the trigram index.
 */
function oneWord(search: PatientSearch): string | null {
  const [term, ...rest] = search.terms;
  if (rest.length || !term || term.kind !== 'word' || search.birthDate || search.sacwisPersonId) return null;
  return /^\p{L}+$/u.test(term.text) ? term.text : null;
}

/**
 * The matching patients' ids with their sort keys (`m`), and how to count them
 * all. The division rule limits the matches; the restricted-case rules do not:
 * a patient the caller may not see is still found, so the preview can say why
 * it stays closed, and the route sends only a stub for it.
 */
function matches(search: PatientSearch, auth: AuthContext): { rows: RawBuilder<unknown>; count: RawBuilder<unknown>; planOnce?: boolean } {
  const word = oneWord(search);
  if (word === null) {
    const where = whereOf(search, auth);
    return {
      rows: sql`select p.patient_uid, p.last_name, p.first_name, p.birth_date, p.sacwis_person_id from patient p where ${where}`,
      count: sql`select count(*)::int as total from patient p where ${where}`,
    };
  }
  const where = sql`${divisionCondition(search, auth, 'w')} and ${wordStarts(word)} and ${firstOfPatient(word)}`;
  const columns = sql`w.patient_uid, w.last_name, w.first_name, w.birth_date, w.sacwis_person_id`;
  const all = sql`select ${columns} from patient_search_word w where ${where}`;
  const count = sql`select count(*)::int as total from patient_search_word w where ${where}`;
  if (!inNameOrder(search)) return { rows: all, count };
  // The distinct words the prefix matches, one index probe each, then each word's first patients in the page's
  // order from the index: a page of 'garc' reads about 25 of its 35,000 words (1,000,000 patients).
  const divisions = search.currentDivisionOnly ? sql`select ${auth.divisionUid}::uuid as division_uid` : userDivisions(auth);
  return {
    rows: sql`
      with recursive ${prefixWords(divisions, word)}
      select m.* from found k cross join lateral (
        select ${columns} from patient_search_word w where w.division_uid = k.division_uid and w.word = k.word and ${firstOfPatient(word)}
         order by ${WORD_ORDER} limit ${search.page * search.pageSize}) m
       where (select count(*) from found) <= ${MAX_WORDS}
      union all
      ${all} and (select count(*) from found) > ${MAX_WORDS}`,
    count,
    // Planning this statement cost more than running it (2 ms against 0.3 ms), and its plan is the same for every word.
    planOnce: true,
  };
}

export async function searchPatients(db: Db, auth: AuthContext, search: PatientSearch): Promise<{ rows: PatientSearchRow[]; total: number }> {
  const { rows: matching, count: countSql, planOnce: samePlan } = matches(search, auth);
  const offset = (search.page - 1) * search.pageSize;
  const plannedOnce = !!samePlan && search.page <= PAGES_PLANNED_ONCE;
  const count = countSql.compile(db) as CompiledQuery<{ total: number }>;
  // The compiled text and parameters hold the caller's divisions and every criterion: a complete key.
  const countKey = `${count.sql}\u0000${JSON.stringify(count.parameters)}`;
  // The page is chosen first; the record, cases, labels and the access rule are then read for its rows only.
  const page = sql<PatientSearchRow>`
      with page as (select m.* from (${matching}) m order by ${orderOf(search, 'm')} limit ${pageBound(plannedOnce, search.pageSize)} offset ${pageBound(plannedOnce, offset)})
      select p.patient_uid, p.first_name, p.middle_name, p.last_name, p.birth_date, p.gender_label, p.sacwis_person_id,
             p.restricted_flag, p.in_custody, p.agency_legal_status, ${extractCase('p')} as extract_case, p.division_uid, d.division_name,
             ${withGlass('p', auth, patientVisibility('p', auth))} as visible,
             p.adoption_case as has_adoption_case,
             coalesce((select json_agg(json_build_object('case_id', pc.case_id, 'case_category', pc.case_category, 'wkr_email', pc.wkr_email,
                                                         'chf_email', pc.chf_email, 'sup_email', pc.sup_email) order by pc.case_id)
                         from patient_case pc where pc.patient_uid = p.patient_uid), '[]'::json) as source_cases
        from page
        join patient p on p.patient_uid = page.patient_uid
        join division d on d.division_uid = p.division_uid
       order by ${orderOf(search, 'page')}`;
  const [rows, total] = await Promise.all([
    (plannedOnce ? planOnce(page) : page).execute(db),
    countCache.get(countKey, async () => (await db.executeQuery(count)).rows[0]?.total ?? 0),
  ]);
  return { rows: rows.rows, total };
}
