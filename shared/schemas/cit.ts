import dayjs from 'dayjs';
import { array, define, enums, nullable, object, optional, size, type Infer } from 'superstruct';
import {
  CHARGES, CIT_TEXT, CRIME_LEVELS, CRISIS_EVENTS, EVALUATION_INITIATED_BY, hasRealInjury, INJURED_PARTIES, LOCATION_TYPES,
  OTHER, PHONE_TYPES, RESPONSES, TIME_ZONES, TRANSPORT_BY, VETERAN_STATUSES, WEAPONS, YES_NO,
} from '../cit-options';
import { nowMs } from '../clock';
import { withFieldRules } from './field-rules';
import { MAX_LENGTH, optionalText, requiredText, tooLong } from './strings';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = () => define<string>('uuid', (v) => (typeof v === 'string' && UUID.test(v)) || 'Required');
/** An optional choice: empty, or one of the list. */
const choice = <T extends readonly string[]>(values: T) =>
  optional(nullable(define<string>('choice', (v) => v === '' || (typeof v === 'string' && values.includes(v)) || `Must be one of: ${values.join(', ')}`)));
const optUuid = () => optional(nullable(define<string>('uuid', (v) => v === '' || (typeof v === 'string' && UUID.test(v)) || 'Must be an id')));
const required = <T extends readonly string[]>(values: T) => define<string>('choice', (v) => (typeof v === 'string' && values.includes(v)) || 'Required');
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

export const CIT_BIRTH_MAX_YEARS = 100;

/** Identity of an agency officer (spec 002 "Agency user"): agency identifier and officer name. */
export const CitIdentitySchema = object({
  code: requiredText(64),
  officerName: requiredText(120),
});
export type CitIdentity = Infer<typeof CitIdentitySchema>;

/** The sheet's person's first and last name, at most this long. */
const CIT_NAME_MAX = 100;

/**
 * The person-match call (spec 002): the officer's identity and the person's name and gender, bounded as
 * the sheet bounds them. What a match needs (3 letters of each name, a gender) the route says in one message.
 */
export const CitPersonMatchSchema = object({
  ...CitIdentitySchema.schema,
  firstName: optionalText(CIT_NAME_MAX),
  lastName: optionalText(CIT_NAME_MAX),
  genderUid: optionalText(36),
});
export type CitPersonMatch = Infer<typeof CitPersonMatchSchema>;

/**
 * The public form's local treatment facility search (spec 002 "Public CIT
 * form"): what the officer typed, a facility's name or city.
 */
export const CIT_FACILITY_SEARCH_MAX = MAX_LENGTH.name;
export const CitFacilitySearchSchema = object({
  search: optionalText(CIT_FACILITY_SEARCH_MAX),
});
export type CitFacilitySearch = Infer<typeof CitFacilitySearchSchema>;

const base = object({
  code: requiredText(64),
  officerName: requiredText(120),
  firstName: requiredText(CIT_NAME_MAX),
  lastName: requiredText(CIT_NAME_MAX),
  birthDate: optional(nullable(define<string>('date', (v) => v === '' || (typeof v === 'string' && DATE.test(v) && dayjs(v).isValid()) || 'Must be a valid date'))),
  genderUid: uuid(),
  raceUid: size(array(uuid()), 1, 10),
  juvenile: choice(YES_NO),
  veteranStatus: required(VETERAN_STATUSES),
  phoneNumber: define<string>('phone', (v) => {
    if (typeof v !== 'string' || v.trim() === '') return 'Required';
    if (v.length > MAX_LENGTH.phone) return tooLong(MAX_LENGTH.phone);
    return /^\d{10}$/.test(v.replace(/\D/g, '')) || 'Must be a 10-digit phone number';
  }),
  phoneType: required(PHONE_TYPES),
  addr1: optionalText(200),
  addr2: optionalText(200),
  city: optionalText(100),
  stateUid: optUuid(),
  postCode: optional(nullable(define<string>('zip', (v) => v === '' || (typeof v === 'string' && /^\d{5}(-\d{4})?$/.test(v)) || 'Must be a 5-digit zip code'))),
  county: optionalText(100),
  priorityNote: optionalText(2000),
  dateTime: define<string>('dateTime', (v) => (typeof v === 'string' && DATE_TIME.test(v) && dayjs(v).isValid()) || 'Required'),
  eventTimeZone: required(TIME_ZONES.map((t) => t.value)),
  officer: requiredText(120),
  officerCit: choice(YES_NO),
  shiftUid: uuid(),
  totalTimeOnCall: optionalText(50),
  type: choice(LOCATION_TYPES),
  locationAddr1: optionalText(200),
  locationAddr2: optionalText(200),
  locationCity: optionalText(100),
  locationStateUid: optUuid(),
  locationPostCode: optionalText(10),
  locationCounty: optionalText(100),
  referralSourceUid: uuid(),
  otherReporting: optionalText(200),
  crisis: size(array(enums(CRISIS_EVENTS)), 1, CRISIS_EVENTS.length),
  crisisOther: optionalText(200),
  weaponInvolved: optional(nullable(array(enums(WEAPONS)))),
  response: required(RESPONSES),
  forceUsedIncidentResultedInInjury: optional(nullable(array(enums(INJURED_PARTIES)))),
  injuryResultedFromForce: optionalText(500),
  dispositionUid: uuid(),
  mhFollowUpRequested: choice(YES_NO),
  facilityUid: optUuid(),
  transportBy: choice(TRANSPORT_BY),
  destination: optionalText(200),
  subjectTakenIntoCustodyForEvaluation: choice(YES_NO),
  processInitiatedBy: choice(EVALUATION_INITIATED_BY),
  incidentHasRelatedCrime: choice(YES_NO),
  incidentHasRelatedCrimeYes: choice(CRIME_LEVELS),
  criminalChargesToBeFiled: choice(CHARGES),
  incidentNote: optionalText(4000),
  officerUnit: optionalText(100),
  reportNumber: optionalText(100),
  supervisor: optionalText(120),
  supervisorUnit: optionalText(100),
});

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
const isDay = (v: unknown): v is string => typeof v === 'string' && DATE.test(v) && dayjs(v).isValid();

/**
 * Spec 002 section 5 "CIT submission": the rules that need the whole sheet,
 * as field → message. They read the sheet as sent, whatever else is wrong
 * with it, so one check reports every problem at once (issue 32 §4).
 */
export function citRuleFailures(v: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>();
  const need = (field: string) => {
    if (blank(v[field])) out.set(field, 'Required');
  };
  if (isDay(v.birthDate)) {
    const birth = dayjs(v.birthDate);
    if (birth.isAfter(dayjs(nowMs()).endOf('day'))) out.set('birthDate', 'Birth date cannot be in the future');
    else if (birth.isBefore(dayjs(nowMs()).subtract(CIT_BIRTH_MAX_YEARS, 'year').startOf('day'))) out.set('birthDate', `Birth date cannot be more than ${CIT_BIRTH_MAX_YEARS} years ago`);
    else if (typeof v.dateTime === 'string' && DATE_TIME.test(v.dateTime) && !dayjs(v.dateTime.slice(0, 10)).isAfter(birth, 'day')) out.set('dateTime', CIT_TEXT.incidentDate);
  }
  const injuries = v.forceUsedIncidentResultedInInjury;
  if (v.response === 'Force Used') need('forceUsedIncidentResultedInInjury');
  if (v.response === 'Force Used' && Array.isArray(injuries) && hasRealInjury(injuries as string[])) need('injuryResultedFromForce');
  if (v.mhFollowUpRequested === 'yes') need('facilityUid');
  if (v.subjectTakenIntoCustodyForEvaluation === 'yes') need('processInitiatedBy');
  if (v.incidentHasRelatedCrime === 'yes') {
    need('incidentHasRelatedCrimeYes');
    need('criminalChargesToBeFiled');
  }
  if (Array.isArray(v.crisis) && v.crisis.includes(OTHER)) need('crisisOther');
  return out;
}

/** Spec 002 section 5 "CIT submission": each rule fails on its own field, in the sheet's order, all at once (field-rules.ts). */
export const CitSubmissionSchema = withFieldRules(base, citRuleFailures);
export type CitSubmission = Infer<typeof CitSubmissionSchema>;

/** What the form starts with (section 9 defaults). */
export function citFormDefaults(): Partial<Record<keyof CitSubmission, unknown>> {
  return {
    code: '', officerName: '', firstName: '', lastName: '', birthDate: '', genderUid: '', raceUid: [], juvenile: '',
    veteranStatus: 'Veteran status unknown', phoneNumber: '', phoneType: 'Mobile', addr1: '', addr2: '', city: '', stateUid: '',
    postCode: '', county: '', priorityNote: '', dateTime: '', eventTimeZone: 'America/New_York', officer: '', officerCit: '',
    shiftUid: '', totalTimeOnCall: '', type: '', locationAddr1: '', locationAddr2: '', locationCity: '', locationStateUid: '',
    locationPostCode: '', locationCounty: '', referralSourceUid: '', otherReporting: '', crisis: [], crisisOther: '', weaponInvolved: [],
    response: '', forceUsedIncidentResultedInInjury: [], injuryResultedFromForce: '', dispositionUid: '', mhFollowUpRequested: '',
    facilityUid: '', transportBy: '', destination: '', subjectTakenIntoCustodyForEvaluation: '', processInitiatedBy: '',
    incidentHasRelatedCrime: '', incidentHasRelatedCrimeYes: '', criminalChargesToBeFiled: '', incidentNote: '', officerUnit: '',
    reportNumber: '', supervisor: '', supervisorUnit: '',
  };
}

/** Staff decision on a submission (spec 002 section 4 "CIT approvalStatus"). */
export const CIT_APPROVAL_STATUSES = ['rejected', 'pending', 'approved'] as const;
export type CitApprovalStatus = (typeof CIT_APPROVAL_STATUSES)[number];
