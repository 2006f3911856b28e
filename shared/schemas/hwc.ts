import dayjs from 'dayjs';
import { array, boolean, define, dynamic, integer, literal, object, optional, refine, type Infer } from 'superstruct';
import { nowMs } from '../clock';
import { isIsoDate, uuid } from './reminders';
import { boundedText, email, MAX_LENGTH, requiredText } from './strings';

/** Spec 002 section 9: Handle with Care reference lists page-size 10000; facility list on the detail page 1000. */
export const HWC_REFERENCE_PAGE_SIZE = 10000;
export const HWC_FACILITY_PAGE_SIZE = 1000;
/** Spec 002 section 8. */
export const HWC_NEED_EMAIL = 'Need at least one email!';
export const HWC_DISMISS_CONFIRM = 'This action cannot be undone. Please confirm you want to dismiss this entry.';
/** Not given by the spec (section 8 only says the form stays hidden): our wording. */
export const HWC_INVALID_CODE = 'This district code is not valid.';
export const HWC_SENT = 'Saved. The notice is on its way to the school.';
export const HWC_DISMISSED = 'Entry dismissed.';
/** The facility choice that means "the school is not in the list; I type its name". */
export const NEW_FACILITY = 'new';
/** Spec 002 section 9: birth date not older than 100 years. */
const MAX_AGE_YEARS = 100;

/** Whole years from a YYYY-MM-DD birth date to `asOf` (null for an invalid date). */
export function ageFrom(birthDate: string, asOf: dayjs.Dayjs = dayjs(nowMs())): number | null {
  if (!isIsoDate(birthDate)) return null;
  return asOf.startOf('day').diff(dayjs(birthDate), 'year');
}

const birthDate = () =>
  define<string>('childBirthDate', (v) => {
    if (typeof v !== 'string' || v.trim() === '') return 'Required';
    if (!isIsoDate(v)) return 'Must be a date';
    if (dayjs(v).isAfter(dayjs(nowMs()), 'day')) return 'Must be in the past';
    if ((ageFrom(v) ?? 0) > MAX_AGE_YEARS) return `Must be within the last ${MAX_AGE_YEARS} years`;
    return true;
  });

const positiveAge = () => refine(integer(), 'childAge', (v) => v > 0 || 'Must be a positive integer');
const optionalUuid = () => define<string>('optionalUuid', (v) => v === undefined || v === null || v === '' || uuid().is(v) || 'Must be an id');

/**
 * Spec 002 "Handle with Care" submission body (POST /api/handle_with_care/submit).
 * facilityUid is omitted for a newly typed school; facilityName is always sent.
 * There is deliberately no field about the incident.
 */
export const HwcSubmitSchema = object({
  officerName: requiredText(MAX_LENGTH.name),
  childFirstName: requiredText(MAX_LENGTH.name),
  childLastName: requiredText(MAX_LENGTH.name),
  childBirthDate: birthDate(),
  childGenderUid: optional(optionalUuid()),
  facilityUid: optional(uuid()),
  facilityName: requiredText(MAX_LENGTH.name),
  childAge: positiveAge(),
});
export type HwcSubmit = Infer<typeof HwcSubmitSchema>;

/** The text of a field that is only required when a new school is typed. */
const newFacilityName = () =>
  dynamic<string>((_v, ctx) => ((ctx.branch[0] as { facilityUid?: string } | undefined)?.facilityUid === NEW_FACILITY ? requiredText(MAX_LENGTH.name) : boundedText(MAX_LENGTH.name)));

/**
 * The public form (spec 002 section 5 "Handle with Care form"): district,
 * officerName, childFirstName, childLastName and facility required; childAge a
 * positive integer derived from the birth date. `facilityUid` is a school's id
 * or NEW_FACILITY, then `facilityName` holds the typed name.
 */
export const HwcFormSchema = object({
  district: requiredText(MAX_LENGTH.code),
  officerName: requiredText(MAX_LENGTH.name),
  childFirstName: requiredText(MAX_LENGTH.name),
  childLastName: requiredText(MAX_LENGTH.name),
  childGenderUid: boundedText(MAX_LENGTH.code),
  childBirthDate: birthDate(),
  childAge: positiveAge(),
  facilityUid: requiredText(MAX_LENGTH.code),
  facilityName: newFacilityName(),
});
export type HwcFormValues = Infer<typeof HwcFormSchema>;

export const emptyHwcForm = (): HwcFormValues => ({
  district: '',
  officerName: '',
  childFirstName: '',
  childLastName: '',
  childGenderUid: '',
  childBirthDate: '',
  childAge: undefined as unknown as number,
  facilityUid: '',
  facilityName: '',
});

/** What the form sends: no district (it travels as the Authorization header), no facilityUid for a new school. */
export function hwcSubmitPayload(values: HwcFormValues, schoolName: (id: string) => string | undefined): HwcSubmit {
  const isNew = values.facilityUid === NEW_FACILITY;
  return {
    officerName: values.officerName.trim(),
    childFirstName: values.childFirstName.trim(),
    childLastName: values.childLastName.trim(),
    childBirthDate: values.childBirthDate,
    ...(values.childGenderUid ? { childGenderUid: values.childGenderUid } : {}),
    ...(isNew ? {} : { facilityUid: values.facilityUid }),
    facilityName: isNew ? values.facilityName.trim() : (schoolName(values.facilityUid) ?? values.facilityName),
    childAge: values.childAge,
  };
}

/** Facility distribution list entry (spec 002 section 3); saved entries carry an id and are locked. */
export const DistributionEntrySchema = object({
  id: optional(boundedText(MAX_LENGTH.code)),
  name: requiredText(MAX_LENGTH.name),
  emailAddress: refine(boundedText(MAX_LENGTH.email), 'emailAddress', (v) => (v.trim() === '' ? 'Required' : email().is(v.trim()) || 'Must be a valid email address')),
});
export type DistributionEntry = Infer<typeof DistributionEntrySchema>;

/**
 * The detail page (spec 002 section 5 "Handle with Care detail"): facility
 * required; at least one distribution entry ('Need at least one email!'),
 * each with a name and a valid emailAddress.
 */
export const HwcDetailSchema = object({
  facilityUid: requiredText(MAX_LENGTH.code),
  facilityName: newFacilityName(),
  facilityDistributionLists: refine(array(DistributionEntrySchema), 'facilityDistributionLists', (v) => v.length > 0 || HWC_NEED_EMAIL),
});
export type HwcDetailValues = Infer<typeof HwcDetailSchema>;

/** POST api/data/public/facility (attributes plus orgUid, isInSelections): a newly typed school. */
export const FacilityCreateSchema = object({
  facilityName: requiredText(MAX_LENGTH.name),
  orgUid: uuid(),
  isInSelections: optional(boolean()),
});

/** POST api/data/public/facility-distribution-list. */
export const DistributionCreateSchema = object({
  facilityUid: uuid(),
  name: requiredText(MAX_LENGTH.name),
  emailAddress: DistributionEntrySchema.schema.emailAddress,
});

/** POST api/data/public/organization-facility. */
export const OrganizationFacilitySchema = object({ facilityUid: uuid(), orgUid: uuid() });

/** PUT api/data/public/hwc-patient/{id}: assign a school (facilityUid plus facilityName), or dismiss (isIgnored true). */
export const HwcPatientUpdateSchema = object({
  facilityUid: optional(uuid()),
  facilityName: optional(requiredText(MAX_LENGTH.name)),
  isIgnored: optional(literal(true)),
});
