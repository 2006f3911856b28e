import { boolean, define, defaulted, object, optional, refine, string, type Infer } from 'superstruct';
import { DEFAULT_PAGE_SIZE } from '../constants';
import type { Custody } from '../custody';
import { fromText } from './strings';

// The quick search's texts live apart so the top bar's first load carries no superstruct (issue 15).
export { MIN_CHARS_MESSAGE, NO_RESULTS_MESSAGE } from '../patient-search-texts';

/**
 * Finding patients (spec 000 "Quick search", spec 002 "Patient search
 * criteria"): the query of `GET /api/summary-patients` and
 * `GET /api/data/public/identity-quick-search`, the advanced search form, and
 * the patient summary both return.
 */

/** The default table page size (spec 000 section 9). */
export const PATIENT_SEARCH_DEFAULT_PAGE_SIZE = DEFAULT_PAGE_SIZE;
export const PATIENT_SEARCH_MAX_PAGE_SIZE = 50;
export const PATIENT_SEARCH_MAX_TEXT = 200;
export const PATIENT_SEARCH_MAX_WORDS = 10;
/** Sort keys as the spec's client sends them (`sort=lastName`, `-birthDate`). */
export const PATIENT_SEARCH_SORTS = ['lastName', 'firstName', 'birthDate', 'sacwisPersonId'] as const;
export type PatientSearchSort = (typeof PATIENT_SEARCH_SORTS)[number];
export const PATIENT_SEARCH_DEFAULT_SORT = 'lastName,firstName,birthDate';

export const DATE_MESSAGE = 'Must be a valid date in the format MM/DD/YYYY';

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// PostgreSQL refuses NUL in text; no other control character belongs in a search either.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** 'MM/DD/YYYY' (also M/D/YYYY) or 'YYYY-MM-DD' → 'YYYY-MM-DD' when it is a real date from 1900 to 2099, else null. */
export function parseSearchDate(text: string): string | null {
  const us = US_DATE.exec(text);
  const iso = ISO_DATE.exec(text);
  const [y, m, d] = us ? [us[3], us[1], us[2]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!y) return null;
  const [year, month, day] = [Number(y), Number(m), Number(d)];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || year > 2099 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const text = (max: number) =>
  refine(string(), 'searchText', (v) => {
    if (v.length > max) return `Must be at most ${max} characters`;
    if (CONTROL.test(v)) return 'Must not contain control characters';
    return true;
  });

/** A date as typed (MM/DD/YYYY or YYYY-MM-DD), as YYYY-MM-DD. */
export const searchDate = () =>
  fromText(
    define<string>('searchDate', (v) => (typeof v === 'string' && parseSearchDate(v) === v) || DATE_MESSAGE),
    (v) => parseSearchDate(v.trim()) ?? v,
  );

/** A page number or size as a query parameter. */
export const whole = (name: string, min: number, max: number) =>
  fromText(
    define<number>(name, (v) => (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max) || `Must be a whole number from ${min} to ${max}`),
    (v) => (/^\d{1,7}$/.test(v) ? Number(v) : v),
  );

const flag = () =>
  fromText(
    define<boolean>('flag', (v) => typeof v === 'boolean' || 'Must be true or false'),
    (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  );

const sortList = () =>
  refine(string(), 'sort', (v) => {
    for (const part of v.split(',')) {
      const key = part.trim().replace(/^-/, '');
      if (!(PATIENT_SEARCH_SORTS as readonly string[]).includes(key)) return `Sort by one of ${PATIENT_SEARCH_SORTS.join(', ')} (prefix '-' for descending)`;
    }
    return true;
  });

/**
 * Query of both search calls after camelCasing (`page-size` → pageSize,
 * `current_division_only` → currentDivisionOnly). q holds name parts in any
 * order, birth dates and identifiers; birthDate and sacwisPersonId are exact criteria.
 */
export const PatientSearchQuerySchema = object({
  q: defaulted(text(PATIENT_SEARCH_MAX_TEXT), ''),
  birthDate: optional(searchDate()),
  sacwisPersonId: optional(text(50)),
  sort: defaulted(sortList(), PATIENT_SEARCH_DEFAULT_SORT),
  currentDivisionOnly: defaulted(flag(), true),
  page: defaulted(whole('page', 1, 1_000_000), 1),
  pageSize: defaulted(whole('pageSize', 1, PATIENT_SEARCH_MAX_PAGE_SIZE), PATIENT_SEARCH_DEFAULT_PAGE_SIZE),
});
export type PatientSearchQuery = Infer<typeof PatientSearchQuerySchema>;

/** The advanced search form's fields; the form itself asks for at least one criterion (ANY_CRITERION_MESSAGE). */
export const AdvancedSearchFormSchema = object({
  name: optional(text(PATIENT_SEARCH_MAX_TEXT)),
  birthDate: optional(refine(string(), 'birthDate', (v) => v.trim() === '' || parseSearchDate(v.trim()) !== null || DATE_MESSAGE)),
  identifier: optional(text(50)),
  currentDivisionOnly: optional(boolean()),
});
export const ANY_CRITERION_MESSAGE = 'Enter a name, a date of birth or a SACWIS Person ID.';
export type AdvancedSearchForm = Infer<typeof AdvancedSearchFormSchema>;

/** One case of the patient, as far as the preview needs it (spec 000 section 3 "sourceCases"). */
export interface SourceCase {
  caseId: string | null;
  caseCategory: string | null;
  wkrEmail: string | null;
  chfEmail: string | null;
  supEmail: string | null;
}

/**
 * A search result after the API client's camelCasing. `access: 'restricted'`
 * is a stub: the caller may not see this patient's record, so only the name,
 * birth date and which alert applies are sent, never the rest.
 */
export interface PatientSummaryStub {
  patientUid: string;
  firstName: string;
  lastName: string;
  birthDate: string | null;
  restrictedFlag: string;
  access: 'restricted';
  /** "Restricted": an adoption case, and the caller has neither the healthcare role nor adopt-view. */
  adoptionRestricted: boolean;
  /** restrictedFlag is '1' and the caller lacks the restricted permission. */
  restrictedCaseWarning: boolean;
}

export interface PatientSummaryFull extends Omit<PatientSummaryStub, 'access'> {
  access: 'full';
  middleName: string | null;
  genderLabel: string | null;
  sacwisPersonId: string | null;
  agencyLegalStatus: string | null;
  /**
   * The server's reading of the custody facts (shared/custody.ts). The stored
   * `inCustody` is sent too but left out here: on its own it says "in custody"
   * of every patient, so nothing in the browser may decide from it.
   */
  custody: Custody;
  divisionUid: string;
  divisionName: string;
  sourceCases: SourceCase[];
}

export type PatientSummary = PatientSummaryStub | PatientSummaryFull;
