import { boolean, dynamic, object, optional, refine, type Infer, type Struct } from 'superstruct';
import { now } from '../clock';
import { boundedText, isEmail, MAX_LENGTH, requiredText } from './strings';
import { isIsoDate } from './reminders';
import en from '../i18n/en.json';

/**
 * External action pages (spec 000 sections 2, 3, 5; spec 002 "External actions").
 * One schema per step, used by <care-referral-form> and by server/ext.
 */

/** The action types an external link can carry; the form's route type is the kebab-case name. */
export const EXT_ACTION_TYPES = ['referral-form'] as const;
export const EXT_REGISTER = 'register';
export const EXT_REGISTER_CONFIRM = 'register-confirm';
/** The steps a link's address may name (/ext/{instance}/{step}); naming none lets the registration decide. */
export const EXT_STEPS: readonly string[] = [EXT_REGISTER, EXT_REGISTER_CONFIRM, ...EXT_ACTION_TYPES];

const EN = en.translation.ext;

/**
 * Set by the form on its link's pages only (path /ext/{instance}) while the browser holds a confirmed registration for
 * the link, so the server draws the page's first screen on the step the form will show (issue 39 section 4). A hint,
 * never the registration itself: the form still asks the server whether the registration holds.
 */
export const EXT_REGISTERED_COOKIE = 'careweave_ext_registered';

/** The language a link's index (its division's own texts) is read in: the Spanish one for a visitor reading Spanish, else the widget's. */
export const extIndexLang = (language: string, widgetLang: string) => (language === 'es' ? 'es-US' : widgetLang);

/** Spec texts (sections 4, 8) the server answers with, as the English catalogue says them (the form says them in the visitor's language). */
export const EXT_TEXT = {
  noRegistration: EN.noRegistration,
  thanks: EN.thanks,
  codeSent: EN.codeSent,
  registered: EN.registered,
} as const;

/* The redirect delay, the referral method and the address type (spec 000 section 9) are REGISTRATION_REDIRECT_MS, DEFAULT_REFERRAL_METHOD and DEFAULT_ADDRESS_TYPE in shared/constants.ts. */
/** Spec 002: reference lists are read with page 1 and page-size 1000. */
export const EXT_REFERENCE_PAGE_SIZE = 1000;

/** The provider choice "I don't see me, add me". */
export const NEW_PROVIDER = 'new';

export const PREFERRED_PHONES = [
  { value: 'mobileNumber', label: 'Mobile' },
  { value: 'homeNumber', label: 'Home' },
  { value: 'workNumber', label: 'Work' },
] as const;
export type PreferredPhone = (typeof PREFERRED_PHONES)[number]['value'];

export const REQUESTERS = ['Patient', 'Provider'] as const;
export const POLICY_HOLDERS = ['Self', 'Spouse', 'Parent', 'Other'] as const;
export const POLICY_TYPES = ['Primary', 'Secondary', 'Tertiary'] as const;

/**
 * "referralDate is fixed to today": the sender's today, which anywhere is
 * within a day of the UTC date; an older or later date is not today.
 */
export function isTodaySomewhere(isoDate: string, at = now()): boolean {
  const utcToday = Date.parse(at.toISOString().slice(0, 10));
  return Math.abs(Date.parse(isoDate) - utcToday) <= 86_400_000;
}

export const digitsOf = (value: string) => value.replace(/\D+/g, '');

const isPhone = (v: string) => digitsOf(v).length === 10;
const PHONE_MESSAGE = 'Must be a 10-digit phone number';

/** A phone number: 10 digits, any punctuation. */
export const phone = () => refine(requiredText(MAX_LENGTH.phone), 'phone', (v) => isPhone(v) || PHONE_MESSAGE);

export const RegisterSchema = object({
  name: requiredText(MAX_LENGTH.name),
  identifier: phone(),
  identifierType: refine(requiredText(MAX_LENGTH.code), 'identifierType', (v) => v === 'Phone' || 'Must be Phone'),
});
export type RegisterValues = Infer<typeof RegisterSchema>;

export const RegisterConfirmSchema = object({
  challenge: refine(requiredText(MAX_LENGTH.code), 'challenge', (v) => /^\d{6}$/.test(v) || 'Must be the 6-digit code'),
  identifier: phone(),
});
export type RegisterConfirmValues = Infer<typeof RegisterConfirmSchema>;

/** Every field of the referral payload (spec 000 section 3) as the form keeps it. */
export interface ReferralValues {
  requestedBy: string;
  fromProviderUid: string;
  fromProviderFirstName: string;
  fromProviderLastName: string;
  fromProviderRoleUid: string;
  fromProviderPhone: string;
  fromProviderEmail: string;
  fromProviderPCP: boolean;
  firstName: string;
  lastName: string;
  displayName: string;
  birthDate: string;
  genderUid: string;
  genderIdentityUid: string;
  raceUid: string;
  ethnicityUid: string;
  preferredPhoneNumber: string;
  mobileNumber: string;
  homeNumber: string;
  workNumber: string;
  emailAddress: string;
  addr1: string;
  addr2: string;
  postCode: string;
  city: string;
  countryDivisionUid: string;
  county: string;
  addressTypeUid: string;
  policyHolderName: string;
  ssn: string;
  policyHolderBirthDate: string;
  carrierUid: string;
  insuranceCompanyPhone: string;
  policyNumber: string;
  groupNumber: string;
  effectiveDate: string;
  reasonUid: string;
  note: string;
  diagnosisUid: string;
  advertisementUid: string;
  toProviderUid: string;
  referralDate: string;
  referralMethod: string;
  isPrimary: boolean;
  policyHolder: string;
  policyType: string;
}

export type ReferralField = keyof ReferralValues;

/** Each field's label on the referral form (and where the admin pages name a field), from the English catalogue. */
export const REFERRAL_LABELS: Record<keyof ReferralValues, string> = EN.fields;

/**
 * Fields an administrator may make required on a link (its payload
 * definition): the ones every visitor sees and fills. The form's own required
 * fields, the provider's (asked only of a new provider), the phones (the
 * preferred one is required) and the fixed ones are left out.
 */
export const EXT_REQUIRABLE_FIELDS = [
  'displayName', 'genderUid', 'genderIdentityUid', 'raceUid', 'ethnicityUid', 'emailAddress',
  'addr1', 'addr2', 'city', 'countryDivisionUid', 'postCode', 'county',
  'carrierUid', 'policyNumber', 'groupNumber', 'effectiveDate', 'policyHolderName', 'policyHolder', 'policyHolderBirthDate', 'ssn', 'insuranceCompanyPhone',
  'reasonUid', 'diagnosisUid', 'advertisementUid', 'toProviderUid', 'note',
] as const satisfies readonly ReferralField[];

/** How the admin pages name each action type. */
export const EXT_ACTION_LABELS: Record<(typeof EXT_ACTION_TYPES)[number], string> = { 'referral-form': 'Referral Form' };

/** uid fields → the reference list their value comes from (providers are checked apart). */
export const REFERRAL_REFERENCE_FIELDS = {
  genderUid: 'reference-gender',
  genderIdentityUid: 'reference-gender-identity',
  raceUid: 'reference-race',
  ethnicityUid: 'reference-ethnicity',
  countryDivisionUid: 'reference-country-division',
  addressTypeUid: 'reference-address-type',
  carrierUid: 'reference-carrier',
  reasonUid: 'reference-reason',
  diagnosisUid: 'reference-diagnosis',
  advertisementUid: 'reference-referral-source',
  fromProviderRoleUid: 'reference-provider-role',
} as const satisfies Partial<Record<ReferralField, string>>;

/** The lists the referral form reads (spec 002 "External actions"). */
export const EXT_REFERENCE_MODELS = [...new Set(Object.values(REFERRAL_REFERENCE_FIELDS))];

const TEXT_FIELDS: ReferralField[] = [
  'requestedBy', 'fromProviderUid', 'fromProviderFirstName', 'fromProviderLastName', 'fromProviderRoleUid', 'fromProviderPhone', 'fromProviderEmail',
  'firstName', 'lastName', 'displayName', 'birthDate', 'genderUid', 'genderIdentityUid', 'raceUid', 'ethnicityUid', 'preferredPhoneNumber',
  'mobileNumber', 'homeNumber', 'workNumber', 'emailAddress', 'addr1', 'addr2', 'postCode', 'city', 'countryDivisionUid', 'county', 'addressTypeUid',
  'policyHolderName', 'ssn', 'policyHolderBirthDate', 'carrierUid', 'insuranceCompanyPhone', 'policyNumber', 'groupNumber', 'effectiveDate',
  'reasonUid', 'note', 'diagnosisUid', 'advertisementUid', 'toProviderUid', 'referralDate', 'referralMethod', 'policyHolder', 'policyType',
];
export const REFERRAL_FIELDS: readonly ReferralField[] = [...TEXT_FIELDS, 'fromProviderPCP', 'isPrimary'];

/** Bounds of the free-text fields; the others (choices, ids, dates, numbers) are codes. */
const REFERRAL_MAX: Partial<Record<ReferralField, number>> = {
  fromProviderFirstName: MAX_LENGTH.name,
  fromProviderLastName: MAX_LENGTH.name,
  firstName: MAX_LENGTH.name,
  lastName: MAX_LENGTH.name,
  displayName: MAX_LENGTH.fullName,
  policyHolderName: MAX_LENGTH.name,
  fromProviderEmail: MAX_LENGTH.email,
  emailAddress: MAX_LENGTH.email,
  fromProviderPhone: MAX_LENGTH.phone,
  mobileNumber: MAX_LENGTH.phone,
  homeNumber: MAX_LENGTH.phone,
  workNumber: MAX_LENGTH.phone,
  insuranceCompanyPhone: MAX_LENGTH.phone,
  ssn: MAX_LENGTH.phone,
  addr1: MAX_LENGTH.address,
  addr2: MAX_LENGTH.address,
  city: MAX_LENGTH.address,
  county: MAX_LENGTH.address,
  note: MAX_LENGTH.note,
};
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

type Rule = (v: string) => true | string;
const RULES: Partial<Record<ReferralField, Rule>> = {
  requestedBy: (v) => (REQUESTERS as readonly string[]).includes(v) || 'Must be Patient or Provider',
  preferredPhoneNumber: (v) => PREFERRED_PHONES.some((p) => p.value === v) || 'Must be mobile, home or work',
  policyHolder: (v) => (POLICY_HOLDERS as readonly string[]).includes(v) || 'Must be one of the options',
  fromProviderPhone: (v) => isPhone(v) || PHONE_MESSAGE,
  mobileNumber: (v) => isPhone(v) || PHONE_MESSAGE,
  homeNumber: (v) => isPhone(v) || PHONE_MESSAGE,
  workNumber: (v) => isPhone(v) || PHONE_MESSAGE,
  insuranceCompanyPhone: (v) => isPhone(v) || PHONE_MESSAGE,
  fromProviderEmail: (v) => isEmail(v) || 'Must be a valid email address',
  emailAddress: (v) => isEmail(v) || 'Must be a valid email address',
  birthDate: (v) => (isIsoDate(v) ? v <= now().toISOString().slice(0, 10) || 'Must be in the past' : 'Must be a date'),
  policyHolderBirthDate: (v) => isIsoDate(v) || 'Must be a date',
  effectiveDate: (v) => isIsoDate(v) || 'Must be a date',
  referralDate: (v) => (isIsoDate(v) ? isTodaySomewhere(v) || 'Must be today' : 'Must be a date'),
  policyType: (v) => (POLICY_TYPES as readonly string[]).includes(v) || 'Must be Primary, Secondary or Tertiary',
  ssn: (v) => digitsOf(v).length === 9 || 'Must be 9 digits',
  postCode: (v) => /^\d{5}(-?\d{4})?$/.test(v.trim()) || 'Must be a 5-digit zip code',
};

/** Which fields a referral requires, given what was chosen (spec 000 section 5). */
export function requiredReferralFields(values: object, extraRequired: readonly string[] = []): Set<string> {
  const required = new Set<string>(['requestedBy', 'firstName', 'lastName', 'birthDate', 'preferredPhoneNumber', ...extraRequired]);
  const v = values as Record<string, unknown>;
  if (v.requestedBy === 'Provider') {
    required.add('fromProviderUid');
    if (v.fromProviderUid === NEW_PROVIDER) for (const f of ['fromProviderFirstName', 'fromProviderLastName', 'fromProviderRoleUid', 'fromProviderPhone', 'fromProviderEmail']) required.add(f);
  }
  const preferred = v.preferredPhoneNumber;
  if (typeof preferred === 'string' && PREFERRED_PHONES.some((p) => p.value === preferred)) required.add(preferred);
  return required;
}

/**
 * The referral form's schema: the same on both sides. `extraRequired` is the
 * server's payload definition (each a required non-empty string). Fields the
 * requester did not need are accepted empty; given values must be well-formed.
 */
export function referralSchema(extraRequired: readonly string[] = []): Struct<ReferralValues, null> {
  return dynamic((value) => referralFields((value && typeof value === 'object' ? value : {}) as Record<string, unknown>, extraRequired)) as unknown as Struct<ReferralValues, null>;
}

/**
 * The referral's fields as they are checked for `values`: which are required depends on what was
 * chosen (Patient or Provider, the preferred phone). With no values, what every referral requires:
 * the API's documentation shows that one.
 */
export function referralFields(values: Record<string, unknown> = {}, extraRequired: readonly string[] = []): Struct<ReferralValues, null> {
  const required = requiredReferralFields(values, extraRequired);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const shape: Record<string, Struct<any, any>> = {};
  for (const name of TEXT_FIELDS) {
    const rule = RULES[name];
    const max = REFERRAL_MAX[name] ?? MAX_LENGTH.code;
    const check = (v: string) => (rule ? rule(v.trim()) : true);
    shape[name] = required.has(name)
      ? refine(requiredText(max), name, check)
      : refine(optional(boundedText(max)), name, (v) => blank(v) || check(v as string));
  }
  for (const name of extraRequired) if (!(name in shape)) shape[name] = requiredText(MAX_LENGTH.code);
  shape.fromProviderPCP = optional(boolean());
  shape.isPrimary = optional(boolean());
  return object(shape) as unknown as Struct<ReferralValues, null>;
}

/** Empty values are dropped before sending (spec 002 "External actions"). */
export function dropEmpty<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => !blank(v))) as Partial<T>;
}

