import type { ContactPoint, Patient } from '@medplum/fhirtypes';
import { sql, type RawBuilder } from 'kysely';
import { isUuid } from '../../shared/uuid';
import { patientScope } from '../dataviews/scopes';
import { pageBound, PAGES_PLANNED_ONCE, planOnce, type Db } from '../db/connect';
import type { FhirCaller } from './fhir-access';
import type { FhirResourceType } from './resource-type';
import { firstOfPatient, MAX_WORDS, prefixWords, WORD_ORDER, wordStarts } from '../patient-search/search-words';
import { allOf, dateCondition, NOTHING, tokenParts, type ParamType, type ParsedSearch } from './search-params';

/** Issue 35 section 1: the Patient searches the CapabilityStatement lists. */
export const PATIENT_SEARCH = {
  _id: 'token',
  identifier: 'token',
  name: 'string',
  family: 'string',
  given: 'string',
  birthdate: 'date',
  _lastUpdated: 'date',
} as const satisfies Record<string, ParamType>;

const FHIR_GENDERS = new Set(['male', 'female', 'other', 'unknown']);

/**
 * A name parameter matches a word of the name that starts with the value,
 * ignoring case and accents (R4 string search). The words are the patient's
 * search words less the SACWIS id: a value with a digit matches no name, so
 * the child-welfare id cannot be found or guessed through FHIR (and one
 * without a letter, which would match every name, matches none).
 */
const nameStarts = (column: RawBuilder<unknown>, value: string) =>
  /\d/.test(value) || !/\p{L}/u.test(value) ? NOTHING : sql`(' ' || patient_search_norm(${column})) like '% ' || patient_search_norm(${value}) || '%'`;

/**
 * The same match for a value of letters only, found in the search words'
 * index (migration 006: each word of the names a range of it): the matching
 * patients' ids as an array. `name` is that match exactly (a letter never
 * starts a word of the SACWIS id); `family` and `given` check the part of the
 * name on the candidates.
 */
const LETTERS = /^\p{L}+$/u;

/** The ids of the caller's patients with a word of their names starting with `value` (letters only), from the words' index. */
const wordCandidates = (caller: FhirCaller, value: string) => sql`select w.patient_uid from patient_search_word w
     where w.division_uid = any(${caller.client.divisionUids}::uuid[]) and ${wordStarts(value)}`;

function nameWordStarts(caller: FhirCaller, part: 'name' | 'family' | 'given', column: RawBuilder<unknown>, value: string): RawBuilder<unknown> {
  const exact = nameStarts(column, value);
  if (!LETTERS.test(value)) return exact;
  const words = sql`p.patient_uid = any(array(${wordCandidates(caller, value)}))`;
  return part === 'name' ? words : sql`(${words} and ${exact})`;
}

/**
 * The first `name=` of one letters-only value leads the query, as the quick
 * search's one word does (server/patient-search/search-words.ts): its
 * matches come in the names' order from the words' index, each word's first
 * page joined to its patients by key, so a page reads its own rows and stops.
 * In the patients' id order every match was read and sorted for a page of
 * 21: 6.98 ms of CPU per call at 100,000 patients, 26.79 ms at 1,000,000.
 * Its other `name=` stay conditions.
 */
function leadingName(search: ParsedSearch): string | undefined {
  const first = search.params.get('name')?.[0];
  return first?.length === 1 && LETTERS.test(first[0]) ? first[0] : undefined;
}

function conditions(caller: FhirCaller, search: ParsedSearch, led: boolean): RawBuilder<unknown>[] {
  const p = search.params;
  return [
    ...allOf(p.get('_id'), (v) => (isUuid(v) ? sql`p.patient_uid = ${v}::uuid` : NOTHING)),
    ...allOf(p.get('identifier'), (v) => {
      const { system, code } = tokenParts(v);
      if (!code) return system ? sql`exists (select 1 from patient_identifier i where i.patient_uid = p.patient_uid and i.system = ${system})` : NOTHING;
      return sql`exists (select 1 from patient_identifier i where i.patient_uid = p.patient_uid and i.value = ${code}${system ? sql` and i.system = ${system}` : sql``})`;
    }),
    ...allOf(led ? p.get('name')!.slice(1) : p.get('name'), (v) => nameWordStarts(caller, 'name', sql`concat_ws(' ', p.first_name, p.middle_name, p.last_name)`, v)),
    ...allOf(p.get('family'), (v) => nameWordStarts(caller, 'family', sql`p.last_name`, v)),
    ...allOf(p.get('given'), (v) => nameWordStarts(caller, 'given', sql`concat_ws(' ', p.first_name, p.middle_name)`, v)),
    ...allOf(p.get('birthdate'), (v) => dateCondition('birthdate', sql`p.birth_date`, v, 'date')),
    ...allOf(p.get('_lastUpdated'), (v) => dateCondition('_lastUpdated', sql`p.updated_at`, v, 'timestamptz')),
  ];
}

interface Row {
  patient_uid: string;
  division_uid: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  birth_date: string | null;
  gender: string | null;
  mobile_phone: string | null;
  home_phone: string | null;
  work_phone: string | null;
  preferred_phone: string | null;
  updated_at: Date;
}

/**
 * The page of patients a search matches, of those the caller may see: the
 * same scope as every read (its divisions; never a restricted or adoption
 * case). One more row than the page is read, to know whether a next page exists.
 */
async function searchPatients(db: Db, caller: FhirCaller, search: ParsedSearch): Promise<{ rows: Row[]; hasMore: boolean }> {
  const lead = leadingName(search);
  const where = sql.join([patientScope('p')(caller.viewer), ...conditions(caller, search, lead !== undefined)], sql` and `);
  const columns = sql`p.patient_uid, p.division_uid, p.first_name, p.middle_name, p.last_name, p.birth_date::text as birth_date, g.name as gender,
           p.mobile_phone, p.home_phone, p.work_phone, p.preferred_phone, p.updated_at`;
  // The word index's order (WORD_ORDER), named apart from the patient's own columns for the union's order.
  const sortKeys = sql`w.last_name as sort_last, w.first_name as sort_first, w.birth_date as sort_birth`;
  if (lead === undefined) {
    const { rows } = await sql<Row>`select ${columns} from patient p left join reference_data g on g.uid = p.gender_uid where ${where}
       order by p.patient_uid limit ${search.count + 1} offset ${search.offset}`.execute(db);
    return { rows: rows.slice(0, search.count), hasMore: rows.length > search.count };
  }
  // As the quick search's: planning this statement cost more than running it (1.8 ms against 0.6 ms), and its plan is the same for every word.
  const plannedOnce = search.offset < PAGES_PLANNED_ONCE * search.count;
  const bound = (n: number) => pageBound(plannedOnce, n);
  const byWords = sql<Row>`
      with recursive ${prefixWords(sql`select unnest(${caller.client.divisionUids}::uuid[]) as division_uid`, lead)}
      select r.* from (
        select m.* from found k cross join lateral (
          select ${columns}, ${sortKeys}
            from patient_search_word w join patient p on p.patient_uid = w.patient_uid left join reference_data g on g.uid = p.gender_uid
           where w.division_uid = k.division_uid and w.word = k.word and ${firstOfPatient(lead)} and ${where}
           order by ${WORD_ORDER} limit ${bound(search.offset + search.count + 1)}) m
         where (select count(*) from found) <= ${MAX_WORDS}
        union all
        select ${columns}, ${sortKeys}
          from patient_search_word w join patient p on p.patient_uid = w.patient_uid left join reference_data g on g.uid = p.gender_uid
         where w.division_uid = any(${caller.client.divisionUids}::uuid[]) and ${wordStarts(lead)} and ${firstOfPatient(lead)} and ${where}
           and (select count(*) from found) > ${MAX_WORDS}
      ) r order by r.sort_last, r.sort_first, r.sort_birth, r.patient_uid limit ${bound(search.count + 1)} offset ${bound(search.offset)}`;
  const { rows } = await (plannedOnce ? planOnce(byWords) : byWords).execute(db);
  return { rows: rows.slice(0, search.count), hasMore: rows.length > search.count };
}

/** The outside-system numbers (an EHR's MRN) of these patients; the SACWIS id is never one of them. */
async function identifiersOf(db: Db, patientUids: readonly string[]): Promise<Map<string, { system: string; value: string }[]>> {
  const found = new Map<string, { system: string; value: string }[]>();
  if (!patientUids.length) return found;
  const rows = await db.selectFrom('patient_identifier').select(['patient_uid', 'system', 'value']).where('patient_uid', 'in', patientUids).orderBy('system').execute();
  for (const r of rows) found.set(r.patient_uid, [...(found.get(r.patient_uid) ?? []), { system: r.system, value: r.value }]);
  return found;
}

const PHONES = [
  ['mobile', 'mobile_phone'],
  ['home', 'home_phone'],
  ['work', 'work_phone'],
] as const;

/**
 * A patient as FHIR R4 Patient: names, birth date, administrative gender,
 * phones (the preferred one ranked first) and outside-system identifiers.
 * Nothing of identity mode (custody, legal status, SACWIS id, cases) and no
 * notes: an outside system gets what a referral partner would.
 */
function toFhirPatient(row: Row, identifiers: readonly { system: string; value: string }[]): Patient {
  const telecom: ContactPoint[] = PHONES.filter(([, column]) => row[column]?.trim()).map(([use, column]) => ({
    system: 'phone',
    value: row[column]!.trim(),
    use,
    ...(row.preferred_phone === use && { rank: 1 }),
  }));
  const given = [row.first_name, row.middle_name].filter((n): n is string => !!n?.trim()).map((n) => n.trim());
  return {
    resourceType: 'Patient',
    id: row.patient_uid,
    meta: { lastUpdated: row.updated_at.toISOString() },
    ...(identifiers.length && { identifier: identifiers.map((i) => ({ system: i.system, value: i.value })) }),
    active: true,
    name: [{ use: 'official', family: row.last_name.trim(), ...(given.length && { given }) }],
    ...(telecom.length && { telecom }),
    ...(row.gender && { gender: (FHIR_GENDERS.has(row.gender) ? row.gender : 'unknown') as Patient['gender'] }),
    ...(row.birth_date && { birthDate: row.birth_date }),
  };
}

export const patientResource: FhirResourceType = {
  type: 'Patient',
  search: PATIENT_SEARCH,
  async find(db, caller, search) {
    const { rows, hasMore } = await searchPatients(db, caller, search);
    const identifiers = await identifiersOf(db, rows.map((r) => r.patient_uid));
    return {
      resources: rows.map((r) => toFhirPatient(r, identifiers.get(r.patient_uid) ?? [])),
      patients: rows.map((r) => ({ patientUid: r.patient_uid, divisionUid: r.division_uid })),
      hasMore,
    };
  },
};
