import { camelKeys, snakeCase } from '../../shared/casing';
import { QUICK_SEARCH_MIN_CHARS } from '../../shared/constants';
import { check } from '../../shared/schemas/validate';
import {
  MIN_CHARS_MESSAGE,
  PATIENT_SEARCH_MAX_WORDS,
  PatientSearchQuerySchema,
  parseSearchDate,
  type PatientSearchQuery,
  type PatientSearchSort,
} from '../../shared/schemas/patient-search';
import { HttpError, badRequest } from '../errors';

/** One word of q: a birth date, digits (part of an identifier) or the start of a name part. */
export type SearchTerm = { kind: 'date'; date: string } | { kind: 'digits'; text: string } | { kind: 'word'; text: string };

export interface PatientSearch extends Omit<PatientSearchQuery, 'sort'> {
  terms: SearchTerm[];
  /** q was given but held nothing searchable (only punctuation): nothing matches. */
  emptyTerms: boolean;
  sort: { key: PatientSearchSort; desc: boolean }[];
}

const SUMMARY_PARAMS = ['q', 'birth_date', 'sacwis_person_id', 'sort', 'current_division_only', 'currentDivisionOnly', 'page', 'page-size'];
const QUICK_PARAMS = ['q', 'page', 'page-size'];
const wireName = (field: string) => (field === 'pageSize' ? 'page-size' : snakeCase(field));

/**
 * Splits q on white space and commas ("García, Amara"). A word with no letter
 * or digit (a lone "%" or quote) cannot match anything and is dropped. The
 * words' own normalisation (accents, case, punctuation) happens in SQL with
 * the same function that built patient.search_text, so both sides agree.
 */
export function searchTerms(q: string): SearchTerm[] {
  return q
    .split(/[\s,]+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .map((w): SearchTerm => {
      const date = parseSearchDate(w);
      if (date) return { kind: 'date', date };
      return /^\d+$/.test(w) ? { kind: 'digits', text: w } : { kind: 'word', text: w };
    });
}

function parse(raw: Record<string, unknown>, allowed: string[]): PatientSearch {
  for (const key of Object.keys(raw)) if (!allowed.includes(key)) throw badRequest(`Unknown parameter '${key.slice(0, 40)}'`, key.slice(0, 40));
  // Fastify's query object has no prototype; camelKeys converts plain objects only.
  const result = check(PatientSearchQuerySchema, camelKeys({ ...raw }));
  if (result.errors) throw new HttpError(400, result.errors.map((e) => ({ field: e.field && wireName(e.field), message: e.message })));
  const query = result.value;
  const q = query.q.trim();
  const terms = searchTerms(q);
  if (terms.length > PATIENT_SEARCH_MAX_WORDS) throw badRequest(`Search at most ${PATIENT_SEARCH_MAX_WORDS} words at a time`, 'q');
  const sort = query.sort.split(',').map((s) => s.trim()).map((s) => ({ key: s.replace(/^-/, '') as PatientSearchSort, desc: s.startsWith('-') }));
  return { ...query, q, terms, emptyTerms: q !== '' && terms.length === 0, sort };
}

/** `GET /api/summary-patients`: every criterion optional; without any, the list of patients in scope. */
export const parseSummaryQuery = (raw: Record<string, unknown>) => parse(raw, SUMMARY_PARAMS);

/** `GET /api/data/public/identity-quick-search`: q of at least two characters, the current division only. */
export function parseQuickQuery(raw: Record<string, unknown>): PatientSearch {
  const search = parse(raw, QUICK_PARAMS);
  if (search.q.length < QUICK_SEARCH_MIN_CHARS) throw badRequest(MIN_CHARS_MESSAGE, 'q');
  return { ...search, currentDivisionOnly: true };
}
