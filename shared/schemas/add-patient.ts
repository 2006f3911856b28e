import { array, define, object, optional, refine, string, type Infer } from 'superstruct';
import { now } from '../clock';
import { isUuid } from '../uuid';
import { AddressFieldsSchema, EmailAddressFieldsSchema, type AddressFields, type EmailAddressFields } from './contacts';
import { digitsOf, REQUESTERS } from './ext-referral';
import { isIsoDate } from './reminders';
import { MAX_LENGTH, NOT_LISTED, requiredText } from './strings';

/** Spec 001 section 5: a radio group for this many referral sources or fewer, a select above. */
export const REFERRAL_SOURCE_RADIO_MAX = 5;
/** Spec 001 section 9: the referral date may go back 10 years. */
export const REFERRAL_DATE_YEARS = 10;
/** Spec 001 section 9 (the demographics window, kept here so a new patient passes demographics later). */
export const BIRTH_DATE_YEARS = 100;
/** Spec 001 section 5: the post-code lookup starts at this many characters. */
export const POST_CODE_LOOKUP_MIN = 5;

export const PREFERRED_PHONE_CHOICES = [
  { value: 'mobile', label: 'Mobile', field: 'mobilePhone' },
  { value: 'home', label: 'Home', field: 'homePhone' },
  { value: 'work', label: 'Work', field: 'workPhone' },
] as const;
export type PreferredPhoneChoice = (typeof PREFERRED_PHONE_CHOICES)[number]['value'];

/** Spec 001 section 5 defaults. */
export const ADD_PATIENT_DEFAULTS = { referredTo: 'Program', requestedBy: 'Provider', preferredEngagement: 'No Preference' } as const;
export { REQUESTERS };

export const MESSAGES = {
  date: 'Must be a date',
  notAfterToday: 'Must not be later than today',
  referralTooOld: `Must not be more than ${REFERRAL_DATE_YEARS} years ago`,
  birthTooOld: `Must not be more than ${BIRTH_DATE_YEARS} years ago`,
  phone: 'Must be a 10-digit phone number',
  preferredPhone: 'Must be Mobile, Home or Work',
  choice: NOT_LISTED,
  requestedBy: `Must be ${REQUESTERS.join(' or ')}`,
} as const;

/**
 * What decides the date windows and the birth-date rule: the caller's mode
 * and "today". The browser passes its own day; the server accepts any day
 * that is today somewhere (see `serverToday`), so a user east of the server
 * is never refused their own today.
 */
export interface AddPatientRules {
  /** Spec 001 section 5: the birth date is nullable in community mode. */
  communityMode: boolean;
  /** The earliest and latest "today" (YYYY-MM-DD) the caller may be living in. */
  today: { earliest: string; latest: string };
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The caller's own calendar day, from the browser's clock and zone. */
export function localToday(at = now()): AddPatientRules['today'] {
  const day = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
  return { earliest: day, latest: day };
}

/** Every day that is "today" somewhere on Earth (UTC-12 to UTC+14). */
export function serverToday(at = now()): AddPatientRules['today'] {
  return { earliest: isoDay(new Date(at.getTime() - 12 * 3_600_000)), latest: isoDay(new Date(at.getTime() + 14 * 3_600_000)) };
}

/** `YYYY-MM-DD` minus whole years (Feb 29th becomes Feb 28th). */
export function yearsBefore(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const year = y - years;
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${year}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** A date within [years back from the earliest today, the latest today]; ISO strings compare as dates. */
const dateWithin = (name: string, years: number, tooOld: string, rules: AddPatientRules, required: boolean) =>
  define<string>(name, (v) => {
    if (typeof v !== 'string' || v.trim() === '') return required ? 'Required' : v === '' || v === null || v === undefined;
    if (!isIsoDate(v)) return MESSAGES.date;
    if (v > rules.today.latest) return MESSAGES.notAfterToday;
    return v >= yearsBefore(rules.today.earliest, years) || tooOld;
  });

const choice = (required: boolean) =>
  define<string>('choice', (v) => {
    if (v === '' || v === null || v === undefined) return !required || 'Required';
    return isUuid(v) || MESSAGES.choice;
  });

/**
 * A phone number, digits only (the form strips the rest as it is typed):
 * 10 digits when given, and required when it is the preferred one (spec 001
 * section 5: "the number matching the preferred choice required"). The
 * validator reads the preferred choice from the form it sits in.
 */
const phoneNumber = (kind: PreferredPhoneChoice) =>
  define<string>(`${kind}Phone`, (v, context) => {
    const form = context.branch[context.branch.length - 2] as { preferredPhoneNumber?: unknown } | undefined;
    const value = typeof v === 'string' ? v : '';
    if (value === '') return form?.preferredPhoneNumber === kind ? 'Required' : v === '' || v === null || v === undefined;
    return /^\d{10}$/.test(value) || MESSAGES.phone;
  });

const preferredPhone = define<string>('preferredPhoneNumber', (v) => {
  if (v === '' || v === null || v === undefined) return 'Required';
  return PREFERRED_PHONE_CHOICES.some((c) => c.value === v) || MESSAGES.preferredPhone;
});

/**
 * Spec 001 section 5 "Add Patient", checked by the form on submit and by the
 * server on `POST /api/referrals/inbound` with the same messages. Values are
 * the form's: strings, '' for "not given".
 */
export function addPatientSchema(rules: AddPatientRules) {
  return object({
    firstName: requiredText(MAX_LENGTH.name),
    lastName: requiredText(MAX_LENGTH.name),
    birthDate: dateWithin('birthDate', BIRTH_DATE_YEARS, MESSAGES.birthTooOld, rules, !rules.communityMode),
    genderUid: choice(true),
    genderIdentityUid: choice(false),
    preferredPhoneNumber: preferredPhone,
    mobilePhone: phoneNumber('mobile'),
    homePhone: phoneNumber('home'),
    workPhone: phoneNumber('work'),
    referralDate: dateWithin('referralDate', REFERRAL_DATE_YEARS, MESSAGES.referralTooOld, rules, true),
    referralReasonUid: choice(true),
    referralSourceUid: choice(false),
    requestedBy: refine(requiredText(MAX_LENGTH.name), 'requestedBy', (v) => (REQUESTERS as readonly string[]).includes(v.trim()) || MESSAGES.requestedBy),
    referredTo: requiredText(MAX_LENGTH.name),
    addresses: array(AddressFieldsSchema),
    emailAddresses: array(EmailAddressFieldsSchema),
  });
}
export type AddPatientValues = Infer<ReturnType<typeof addPatientSchema>>;

/** The form as it opens (spec 001 section 5 defaults; the referral date is today). */
export function addPatientDefaults(today = localToday().latest): AddPatientValues {
  return {
    firstName: '',
    lastName: '',
    birthDate: '',
    genderUid: '',
    genderIdentityUid: '',
    preferredPhoneNumber: '',
    mobilePhone: '',
    homePhone: '',
    workPhone: '',
    referralDate: today,
    referralReasonUid: '',
    referralSourceUid: '',
    requestedBy: ADD_PATIENT_DEFAULTS.requestedBy,
    referredTo: ADD_PATIENT_DEFAULTS.referredTo,
    addresses: [],
    emailAddresses: [],
  };
}

export const blankAddress = (isPrimary: boolean): AddressFields => ({
  addressTypeUid: '',
  addr1: '',
  addr2: '',
  city: '',
  countryDivisionUid: '',
  postCode: '',
  county: '',
  isPrimary,
});
export const blankEmailAddress = (isPrimary: boolean): EmailAddressFields => ({ emailAddress: '', isPrimary });

const orNull = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
const link = (type: string, id: string | null | undefined) => ({ data: orNull(id) ? { type, id: orNull(id)! } : null });

/**
 * Where each form field travels in `POST /api/referrals/inbound` (spec 001
 * section 7 "Add patient"), so the server's field errors land on the form's
 * fields and the server can read the form back from the wire.
 */
export const WIRE_FIELDS: Record<Exclude<keyof AddPatientValues, 'addresses' | 'emailAddresses'>, string> = {
  firstName: 'data.attributes.firstName',
  lastName: 'data.attributes.lastName',
  birthDate: 'data.attributes.birthDate',
  genderUid: 'data.relationships.gender.data.id',
  genderIdentityUid: 'data.relationships.genderIdentity.data.id',
  preferredPhoneNumber: 'data.attributes.preferredPhoneNumber',
  mobilePhone: 'data.attributes.mobilePhone',
  homePhone: 'data.attributes.homePhone',
  workPhone: 'data.attributes.workPhone',
  referralDate: 'data.attributes.eventDate',
  referralReasonUid: 'data.relationships.reason.data.id',
  referralSourceUid: 'data.attributes.referralSourceUid',
  requestedBy: 'data.attributes.requestedBy',
  referredTo: 'data.attributes.referredTo',
};

/**
 * The inbound referral that creates the patient (spec 001 section 7), with
 * the patient's addresses and e-mail addresses in the same document so the
 * server creates all of it in one transaction (docs/decisions.md).
 */
export function addPatientPayload(values: AddPatientValues) {
  return {
    data: {
      type: 'referrals' as const,
      attributes: {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        birthDate: orNull(values.birthDate),
        genderUid: orNull(values.genderUid),
        genderIdentityUid: orNull(values.genderIdentityUid),
        mobilePhone: digitsOf(values.mobilePhone) || null,
        homePhone: digitsOf(values.homePhone) || null,
        workPhone: digitsOf(values.workPhone) || null,
        preferredPhoneNumber: values.preferredPhoneNumber,
        eventDate: values.referralDate,
        requestedBy: values.requestedBy.trim(),
        referralSourceUid: orNull(values.referralSourceUid),
        isInboundReferral: true,
        referredTo: values.referredTo.trim(),
        preferredEngagement: ADD_PATIENT_DEFAULTS.preferredEngagement,
        addresses: values.addresses,
        emailAddresses: values.emailAddresses,
      },
      relationships: {
        gender: link('reference-gender', values.genderUid),
        genderIdentity: link('reference-gender-identity', values.genderIdentityUid),
        reason: link('reference-reason', values.referralReasonUid),
      },
    },
  };
}
export type AddPatientPayload = ReturnType<typeof addPatientPayload>;

const wireText = (max: number) => define<string | null>('wireText', (v) => v === null || v === undefined || (typeof v === 'string' && v.length <= max) || `Must be at most ${max} characters`);
const wireLink = object({ data: define<{ type: string; id: string } | null>('link', (v) => v === null || (typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string')) });

/**
 * The document's shape only (types and bounds); the rules are the form's
 * schema, run on the form read back from the document (`payloadValues`).
 */
export const AddPatientPayloadSchema = object({
  data: object({
    type: define<'referrals'>('referrals', (v) => v === 'referrals' || 'Must be referrals'),
    attributes: object({
      firstName: wireText(MAX_LENGTH.name),
      lastName: wireText(MAX_LENGTH.name),
      birthDate: wireText(MAX_LENGTH.code),
      genderUid: wireText(MAX_LENGTH.code),
      genderIdentityUid: wireText(MAX_LENGTH.code),
      mobilePhone: wireText(MAX_LENGTH.phone),
      homePhone: wireText(MAX_LENGTH.phone),
      workPhone: wireText(MAX_LENGTH.phone),
      preferredPhoneNumber: wireText(MAX_LENGTH.code),
      eventDate: wireText(MAX_LENGTH.code),
      requestedBy: wireText(MAX_LENGTH.name),
      referralSourceUid: wireText(MAX_LENGTH.code),
      isInboundReferral: define<true>('isInboundReferral', (v) => v === true || 'Must be true'),
      referredTo: wireText(MAX_LENGTH.name),
      preferredEngagement: define<'No Preference'>('preferredEngagement', (v) => v === ADD_PATIENT_DEFAULTS.preferredEngagement || `Must be ${ADD_PATIENT_DEFAULTS.preferredEngagement}`),
      addresses: array(AddressFieldsSchema),
      emailAddresses: array(EmailAddressFieldsSchema),
    }),
    relationships: object({ gender: wireLink, genderIdentity: wireLink, reason: wireLink }),
  }),
});
export type AddPatientDocument = Infer<typeof AddPatientPayloadSchema>;

/** The form's values read back from the document, for the form's own rules. */
export function payloadValues(payload: AddPatientDocument): AddPatientValues {
  const a = payload.data.attributes;
  const r = payload.data.relationships;
  const text = (v: string | null | undefined) => v ?? '';
  return {
    firstName: text(a.firstName),
    lastName: text(a.lastName),
    birthDate: text(a.birthDate),
    genderUid: text(r.gender.data?.id ?? a.genderUid),
    genderIdentityUid: text(r.genderIdentity.data?.id ?? a.genderIdentityUid),
    preferredPhoneNumber: text(a.preferredPhoneNumber),
    mobilePhone: text(a.mobilePhone),
    homePhone: text(a.homePhone),
    workPhone: text(a.workPhone),
    referralDate: text(a.eventDate),
    referralReasonUid: text(r.reason.data?.id),
    referralSourceUid: text(a.referralSourceUid),
    requestedBy: text(a.requestedBy),
    referredTo: text(a.referredTo),
    addresses: a.addresses,
    emailAddresses: a.emailAddresses,
  };
}

/** The form field a wire path names ('data.attributes.addresses.0.addr1' → 'addresses.0.addr1'). */
export function formFieldOf(wirePath: string): string | undefined {
  const direct = Object.entries(WIRE_FIELDS).find(([, wire]) => wire === wirePath)?.[0];
  if (direct) return direct;
  const nested = /^data\.attributes\.((?:addresses|emailAddresses)\..+)$/.exec(wirePath);
  return nested?.[1];
}

/** The wire path of a form field (the inverse of `formFieldOf`). */
export function wireFieldOf(formField: string): string {
  return (WIRE_FIELDS as Record<string, string>)[formField] ?? `data.attributes.${formField}`;
}

/** Spec 001 "Possible duplicates" query (issue 8 section 4): same names. Add Patient asks with the birth date; a human interaction with both names, and in the community app the gender and birth date too. */
export const DuplicateQuerySchema = object({
  firstName: requiredText(MAX_LENGTH.name),
  lastName: requiredText(MAX_LENGTH.name),
  birthDate: optional(refine(string(), 'birthDate', (v) => isIsoDate(v) || MESSAGES.date)),
  genderUid: optional(refine(string(), 'genderUid', (v) => isUuid(v) || MESSAGES.choice)),
});
