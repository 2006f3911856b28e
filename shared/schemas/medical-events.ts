import { array, boolean, literal, nullable, object, optional, refine, string, type Infer } from 'superstruct';
import { TIME_ZONES } from '../cit-options';
import { now } from '../clock';
import { HumanInteractionsSchema, humanInteractionFailures, OTHER_CONTACT_TYPES, storedHumanInteraction, type HumanInteraction } from './human-interactions';
import { isIsoDate, uuid } from './reminders';
import { boundedText, MAX_LENGTH, NOT_LISTED } from './strings';
import { hasAnyFlag, type Flag, type Flags } from '../permissions';

/** Spec 002 section 1: the event types the product knows. */
export const MEDICAL_EVENT_NAMES = ['drug_overdose', 'survivor_interaction', 'other_interaction', 'treatment_referral', 'cit'] as const;
export type MedicalEventName = (typeof MEDICAL_EVENT_NAMES)[number];
/** Crisis interventions come from approved CIT sheets (spec 002 "CIT approval controls"), never from this form. */
export const FORM_EVENT_NAMES: readonly MedicalEventName[] = ['drug_overdose', 'survivor_interaction', 'other_interaction', 'treatment_referral'];

/**
 * Who reads an event type's details (its answers, place, provider, facility,
 * reason and notes). A crisis contact sheet holds a narrative, phones,
 * addresses and a police report number: only CIT staff read it. A type not
 * named here is read whole by anyone who reads the event; everyone else gets
 * the event's row (when, what, status).
 */
export const EVENT_DETAIL_READERS: Partial<Record<string, readonly Flag[]>> = { cit: ['hasAppCit', 'citSupervisoryApproval'] };

export const mayReadEventDetails = (flags: Partial<Flags> | undefined, medicalEventName: string): boolean => {
  const readers = EVENT_DETAIL_READERS[medicalEventName];
  return !readers || hasAnyFlag(flags, readers);
};

/** Spec 002 section 3 "Medical event type definition": the properties a type shows and requires. */
export const RULED_PROPERTIES = ['status', 'reason', 'eventTime', 'eventTimeZone', 'provider', 'facility', 'location'] as const;
export type RuledProperty = (typeof RULED_PROPERTIES)[number];
export type PropertyRules = Record<RuledProperty, { show: boolean; required: boolean }>;

/** A `reference-medical-event` row as the form and the server read it. */
export interface MedicalEventType {
  uid: string;
  medicalEventName: string;
  medicalEventLabel: string;
  medicalEventPluralLabel: string;
  propertyRules: PropertyRules;
}

/** Spec 002 section 3 "Medical event option lists" (values stored, labels shown). */
export const YES_NO_UNKNOWN = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
  { value: 'unknown', label: 'Unknown' },
] as const;
export const YES_NO_CHOICES = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;
export const NALOXONE_GIVEN_BY = [
  { value: 'ems', label: 'EMS' },
  { value: 'law_enforcement', label: 'Law Enforcement' },
  { value: 'other_individual', label: 'Other Individual' },
  { value: 'unknown', label: 'Unknown' },
] as const;
export const NALOXONE_ROUTES = [
  { value: 'nasal', label: 'Nasal' },
  { value: 'injection', label: 'Injection' },
  { value: 'iv', label: 'IV' },
] as const;
export const TREATMENT_ANSWERS = [
  { value: 'accepted', label: 'Accepted' },
  { value: 'refused', label: 'Refused' },
  { value: 'unknown', label: 'Unknown' },
] as const;
export const SURVIVOR_CHANNELS = ['Face-to-Face', 'Phone', 'Email', 'Social Media', 'Mailing', 'SMS'].map((l) => ({ value: l, label: l }));
export const CONTACT_PHASES = ['First Contact', 'Follow-up'].map((l) => ({ value: l, label: l }));
export const OTHER_CHANNELS = ['Phone', 'Face-to-face', 'Email', 'Social media', 'Mailing', 'SMS'].map((l) => ({ value: l, label: l }));
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** Status names the conditional rules of spec 002 "Medical event forms" and section 5 turn on. */
export const COMPLETED = 'completed';
export const CONNECTED = 'connected';
export const SCHEDULED = 'scheduled';

export const MUST_BE_POSITIVE_NUMBER = 'Must be a positive number';
export const MUST_BE_POSITIVE_WHOLE = 'Must be a positive whole number';
export const NOT_BEFORE_TODAY = 'Cannot be before today';
export const NOT_AFTER_TODAY = 'Cannot be after today';
export const NOT_AFTER_TODAY_UNLESS_SCHEDULED = 'Cannot be after today unless the status is Scheduled';

const text = () => optional(nullable(boundedText(MAX_LENGTH.name)));
const choice = () => optional(nullable(boundedText(MAX_LENGTH.code)));

/** A referral names a few providers, not a directory: a bound so a form never sends thousands. */
export const MAX_REFERRED_PROVIDERS = 10;
export const TOO_MANY_PROVIDERS = `At most ${MAX_REFERRED_PROVIDERS} providers`;
/** `providers`: the ids of the providers a referral is made to (the caller's organisation's). */
const ProvidersSchema = refine(array(boundedText(MAX_LENGTH.code)), 'providers', (v) => v.length <= MAX_REFERRED_PROVIDERS || TOO_MANY_PROVIDERS);

/** The detail members of spec 002 "Medical event forms" that the four form types use. */
const DetailObject = object({
  naloxoneAdministered: choice(),
  naloxoneAdministeredBy: choice(),
  routeOfNaloxoneAdministration: choice(),
  amountOfNaloxoneGiven: choice(),
  wasOverdoseFatal: choice(),
  acceptedTreatment: choice(),
  wasTransportedToHospital: choice(),
  contactAttemptType: choice(),
  contactPhase: choice(),
  survivorContacted: choice(),
  leftFlyer: choice(),
  kitsDistributed: choice(),
  ftStripsDistributed: choice(),
  xyStripsDistributed: choice(),
  doScheduleAnother: choice(),
  nextInteractionDate: choice(),
  type: choice(),
  /** The interaction's own name (a fair, a meeting): free text. */
  name: text(),
  method: choice(),
  /** The contact's relationship to the patient (the human-interaction relationships). */
  otherContactType: choice(),
  otherContactName: text(),
  otherContactPhone: choice(),
  outcome: choice(),
  outcomeDate: choice(),
  /** The kind of provider a referral is made to: a `reference-provider-role` id. */
  referToRole: choice(),
  providers: optional(nullable(ProvidersSchema)),
  humanInteractions: optional(nullable(HumanInteractionsSchema)),
});
export type DetailValues = Infer<typeof DetailObject>;
export type DetailMember = keyof DetailValues;
/** The members that hold one answer; `humanInteractions` holds a list of people and `providers` a list of ids. */
export type AnswerMember = Exclude<DetailMember, 'humanInteractions' | 'providers'>;

const Location = object({
  isHomeAddress: boolean(),
  addr1: text(),
  addr2: text(),
  city: text(),
  county: text(),
  locationName: text(),
  provinceIso: choice(),
  postCode: choice(),
});

/** The fields shared by every type (spec 002 "Medical event forms"); empty is '' in the form and null or absent on the wire. */
const MedicalEventFields = object({
  /** Names the patient on POST; a PUT keeps the event's patient. */
  patientUid: optional(uuid()),
  medicalEventName: boundedText(MAX_LENGTH.code),
  eventDate: string(),
  eventTime: choice(),
  eventTimeZone: choice(),
  statusUid: choice(),
  reasonUid: choice(),
  providerUid: choice(),
  facilityUid: choice(),
  notes: optional(nullable(boundedText(MAX_LENGTH.note))),
  noteIsInternal: optional(boolean()),
  location: optional(nullable(Location)),
  detailObject: optional(nullable(DetailObject)),
});
export type MedicalEventValues = Infer<typeof MedicalEventFields>;

const filled = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DIGITS = /^\d{1,20}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the rules need besides the values: the type, the names of its statuses, and today in the event's time zone. */
export interface RuleContext {
  type: MedicalEventType;
  statusNameOf: (uid: string) => string | undefined;
  /** YYYY-MM-DD today in a time zone (the event's, Eastern by default). */
  todayIn: (timeZone: string) => string;
  /** On an edit, an unchanged date keeps its window (a referral made yesterday can still become Connected). */
  storedDate?: string;
}

/** Which detail members a type shows for these values (the conditional display rules of spec 002). */
export function shownDetails(name: string, values: Pick<MedicalEventValues, 'detailObject'>, statusName: string | undefined): DetailMember[] {
  const d = values.detailObject ?? {};
  switch (name) {
    case 'drug_overdose':
      return [
        'naloxoneAdministered',
        ...(d.naloxoneAdministered === 'yes' ? (['naloxoneAdministeredBy', 'routeOfNaloxoneAdministration', 'amountOfNaloxoneGiven'] as const) : []),
        'wasOverdoseFatal',
        ...(d.wasOverdoseFatal === 'no' ? (['acceptedTreatment'] as const) : []),
        'wasTransportedToHospital',
      ];
    case 'survivor_interaction':
      return [
        'contactAttemptType', 'contactPhase', 'survivorContacted', 'leftFlyer',
        ...(statusName === COMPLETED ? (['kitsDistributed', 'ftStripsDistributed', 'xyStripsDistributed'] as const) : []),
        'doScheduleAnother',
        ...(d.doScheduleAnother === 'yes' ? (['nextInteractionDate'] as const) : []),
        'humanInteractions',
      ];
    case 'other_interaction':
      return ['type', 'name', 'method', 'otherContactType', 'otherContactName', 'otherContactPhone', 'humanInteractions'];
    case 'treatment_referral':
      return ['referToRole', 'providers', ...(statusName === CONNECTED ? (['outcome', 'outcomeDate'] as const) : [])];
    default:
      return [];
  }
}

/** Spec 002 section 5 "Medical event": the members each type requires (among those shown). */
const REQUIRED_DETAILS: Partial<Record<string, AnswerMember[]>> = {
  drug_overdose: ['naloxoneAdministered', 'wasOverdoseFatal', 'naloxoneAdministeredBy', 'acceptedTreatment'],
  survivor_interaction: ['contactAttemptType', 'contactPhase', 'survivorContacted', 'leftFlyer'],
  other_interaction: ['type', 'method'],
};
const POSITIVE_INTEGERS: AnswerMember[] = ['kitsDistributed', 'ftStripsDistributed', 'xyStripsDistributed'];
const DETAIL_DATES: AnswerMember[] = ['nextInteractionDate', 'outcomeDate'];
/** The members answered from a fixed list; `type` and `outcome` are reference ids the server checks. */
export const DETAIL_OPTIONS: Partial<Record<AnswerMember, readonly { value: string; label: string }[]>> = {
  naloxoneAdministered: YES_NO_UNKNOWN,
  naloxoneAdministeredBy: NALOXONE_GIVEN_BY,
  routeOfNaloxoneAdministration: NALOXONE_ROUTES,
  wasOverdoseFatal: YES_NO_UNKNOWN,
  acceptedTreatment: TREATMENT_ANSWERS,
  wasTransportedToHospital: YES_NO_UNKNOWN,
  contactAttemptType: SURVIVOR_CHANNELS,
  contactPhase: CONTACT_PHASES,
  survivorContacted: YES_NO_CHOICES,
  leftFlyer: YES_NO_CHOICES,
  doScheduleAnother: YES_NO_CHOICES,
  method: OTHER_CHANNELS,
  otherContactType: OTHER_CONTACT_TYPES,
};
/** The members answered with a reference id, which the server checks against its list. */
const REFERENCE_MEMBERS = ['type', 'outcome', 'referToRole'] as const;

const PROPERTY_FIELDS: Record<Exclude<RuledProperty, 'eventTime' | 'location'>, keyof MedicalEventValues> = {
  status: 'statusUid',
  reason: 'reasonUid',
  eventTimeZone: 'eventTimeZone',
  provider: 'providerUid',
  facility: 'facilityUid',
};

/** Every failure of spec 002 section 5 "Medical event" for these values, as [path, message]. */
export function medicalEventFailures(v: MedicalEventValues, ctx: RuleContext): [string[], string][] {
  const out: [string[], string][] = [];
  const rules = ctx.type.propertyRules;
  if (!filled(v.eventDate)) out.push([['eventDate'], 'Required']);
  else if (!isIsoDate(v.eventDate)) out.push([['eventDate'], 'Must be a date']);
  if (filled(v.eventTime) && !TIME.test(v.eventTime)) out.push([['eventTime'], 'Must be a time']);
  else if (rules.eventTime.required && !filled(v.eventTime)) out.push([['eventTime'], 'Required']);
  for (const [property, field] of Object.entries(PROPERTY_FIELDS) as [keyof typeof PROPERTY_FIELDS, keyof MedicalEventValues][]) {
    const value = v[field];
    if (filled(value) && field !== 'eventTimeZone' && !UUID.test(value)) out.push([[field], 'Must be an id']);
    else if (rules[property].show && rules[property].required && !filled(value)) out.push([[field], 'Required']);
  }
  if (filled(v.eventTimeZone) && !TIME_ZONES.some((z) => z.value === v.eventTimeZone)) out.push([['eventTimeZone'], 'Must be one of the listed time zones']);
  if (rules.location.show && rules.location.required && !v.location?.isHomeAddress && !filled(v.location?.addr1) && !filled(v.location?.locationName)) {
    out.push([['location', 'addr1'], 'Required']);
  }

  const statusName = filled(v.statusUid) ? ctx.statusNameOf(v.statusUid) : undefined;
  const name = ctx.type.medicalEventName;
  if (filled(v.eventDate) && isIsoDate(v.eventDate) && v.eventDate !== ctx.storedDate) {
    const today = ctx.todayIn(filled(v.eventTimeZone) ? v.eventTimeZone : DEFAULT_TIME_ZONE);
    const interaction = name === 'other_interaction' || name === 'survivor_interaction';
    if ((interaction || name === 'treatment_referral') && v.eventDate < today) out.push([['eventDate'], NOT_BEFORE_TODAY]);
    else if (interaction && rules.status.required && v.eventDate > today && statusName !== SCHEDULED) out.push([['eventDate'], NOT_AFTER_TODAY_UNLESS_SCHEDULED]);
    else if ((name === 'treatment_referral' || name === 'drug_overdose') && v.eventDate > today) out.push([['eventDate'], NOT_AFTER_TODAY]);
  }

  const d = v.detailObject ?? {};
  const shown = shownDetails(name, v, statusName);
  for (const member of REQUIRED_DETAILS[name] ?? []) if (shown.includes(member) && !filled(d[member])) out.push([['detailObject', member], 'Required']);
  for (const [member, options] of Object.entries(DETAIL_OPTIONS) as [AnswerMember, readonly { value: string }[]][]) {
    if (shown.includes(member) && filled(d[member]) && !options.some((o) => o.value === d[member])) out.push([['detailObject', member], NOT_LISTED]);
  }
  for (const member of REFERENCE_MEMBERS) if (shown.includes(member) && filled(d[member]) && !UUID.test(d[member]!)) out.push([['detailObject', member], NOT_LISTED]);
  if (shown.includes('providers') && d.providers?.some((uid) => !UUID.test(uid))) out.push([['detailObject', 'providers'], NOT_LISTED]);
  for (const member of POSITIVE_INTEGERS) {
    const value = d[member];
    if (shown.includes(member) && filled(value) && !(/^\d+$/.test(value.trim()) && Number(value) > 0)) out.push([['detailObject', member], MUST_BE_POSITIVE_WHOLE]);
  }
  const amount = d.amountOfNaloxoneGiven;
  if (shown.includes('amountOfNaloxoneGiven') && filled(amount) && !(/^\d+(\.\d+)?$/.test(amount.trim()) && Number(amount) > 0)) {
    out.push([['detailObject', 'amountOfNaloxoneGiven'], MUST_BE_POSITIVE_NUMBER]);
  }
  for (const member of DETAIL_DATES) if (shown.includes(member) && filled(d[member]) && !isIsoDate(d[member]!)) out.push([['detailObject', member], 'Must be a date']);
  if (shown.includes('otherContactPhone') && filled(d.otherContactPhone) && !DIGITS.test(d.otherContactPhone)) out.push([['detailObject', 'otherContactPhone'], 'Digits only']);
  if (shown.includes('humanInteractions') && d.humanInteractions) {
    const today = ctx.todayIn(filled(v.eventTimeZone) ? v.eventTimeZone : DEFAULT_TIME_ZONE);
    for (const [path, message] of humanInteractionFailures(d.humanInteractions, today)) out.push([['detailObject', 'humanInteractions', ...path.map(String)], message]);
  }
  return out;
}

/**
 * One schema for the form and the server: the shared fields' shapes, then the
 * type's property rules, conditional members, date windows and numbers.
 */
export function medicalEventSchema(ctx: RuleContext) {
  return refine(MedicalEventFields, 'medicalEventRules', (v, c) => medicalEventFailures(v, ctx).map(([path, message]) => ({ path: [...c.path, ...path], message })));
}

/** `POST /api/medical-events` and `PUT /api/medical-events/{id}`: the shapes first; the type's rules run once the server knows the type. */
export const MedicalEventPayloadSchema = object({
  data: object({
    type: literal('medical-events'),
    id: optional(boundedText(MAX_LENGTH.code)),
    attributes: MedicalEventFields,
  }),
});
export type MedicalEventPayload = Infer<typeof MedicalEventPayloadSchema>;

/** What `detail` stores: one answer per member, the providers referred to and the people met as lists. */
export type StoredDetail = Partial<Record<AnswerMember, string>> & { providers?: string[]; humanInteractions?: HumanInteraction[] };

/** Keeps only the members the type shows for these values, so a hidden answer is never stored. */
export function shownDetailObject(name: string, values: MedicalEventValues, statusName: string | undefined): StoredDetail {
  const d = values.detailObject ?? {};
  const kept: StoredDetail = {};
  for (const member of shownDetails(name, values, statusName)) {
    if (member === 'humanInteractions') {
      if (d.humanInteractions?.length) kept.humanInteractions = d.humanInteractions.map(storedHumanInteraction);
      continue;
    }
    if (member === 'providers') {
      const providers = [...new Set((d.providers ?? []).map((uid) => uid.trim().toLowerCase()).filter(Boolean))];
      if (providers.length) kept.providers = providers;
      continue;
    }
    const value = d[member];
    if (filled(value)) kept[member] = value.trim();
  }
  return kept;
}

/** Today (YYYY-MM-DD) on the wall clocks of a time zone: the date windows of spec 002 section 5 are days there. */
export function todayIn(timeZone: string, at: Date = now()): string {
  return dayFormat(timeZone).format(at);
}

/** One formatter per zone: making one costs more than the rest of a save's checks (npm run bench). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    // Intl throws for an unknown zone but takes any spelling of a known one: keep a bounded few.
    if (dayFormats.size < 100) dayFormats.set(timeZone, format);
  }
  return format;
}

/** The values a type's rules let through: a hidden property is never stored, and the time zone defaults to Eastern. */
export function ruledValues(type: MedicalEventType, v: MedicalEventValues): MedicalEventValues {
  const r = type.propertyRules;
  const keep = (property: RuledProperty, value: string | null | undefined) => (r[property].show && filled(value) ? value.trim() : null);
  return {
    ...v,
    eventTime: keep('eventTime', v.eventTime),
    eventTimeZone: keep('eventTimeZone', v.eventTimeZone) ?? DEFAULT_TIME_ZONE,
    statusUid: keep('status', v.statusUid),
    reasonUid: keep('reason', v.reasonUid),
    providerUid: keep('provider', v.providerUid),
    facilityUid: keep('facility', v.facilityUid),
    location: r.location.show ? v.location : null,
  };
}
