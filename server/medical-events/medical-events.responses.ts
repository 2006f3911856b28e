import { RULED_PROPERTIES } from '../../shared/schemas/medical-events';
import { snakeCase } from '../../shared/casing';
import { Bool, Counted, Day, Int, Json, Many, Nullable, Obj, One, pick, Resource, Text, Timestamp, Type, Uuid } from '../api-docs/json-api';
import { EVENT_ROW_FIELDS } from './medical-events.repository';

/** A medical event type with its form's rules (spec 002 "Medical event type definition"), in snake_case. */
const EventType = Obj({
  uid: Uuid(),
  medical_event_name: Text(),
  medical_event_label: Text(),
  medical_event_plural_label: Text(),
  property_rules: Obj(Object.fromEntries(RULED_PROPERTIES.map((p) => [snakeCase(p), Obj({ show: Bool(), required: Bool() })]))),
});

/** A detail member holds one answer, there when its type shows it and it was given. */
const answer = () => Type.Optional(Text());

/** One person of a survivor or other interaction, as settleHumanInteractions stores it. */
const HumanInteraction = Obj({
  id: Text(),
  other_contact_type: Nullable(Text()),
  first_name: Nullable(Text()),
  last_name: Nullable(Text()),
  full_name: Nullable(Text()),
  telephone_type: Nullable(Text()),
  telephone_number: Nullable(Text()),
  create_patient: Bool(),
  patient: Nullable(Text()),
  email: Nullable(Text()),
  birth_date: Nullable(Text()),
  gender: Nullable(Text()),
  is_active: Bool(),
});

/**
 * The stored `detail`: the answers its type's form shows (StoredDetail), or an approved CIT sheet's;
 * empty for a caller who may not read the type's details.
 */
const DetailObject = Obj({
  naloxone_administered: answer(),
  naloxone_administered_by: answer(),
  route_of_naloxone_administration: answer(),
  amount_of_naloxone_given: answer(),
  was_overdose_fatal: answer(),
  accepted_treatment: answer(),
  was_transported_to_hospital: answer(),
  contact_attempt_type: answer(),
  contact_phase: answer(),
  survivor_contacted: answer(),
  left_flyer: answer(),
  kits_distributed: answer(),
  ft_strips_distributed: answer(),
  xy_strips_distributed: answer(),
  do_schedule_another: answer(),
  next_interaction_date: answer(),
  type: answer(),
  name: answer(),
  method: answer(),
  other_contact_type: answer(),
  other_contact_name: answer(),
  other_contact_phone: answer(),
  outcome: answer(),
  outcome_date: answer(),
  refer_to_role: answer(),
  providers: Type.Optional(Type.Array(Uuid())),
  human_interactions: Type.Optional(Type.Array(HumanInteraction)),
  crisis: Type.Optional(Json('The CIT sheet as its officer submitted it (cit.routes.ts), in snake_case')),
  cit_submission_uid: Type.Optional(Uuid()),
  agency_name: Type.Optional(Text()),
});

/** Where it happened: the members the form sent, trimmed, empty ones null. */
const Location = Obj({
  is_home_address: Type.Optional(Bool()),
  addr1: Type.Optional(Nullable(Text())),
  addr2: Type.Optional(Nullable(Text())),
  city: Type.Optional(Nullable(Text())),
  county: Type.Optional(Nullable(Text())),
  location_name: Type.Optional(Nullable(Text())),
  province_iso: Type.Optional(Nullable(Text())),
  post_code: Type.Optional(Nullable(Text())),
});

/** An event as its type's detail readers read it: EVENT_COLUMNS (medical-events.repository.ts). */
const event = {
  medical_event_uid: Uuid(),
  patient_uid: Uuid(),
  medical_event_name: Text(),
  medical_event_label: Text(),
  event_date: Timestamp(),
  event_date_local: Day(),
  event_time: Nullable(Text("HH:MM on the event time zone's clock; null all day")),
  event_time_zone: Text(),
  all_day: Bool(),
  status_uid: Uuid(),
  status_name: Text(),
  status_label: Text(),
  reason_uid: Nullable(Uuid()),
  reason_label: Nullable(Text()),
  provider_uid: Nullable(Uuid()),
  provider_name: Nullable(Text()),
  facility_uid: Nullable(Uuid()),
  facility_name: Nullable(Text()),
  location: Nullable(Location),
  detail_object: DetailObject,
  is_foreign: Bool(),
  created_at: Timestamp(),
  updated_at: Nullable(Timestamp()),
};

const ROW: readonly string[] = [...EVENT_ROW_FIELDS, 'detail_object'];
/** An event as any caller reads it: a caller who may not read its type's details gets its row only (EVENT_ROW_FIELDS), detail_object empty. */
const readableEvent = Object.fromEntries(Object.entries(event).map(([name, schema]) => [name, ROW.includes(name) ? schema : Type.Optional(schema)]));

/** A list row names its patient. */
const patientName = { patient_first_name: Text(), patient_last_name: Text() };

/** Spec 002 "Previous Notes": an event's active notes, newest first. */
const previousNotes = Type.Array(
  Obj({ note_uid: Uuid(), note: Text(), note_is_internal: Bool(), created_at: Timestamp(), author_first_name: Nullable(Text()), author_last_name: Nullable(Text()) }),
);
/** The providers a referral names (`detail.providers`), by name. */
const referredProviders = Type.Array(Obj({ provider_uid: Uuid(), display_name: Text() }));

export const EventTypeDocument = One(Resource('reference-medical-event', EventType.properties));

/** A patient's events of one type, newest first, with the type. */
export const EventList = Many(Resource('medical-events', { ...readableEvent, ...patientName }), { meta: Obj({ total: Int(), medical_event_type: EventType }) });

/** The same person's events recorded by another division: the row and who recorded it, nothing else. */
export const ForeignEventList = Counted(Resource('medical-events', {
    ...pick(event, 'medical_event_uid', 'patient_uid', 'medical_event_name', 'medical_event_label', 'event_date', 'event_date_local', 'event_time', 'event_time_zone', 'all_day', 'status_name', 'status_label'),
    detail_object: Obj({}),
    is_foreign: Bool(),
    recorded_by: Text(),
    ...pick(event, 'created_at', 'updated_at'),
    ...patientName,
  }));

/** One event as its details page reads it; its referred providers and notes only for its type's detail readers. */
export const EventDocument = One(Resource('medical-events', { ...readableEvent, referred_providers: Type.Optional(referredProviders), previous_notes: Type.Optional(previousNotes) }));

/** A new event as its form saved it (a form's type: its recorder reads its details). */
export const AddedEventDocument = One(Resource('medical-events', { ...event, previous_notes: previousNotes }));

/** A changed event as its details page reads it. */
export const ChangedEventDocument = One(Resource('medical-events', { ...event, referred_providers: referredProviders, previous_notes: previousNotes }));
