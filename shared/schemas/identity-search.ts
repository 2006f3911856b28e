import { array, defaulted, define, object, optional, refine, string, type Infer } from 'superstruct';
import type { Custody } from '../custody';
import { withFieldRules } from './field-rules';
import { parseSearchDate, whole } from './patient-search';
import { fromText } from './strings';

/**
 * Finding a child in identity mode (spec 002 "Identity patient search form",
 * "Patient summary card", "Match status"; spec 000 section 3): the query of
 * `GET /api/data/public/identity_search` as it travels (snake_case, arrays as
 * repeated parameters), the form's values, and a result card after the API
 * client's camelCasing.
 */

/** Spec 001 section 9: search results page size 50. */
export const IDENTITY_SEARCH_PAGE_SIZE = 50;
/** Spec 002 "Patient search and summary": sort by lastName,firstName. */
export const IDENTITY_SEARCH_SORT = 'lastName,firstName';
export const IDENTITY_SEARCH_MAX_TEXT = 100;
/** More hospitals than any extract holds. */
export const IDENTITY_SEARCH_MAX_SOURCES = 50;
/** Spec 001 section 9: the 4 most recent patients. */
export const RECENT_PATIENTS = 4;

/** Spec 002 "Patient search form": a date of birth MM/DD/YYYY (years 1900 to 2099), or a 2 to 4 digit age or birth year. */
export const BIRTH_CRITERION_MESSAGE = 'Must be an age or birth year or a valid date in the format MM/DD/YYYY';
/** An age (2 or 3 digits) or a birth year (4 digits). */
export const AGE_OR_YEAR = /^\d{2,4}$/;
export function birthDateError(value: string): string | null {
  const v = value.trim();
  return v === '' || AGE_OR_YEAR.test(v) || (/^\d{2}\/\d{2}\/\d{4}$/.test(v) && parseSearchDate(v) !== null) ? null : BIRTH_CRITERION_MESSAGE;
}
/** The query's birth criterion: a date as YYYY-MM-DD, or an age or birth year as typed. */
const birthCriterion = () =>
  fromText(
    define<string>('birthCriterion', (v) => (typeof v === 'string' && (AGE_OR_YEAR.test(v) || parseSearchDate(v) === v)) || BIRTH_CRITERION_MESSAGE),
    (v) => (AGE_OR_YEAR.test(v.trim()) ? v.trim() : (parseSearchDate(v.trim()) ?? v)),
  );

/** Spec 002 "Patient search form": the criteria that need another beside them ("Hospitals is required" beside an MRN). */
const given = (v: unknown) => (Array.isArray(v) ? v.some((x) => typeof x === 'string' && x.trim() !== '') : typeof v === 'string' && v.trim() !== '');
/** The pairs as field → message, for the form's names or the query's. */
const pairRules =
  (names: { mrn: string; hospitals: string; worker: string; county: string }) =>
  (v: Record<string, unknown>): Map<string, string> => {
    const out = new Map<string, string>();
    if (given(v[names.mrn]) && !given(v[names.hospitals])) out.set(names.hospitals, 'Required');
    if (given(v[names.worker]) && !given(v[names.county])) out.set(names.county, 'Required');
    return out;
  };

const CONTROL = /[\u0000-\u001f\u007f]/;
const text = () =>
  refine(string(), 'searchText', (v) => {
    if (v.length > IDENTITY_SEARCH_MAX_TEXT) return `Must be at most ${IDENTITY_SEARCH_MAX_TEXT} characters`;
    if (CONTROL.test(v)) return 'Must not contain control characters';
    return true;
  });
/** Trimmed; an empty value is left out (undefined). */
const criterion = () => optional(fromText(text(), (v) => v.trim()));

/**
 * The query of identity_search (spec 002 "Patient search criteria"), keys as
 * on the wire. A repeated `source_description` arrives as an array, a single
 * one as a string.
 */
export const IdentitySearchQuerySchema = withFieldRules(object({
  last_name__like: criterion(),
  first_name__like: criterion(),
  birth_date: optional(birthCriterion()),
  source_mrns__contains: criterion(),
  source_description: optional(
    fromText(
      refine(array(text()), 'sources', (v) => v.length <= IDENTITY_SEARCH_MAX_SOURCES || `At most ${IDENTITY_SEARCH_MAX_SOURCES} hospitals`),
      (v) => [v],
    ),
  ),
  agency_county: criterion(),
  wkr_name: criterion(),
  sacwis_person_id: criterion(),
  case_id: criterion(),
  provider_id: criterion(),
  provider_name: criterion(),
  sort: defaulted(refine(string(), 'sort', (v) => v === IDENTITY_SEARCH_SORT || `Sort must be ${IDENTITY_SEARCH_SORT}`), IDENTITY_SEARCH_SORT),
  page: defaulted(whole('page', 1, 100_000), 1),
  'page-size': defaulted(whole('page-size', 1, IDENTITY_SEARCH_PAGE_SIZE), IDENTITY_SEARCH_PAGE_SIZE),
}), pairRules({ mrn: 'source_mrns__contains', hospitals: 'source_description', worker: 'wkr_name', county: 'agency_county' }));
export type IdentitySearchQuery = Infer<typeof IdentitySearchQuerySchema>;

/** The form's fields (spec 002 "Identity patient search form"); the date as typed, MM/DD/YYYY. */
export const IdentitySearchFormSchema = withFieldRules(object({
  lastName: text(),
  firstName: text(),
  birthDate: refine(string(), 'birthDate', (v) => birthDateError(v) ?? true),
  mrn: text(),
  hospitals: array(text()),
  county: text(),
  caseworker: text(),
  sacwisPersonId: text(),
  caseId: text(),
  providerId: text(),
  providerName: text(),
}), pairRules({ mrn: 'mrn', hospitals: 'hospitals', worker: 'caseworker', county: 'county' }));

export interface IdentitySearchForm {
  lastName: string;
  firstName: string;
  birthDate: string;
  mrn: string;
  hospitals: string[];
  county: string;
  caseworker: string;
  sacwisPersonId: string;
  caseId: string;
  providerId: string;
  providerName: string;
}

export const EMPTY_IDENTITY_SEARCH: IdentitySearchForm = {
  lastName: '',
  firstName: '',
  birthDate: '',
  mrn: '',
  hospitals: [],
  county: '',
  caseworker: '',
  sacwisPersonId: '',
  caseId: '',
  providerId: '',
  providerName: '',
};


/** Spec 002 leaves it open; a search needs one criterion (decisions.md), so a stray click does not list every child. */
export const ANY_IDENTITY_CRITERION = 'Enter at least one search criterion.';
export const hasCriterion = (form: IdentitySearchForm) => Object.values(form).some((v) => (Array.isArray(v) ? v.some((x: string) => x.trim()) : String(v).trim() !== ''));

/**
 * The call's query for the form's values (camelCase; the API client writes
 * snake_case and repeats arrays): values trimmed, empty ones left out, the
 * date as MM/DD/YYYY, sorted by last then first name, page size 50.
 */
export function identitySearchQuery(form: IdentitySearchForm, page = 1): Record<string, string | number | string[]> {
  const query: Record<string, string | number | string[]> = {};
  const put = (key: string, value: string) => {
    const v = value.trim();
    if (v) query[key] = v;
  };
  put('lastName__like', form.lastName);
  put('firstName__like', form.firstName);
  put('birthDate', form.birthDate);
  put('sourceMrns__contains', form.mrn);
  const hospitals = form.hospitals.map((h) => h.trim()).filter(Boolean);
  if (hospitals.length) query.sourceDescription = hospitals;
  put('agencyCounty', form.county);
  put('wkrName', form.caseworker);
  put('sacwisPersonId', form.sacwisPersonId);
  put('caseId', form.caseId);
  put('providerId', form.providerId);
  put('providerName', form.providerName);
  query.sort = IDENTITY_SEARCH_SORT;
  query.page = page;
  query.pageSize = IDENTITY_SEARCH_PAGE_SIZE;
  return query;
}

/** Spec 000 section 3: match status ids. */
export const MATCH_STATUS_IDS = { approved: 1, needToBeApproved: 2, rejected: 3, disputed: 4, unmatched: 5, onHold: 6 } as const;

export interface IdentityMatch {
  sourceDescription: string;
  matchStatusId: number;
  /** The MRN, sent only for an approved match. */
  lookuppersonid: string | null;
}

export interface PatientFlag {
  id: string;
  patientflag: string;
  flaginfo: string | null;
  sourceDescription: string;
  county: string;
}

/** One result of identity_search after camelCasing (spec 002 "Patient summary (search and card)"). */
export interface IdentityPatientSummary {
  patientUid: string;
  firstName: string;
  lastName: string;
  middleName: string | null;
  preferredNames: { preferredname: string }[];
  birthDate: string | null;
  gender: string | null;
  patientFlags: PatientFlag[];
  agencyCounty: string | null;
  csChildLegalStatusLegal: string | null;
  placementType: string | null;
  providerName: string | null;
  sacwisPersonId: string | null;
  /** The profile picture (`patients/{id}/avatar?v=…`, relative to the API), or null. */
  personImage: string | null;
  /** Full identity view only. */
  providerId?: string | null;
  /** Full identity view only. */
  sourceCases?: { caseId: string }[];
  matchResults: { matches: IdentityMatch[]; hasAnyDisputes: boolean };
  restrictedFlag: string;
  /** As in the patient search's summary (shared/custody.ts); the stored `inCustody` is left out for the same reason. */
  custody: Custody;
  divisionUid: string;
  divisionName: string;
  /** A restricted case the caller sees through a case link (the preview's warning). */
  restrictedCaseWarning: boolean;
}

export interface MrnGroup {
  source: string;
  mrns: string[];
  underReview: boolean;
}

/**
 * Spec 002 "Match status": approved matches show their MRN, rejected ones are
 * hidden, any other status is under review; a source whose matches are all
 * rejected is left out. Sources in the order first met.
 */
export function groupMatches(matches: IdentityMatch[]): { groups: MrnGroup[]; anyUnderReview: boolean } {
  const groups = new Map<string, MrnGroup>();
  let anyUnderReview = false;
  for (const m of matches) {
    if (m.matchStatusId === MATCH_STATUS_IDS.rejected) continue;
    const group = groups.get(m.sourceDescription) ?? { source: m.sourceDescription, mrns: [], underReview: false };
    groups.set(m.sourceDescription, group);
    if (m.matchStatusId === MATCH_STATUS_IDS.approved) {
      if (m.lookuppersonid && !group.mrns.includes(m.lookuppersonid)) group.mrns.push(m.lookuppersonid);
    } else {
      group.underReview = true;
      anyUnderReview = true;
    }
  }
  return { groups: [...groups.values()], anyUnderReview };
}

/**
 * The adaptive age (decisions.md): days under a month, months under two
 * years, then years. `today` is 'YYYY-MM-DD'.
 */
export function adaptiveAge(birthDate: string | null, today: string): string {
  if (!birthDate) return '';
  const [by, bm, bd] = birthDate.slice(0, 10).split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  let months = (ty - by) * 12 + (tm - bm);
  if (td < bd) months--;
  if (months < 0) return '';
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (months < 1) return plural(Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(by, bm - 1, bd)) / 86_400_000), 'day');
  if (months < 24) return plural(months, 'month');
  return plural(Math.floor(months / 12), 'year');
}

/** Spec 002: the middle name is hidden when its text is NaN (a number-conversion slip in a source). */
export const shownMiddleName = (middle: string | null | undefined): string => (middle && middle.trim() !== '' && middle.trim() !== 'NaN' ? middle.trim() : '');

/** Spec 000 "Data source status": In Process, Warning, Ok, Complete; any other value is an error. */
export const KNOWN_SYNC_STATUSES = ['In Process', 'Warning', 'Ok', 'Complete'] as const;
export type SyncStatus = (typeof KNOWN_SYNC_STATUSES)[number] | 'Error';
export const syncStatusOf = (status: string | null | undefined): SyncStatus =>
  (KNOWN_SYNC_STATUSES as readonly string[]).includes(status ?? '') ? (status as SyncStatus) : 'Error';

export interface SourceStatus {
  sourceName: string;
  lastRefreshDate: string | null;
  status: string;
  details: string | null;
}
