import { sql, type Compilable, type RawBuilder } from 'kysely';
import type { MedicalEventType, MedicalEventValues, StoredDetail } from '../../shared/schemas/medical-events';
import { referenceCache } from '../cache/reference-cache';
import { planOnce, type Db } from '../db/connect';
import { sharedOrOwn } from '../dataviews/scopes';
import { sqlNow } from '../db/clock';

/** Crisis intervention dispositions are the Episode statuses (spec 002 "Medical event forms"). */
const statusTypeOf = (name: string) => (name === 'cit' ? 'Episode' : `medical_event__${name}`);

/**
 * A type with the choices its form offers, as one cached read: its statuses
 * (uid → name), reasons, and the interaction types and outcomes every type
 * shares. Every list and save needs them; they change rarely.
 */
export interface EventTypeChoices {
  type: MedicalEventType;
  statuses: Map<string, string>;
  reasons: Set<string>;
  interactionTypes: Set<string>;
  outcomes: Set<string>;
  /** Provider roles a referral may be made to (`referToRole`). */
  providerRoles: Set<string>;
  /** The location's state choices, by their ISO abbreviation (`reference-country-division` names). */
  states: Set<string>;
}

const eventTypeCache = referenceCache<EventTypeChoices | undefined>();

/**
 * The active `reference-medical-event` row of `name` with its choices, as the
 * caller's organisation sees them (the install's rows and its own);
 * undefined for an unknown or inactive type. Pass the caller's transaction as
 * `db` when it holds one.
 */
export function findEventType(db: Db, name: string, orgUid: string): Promise<EventTypeChoices | undefined> {
  return eventTypeCache.get(`${orgUid} ${name}`, () => loadEventType(db, name, orgUid));
}

async function loadEventType(db: Db, name: string, orgUid: string): Promise<EventTypeChoices | undefined> {
  const { rows } = await sql<{ uid: string; model: string; name: string; label: string; attributes: Partial<MedicalEventType> | null }>`
    select uid, model, name, label, attributes from reference_data
     where is_active and ${sharedOrOwn('org_uid', orgUid)} and (
           (model = 'reference-medical-event' and name = ${name})
        or (model = 'reference-status' and ref_data_type = ${statusTypeOf(name)})
        or (model = 'reference-reason' and ref_data_type = ${`medical_event__${name}`})
        or model in ('reference-medical-event-interaction', 'reference-medical-event-outcome', 'reference-provider-role', 'reference-country-division'))`.execute(db);
  const row = rows.find((r) => r.model === 'reference-medical-event');
  const a = row?.attributes;
  if (!row || !a?.propertyRules) return undefined;
  const uids = (model: string) => new Set(rows.filter((r) => r.model === model).map((r) => r.uid));
  return {
    type: { uid: row.uid, medicalEventName: row.name, medicalEventLabel: row.label, medicalEventPluralLabel: a.medicalEventPluralLabel ?? row.label, propertyRules: a.propertyRules },
    statuses: new Map(rows.filter((r) => r.model === 'reference-status').map((r) => [r.uid, r.name])),
    reasons: uids('reference-reason'),
    interactionTypes: uids('reference-medical-event-interaction'),
    outcomes: uids('reference-medical-event-outcome'),
    providerRoles: uids('reference-provider-role'),
    states: new Set(rows.filter((r) => r.model === 'reference-country-division').map((r) => r.name)),
  };
}

/**
 * A reference row's name or label for an event's key. Read beside each row
 * rather than joined: every statement is planned on each call (createDb), and
 * five joins cost PostgreSQL about 1 ms of planning per list call against
 * 0.2 ms this way (EXPLAIN on a 5,000-patient bench cluster), more than the rows take.
 */
const refColumn = (column: 'name' | 'label', key: string, as: string) => sql`(select ${sql.ref(column)} from reference_data where uid = ${sql.ref(`me.${key}`)}) as ${sql.ref(as)}`;
const TYPE_NAMES = sql`${refColumn('name', 'medical_event_type_uid', 'medical_event_name')}, ${refColumn('label', 'medical_event_type_uid', 'medical_event_label')}`;
const STATUS_NAMES = sql`${refColumn('name', 'status_uid', 'status_name')}, ${refColumn('label', 'status_uid', 'status_label')}`;
const REASON_LABEL = refColumn('label', 'reason_uid', 'reason_label');
const EVENT_DAY_AND_TIME = sql`
  to_char(me.event_date at time zone me.event_time_zone, 'YYYY-MM-DD') as event_date_local,
  case when me.all_day then null else to_char(me.event_date at time zone me.event_time_zone, 'HH24:MI') end as event_time`;

/** Spec 002 "Medical event (list and detail reading)". */
const EVENT_COLUMNS = sql`
  me.medical_event_uid, me.patient_uid, ${TYPE_NAMES}, me.event_date, ${EVENT_DAY_AND_TIME},
  me.event_time_zone, me.all_day, me.status_uid, ${STATUS_NAMES}, me.reason_uid, ${REASON_LABEL},
  me.provider_uid, pr.display_name as provider_name, me.facility_uid, f.facility_name, me.location,
  coalesce(me.detail, '{}'::jsonb) as detail_object, false as is_foreign, me.created_at, me.updated_at`;

const EVENT_JOINS = sql`
  left join provider pr on pr.provider_uid = me.provider_uid
  left join facility f on f.facility_uid = me.facility_uid`;

export interface MedicalEventRow {
  medical_event_uid: string;
  patient_uid: string;
  medical_event_name: string;
  medical_event_label: string;
  event_date: Date;
  event_date_local: string;
  event_time: string | null;
  event_time_zone: string;
  all_day: boolean;
  status_uid: string;
  status_name: string;
  status_label: string;
  reason_uid: string | null;
  reason_label: string | null;
  provider_uid: string | null;
  provider_name: string | null;
  facility_uid: string | null;
  facility_name: string | null;
  location: Record<string, unknown> | null;
  detail_object: StoredDetail;
  is_foreign: boolean;
  created_at: Date;
  updated_at: Date | null;
  /** On list rows (spec 002 "Medical event list": a row may name its patient). */
  patient_first_name?: string;
  patient_last_name?: string;
  /** On one event read for its details: the providers a referral names (`detail.providers`), by name. */
  referred_providers?: { provider_uid: string; display_name: string }[];
}

/** The listed patient's name beside each row: one read of the patient for the whole list (an InitPlan), whatever the number of rows. */
const patientName = (patientUid: string) => sql`
  (select first_name from patient where patient_uid = ${patientUid}) as patient_first_name,
  (select last_name from patient where patient_uid = ${patientUid}) as patient_last_name`;

/** The providers `detail.providers` names, by name, for the details page (CIT staff read them without the provider list). */
const REFERRED_PROVIDERS = sql`
  (select coalesce(jsonb_agg(jsonb_build_object('provider_uid', p.provider_uid, 'display_name', p.display_name) order by p.display_name), '[]'::jsonb)
     from provider p
    where jsonb_typeof(me.detail -> 'providers') = 'array'
      and p.provider_uid::text in (select jsonb_array_elements_text(me.detail -> 'providers'))) as referred_providers`;

/**
 * A patient's events of one type, newest first, in the order of their index (migration 054): only the rows shown are read.
 * Planned once per connection: the generic plan walks that index too, also for a patient with 22,701 events (EXPLAIN, 0.9 ms).
 */
export async function listEvents(db: Db, patientUid: string, typeUid: string, limit: number): Promise<MedicalEventRow[]> {
  const { rows } = await planOnce(sql<MedicalEventRow>`
    select ${EVENT_COLUMNS}, ${patientName(patientUid)}
      from medical_event me ${EVENT_JOINS}
     where me.patient_uid = ${patientUid} and me.medical_event_type_uid = ${typeUid}
     order by me.event_date desc, me.medical_event_uid
     limit ${limit}`).execute(db);
  return rows;
}

/**
 * What anyone who reads an event sees of it, whatever its type: when, what
 * and its status. The rest (answers, place, provider, facility, reason,
 * notes) only its type's detail readers (EVENT_DETAIL_READERS) and the
 * recording division.
 */
export const EVENT_ROW_FIELDS = [
  'medical_event_uid', 'patient_uid', 'medical_event_name', 'medical_event_label', 'event_date', 'event_date_local', 'event_time',
  'event_time_zone', 'all_day', 'status_name', 'status_label', 'is_foreign', 'created_at', 'updated_at', 'patient_first_name', 'patient_last_name',
] as const satisfies readonly (keyof MedicalEventRow)[];

export type EventRowOnly = Pick<MedicalEventRow, (typeof EVENT_ROW_FIELDS)[number]> & { detail_object: Record<string, never> };

/** A foreign event as its list row shows it: the row and the recording division, nothing else. */
export type ForeignEventRow = EventRowOnly & { recorded_by: string };

/**
 * Spec 002 "Medical event list": foreign events are the same person's events
 * recorded by another division, reached through a division referral that a
 * person of the receiving division linked to a record (either way), from the
 * referral's date on. The select list is the allow-list: date, type, status
 * and the recording division. Restricted and adoption records on the other
 * side share nothing.
 */
export async function listForeignEvents(db: Db, patientUid: string, callerDivisionUid: string, typeUid: string | null, limit: number): Promise<ForeignEventRow[]> {
  const { rows } = await sql<ForeignEventRow>`
    with linked as (
      select received_patient_uid as patient_uid, event_date as since from outbound_referral where patient_uid = ${patientUid} and linked_at is not null
      union all
      select patient_uid, event_date from outbound_referral where received_patient_uid = ${patientUid} and linked_at is not null
    ), other as (select patient_uid, min(since) as since from linked group by patient_uid)
    select me.medical_event_uid, ${patientUid}::uuid as patient_uid, ${TYPE_NAMES}, me.event_date, ${EVENT_DAY_AND_TIME},
           me.event_time_zone, me.all_day, ${STATUS_NAMES}, '{}'::jsonb as detail_object,
           true as is_foreign, d.division_name as recorded_by, me.created_at, me.updated_at, ${patientName(patientUid)}
      from other l
      join patient op on op.patient_uid = l.patient_uid
      join division d on d.division_uid = op.division_uid
      join medical_event me on me.patient_uid = op.patient_uid
     where op.division_uid <> ${callerDivisionUid} and op.restricted_flag <> '1' and not op.adoption_case
       and (me.event_date at time zone me.event_time_zone)::date >= l.since
       and ${typeUid === null ? sql`true` : sql`me.medical_event_type_uid = ${typeUid}`}
     order by me.event_date desc, me.medical_event_uid
     limit ${limit}`.execute(db);
  return rows;
}

/** One event; the caller checks that its patient is visible. */
export async function findMedicalEvent(db: Db, eventUid: string): Promise<MedicalEventRow | undefined> {
  const { rows } = await sql<MedicalEventRow>`select ${EVENT_COLUMNS}, ${REFERRED_PROVIDERS} from medical_event me ${EVENT_JOINS} where me.medical_event_uid = ${eventUid}`.execute(db);
  return rows[0];
}

/**
 * Which of the chosen ids are not among the type's choices or the caller's
 * organisation's facilities and providers, by field: the event's own ids and
 * the detail members it stores (`detail`), the location's state by its ISO
 * abbreviation. The reference choices are checked in memory; the database is
 * asked only when a facility or a provider was chosen.
 */
export async function unlistedChoices(db: Db, orgUid: string, choices: EventTypeChoices, v: MedicalEventValues, detail: StoredDetail): Promise<string[]> {
  // The detail members as stored: those the type shows for these answers (a hidden one is dropped, not refused).
  const d = detail;
  const notIn = (uid: string | null | undefined, listed: { has(uid: string): boolean }) => !!uid && !listed.has(uid);
  const unlisted = Object.entries({
    statusUid: notIn(v.statusUid, choices.statuses),
    reasonUid: notIn(v.reasonUid, choices.reasons),
    'detailObject.type': notIn(d.type, choices.interactionTypes),
    'detailObject.outcome': notIn(d.outcome, choices.outcomes),
    'detailObject.referToRole': notIn(d.referToRole, choices.providerRoles),
    'location.provinceIso': notIn(v.location?.provinceIso?.trim(), choices.states),
  }).flatMap(([field, bad]) => (bad ? [field] : []));
  // Each checked by the schema to be an id.
  const referred = d.providers ?? [];
  if (!v.facilityUid && !v.providerUid && !referred.length) return unlisted;
  const { rows } = await sql<{ facility: boolean; provider: boolean; providers: boolean }>`
    select ${v.facilityUid ? sql`exists (select 1 from facility where facility_uid = ${v.facilityUid}::uuid and (org_uid = ${orgUid} or org_uid is null))` : sql`true`} as facility,
           ${v.providerUid ? sql`exists (select 1 from provider where provider_uid = ${v.providerUid}::uuid and org_uid = ${orgUid})` : sql`true`} as provider,
           ${referred.length ? sql`(select count(*) from provider where provider_uid = any(${referred}::uuid[]) and org_uid = ${orgUid}) = ${referred.length}` : sql`true`} as providers`.execute(db);
  return [...unlisted, ...(rows[0].facility ? [] : ['facilityUid']), ...(rows[0].provider ? [] : ['providerUid']), ...(rows[0].providers ? [] : ['detailObject.providers'])];
}

/** The columns a form save writes, as SQL expressions; `detail` holds only the members the type shows. */
function columns(v: MedicalEventValues, detail: StoredDetail): [string, RawBuilder<unknown>][] {
  const time = v.eventTime || null;
  const zone = v.eventTimeZone!;
  const hasLocation = !!v.location && (v.location.isHomeAddress || Object.entries(v.location).some(([k, x]) => k !== 'isHomeAddress' && typeof x === 'string' && x.trim() !== ''));
  const location = hasLocation ? Object.fromEntries(Object.entries(v.location!).map(([k, x]) => [k, typeof x === 'string' ? x.trim() || null : x])) : null;
  return [
    ['event_date', sql`((${v.eventDate}::date + coalesce(${time}::time, '00:00'::time)) at time zone ${zone})`],
    ['event_time_zone', sql`${zone}`],
    ['all_day', sql`${time === null}`],
    ['status_uid', sql`${v.statusUid}::uuid`],
    ['reason_uid', sql`${v.reasonUid || null}::uuid`],
    ['provider_uid', sql`${v.providerUid || null}::uuid`],
    ['facility_uid', sql`${v.facilityUid || null}::uuid`],
    ['location', sql`${location ? JSON.stringify(location) : null}::jsonb`],
    ['detail', sql`${JSON.stringify(detail)}::jsonb`],
  ];
}

/**
 * Stores the event when the patient passes `visible` (the access guard's
 * rule on the `patient` row), runs `alongside` (its activity-log entry, given
 * the new event's id) and reads the event back as the list and details read
 * it, all in one statement; undefined when the patient is not visible (the
 * caller answers 404 and rolls back `alongside`). Its plan is kept per
 * connection: planning this statement cost more than running it (32
 * connections, 100,000 patients: 300 -> 490 creates/s).
 */
export async function insertMedicalEvent(
  db: Db,
  patientUid: string,
  visible: RawBuilder<unknown>,
  typeUid: string,
  userUid: string,
  v: MedicalEventValues,
  detail: StoredDetail,
  alongside: (eventUid: RawBuilder<string>) => Compilable,
): Promise<MedicalEventRow | undefined> {
  const c = columns(v, detail);
  const { rows } = await planOnce(sql<MedicalEventRow>`
    with me as (
      insert into medical_event (patient_uid, medical_event_type_uid, created_by, ${sql.join(c.map(([name]) => sql.ref(name)))})
      select patient.patient_uid, ${typeUid}::uuid, ${userUid}::uuid, ${sql.join(c.map(([, value]) => value))}
        from patient where patient.patient_uid = ${patientUid} and ${visible}
      returning *),
    alongside as (${alongside(sql<string>`(select medical_event_uid from me)`)})
    select ${EVENT_COLUMNS} from me ${EVENT_JOINS}`).execute(db);
  return rows[0];
}

export async function updateMedicalEvent(db: Db, eventUid: string, v: MedicalEventValues, detail: StoredDetail): Promise<void> {
  const set = columns(v, detail).map(([name, value]) => sql`${sql.ref(name)} = ${value}`);
  await sql`update medical_event set ${sql.join(set)}, updated_at = ${sqlNow()} where medical_event_uid = ${eventUid}`.execute(db);
}

export interface EventNote {
  note_uid: string;
  note: string;
  note_is_internal: boolean;
  created_at: Date;
  author_first_name: string | null;
  author_last_name: string | null;
}

/** Spec 002 "Previous Notes": an event's active notes, newest first. */
export async function previousNotes(db: Db, eventUid: string): Promise<EventNote[]> {
  const { rows } = await sql<EventNote>`
    select n.note_uid, n.note, n.note_is_internal, n.created_at, u.first_name as author_first_name, u.last_name as author_last_name
      from medical_event_note n left join app_user u on u.user_uid = n.author_uid
     where n.medical_event_uid = ${eventUid} and n.is_active
     order by n.created_at desc, n.note_uid`.execute(db);
  return rows;
}

/** The form's Notes, when written, become the event's newest note. */
export async function addNote(db: Db, eventUid: string, authorUid: string, v: MedicalEventValues): Promise<void> {
  const note = v.notes?.trim();
  if (!note) return;
  await sql`insert into medical_event_note (medical_event_uid, note, note_is_internal, author_uid) values (${eventUid}, ${note}, ${v.noteIsInternal ?? false}, ${authorUid})`.execute(db);
}

/** Deactivates one active note of the event; false when there is none to deactivate. */
export async function deactivateNote(db: Db, eventUid: string, noteUid: string): Promise<boolean> {
  const { numAffectedRows } = await sql`
    update medical_event_note set is_active = false
     where note_uid = ${noteUid} and medical_event_uid = ${eventUid} and is_active`.execute(db);
  return Number(numAffectedRows ?? 0) > 0;
}
