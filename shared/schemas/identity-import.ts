import { define, nullable, object, refine, string, type Infer } from 'superstruct';
import { isIsoDate } from '../dates';
import { OHIO_COUNTIES } from '../ohio-counties';
import { fromText, isEmail, MAX_LENGTH, tooLong } from './strings';

/**
 * One row of each identity source file (docs/identity-import.md), as the
 * import reads it: every cell is text, an empty cell is null. The schema both
 * checks the row and turns flags into booleans (validated with coerce).
 */

const COUNTIES = new Set<string>(OHIO_COUNTIES);

/** A required cell: present, at most `max` characters. */
export const required = (max: number) =>
  define<string>('required', (v) => (typeof v !== 'string' || v.trim() === '' ? 'Required' : v.length <= max || tooLong(max)));
/** An optional cell: empty, or at most `max` characters. */
export const optional = (max: number) => nullable(refine(string(), 'optional', (v) => v.length <= max || tooLong(max)));

const DATE = 'Must be a date (YYYY-MM-DD)';
export const date = () => define<string>('date', (v) => (v === null || v === '' ? 'Required' : (typeof v === 'string' && isIsoDate(v)) || DATE));
export const optionalDate = () => nullable(define<string>('date', (v) => (typeof v === 'string' && isIsoDate(v)) || DATE));
const county = () =>
  define<string>('county', (v) => (v === null ? 'Required' : (typeof v === 'string' && COUNTIES.has(v)) || `Unknown county '${String(v).slice(0, 40)}': must be an Ohio county`));
export const optionalEmail = () => nullable(define<string>('email', (v) => (typeof v === 'string' && isEmail(v)) || 'Must be a valid email address'));
/** Y or N, read as a boolean. */
const yesNo = () =>
  fromText(
    define<boolean>('flag', (v) => typeof v === 'boolean' || 'Must be Y or N'),
    (v) => (v === 'Y' ? true : v === 'N' ? false : v),
  );

export const id = () => required(MAX_LENGTH.code);
export const name = () => required(MAX_LENGTH.name);

export const SourceChildRow = object({
  sacwis_person_id: id(),
  first_name: name(),
  middle_name: optional(MAX_LENGTH.name),
  last_name: name(),
  preferred_name: optional(MAX_LENGTH.name),
  birth_date: date(),
  gender: optional(MAX_LENGTH.code),
  county: county(),
});

export const SourceCaseRow = object({
  case_id: id(),
  sacwis_person_id: id(),
  county: county(),
  agency_name: name(),
  case_category: required(MAX_LENGTH.code),
  legal_status: optional(MAX_LENGTH.name),
  wkr_name: optional(MAX_LENGTH.fullName),
  wkr_email: optionalEmail(),
  sup_name: optional(MAX_LENGTH.fullName),
  sup_email: optionalEmail(),
  chf_email: optionalEmail(),
  restricted_flag: yesNo(),
  adoption_flag: yesNo(),
});

export const CustodyEpisodeRow = object({
  episode_id: id(),
  sacwis_person_id: id(),
  county: county(),
  legal_status: optional(MAX_LENGTH.name),
  start_date: date(),
  end_date: optionalDate(),
});

export const PlacementRow = object({
  placement_id: id(),
  sacwis_person_id: id(),
  provider_id: id(),
  provider_name: name(),
  placement_type: required(MAX_LENGTH.name),
  start_date: date(),
  end_date: optionalDate(),
  // Spec 001's service referral e-mail fields, added after the format was published: a file may leave them out.
  provider_contact: optional(MAX_LENGTH.name),
  provider_address: optional(MAX_LENGTH.address),
  provider_agency: optional(MAX_LENGTH.name),
  provider_agency_contact: optional(MAX_LENGTH.name),
});

export const IdentitySourceRow = object({
  sacwis_person_id: id(),
  source_name: name(),
  mrn: id(),
});

export type SourceChildRow = Infer<typeof SourceChildRow>;
export type SourceCaseRow = Infer<typeof SourceCaseRow>;
export type CustodyEpisodeRow = Infer<typeof CustodyEpisodeRow>;
export type PlacementRow = Infer<typeof PlacementRow>;
export type IdentitySourceRow = Infer<typeof IdentitySourceRow>;

/** patient_flags.csv (issue 11 section 2): a flag a source system keeps on the child. */
export const PatientFlagRow = object({
  flag_id: id(),
  sacwis_person_id: id(),
  patient_flag: name(),
  flag_info: optional(500),
  source_name: name(),
  county: county(),
});

/** preferred_names.csv (issue 11 section 2): a name the child goes by in a source system. */
export const PreferredNameRow = object({
  sacwis_person_id: id(),
  source_name: name(),
  preferred_name: name(),
});

export type PatientFlagRow = Infer<typeof PatientFlagRow>;
export type PreferredNameRow = Infer<typeof PreferredNameRow>;
