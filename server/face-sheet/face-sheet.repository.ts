import { sql, type RawBuilder } from 'kysely';
import { CALENDAR_EVENT_TYPE_FLAGS, CALENDAR_EVENT_TYPES, type CalendarEventType } from '../../shared/schemas/calendar';
import type { AuthContext } from '../auth/context';
import { planOnce, rowsPlannedOnce, type Db } from '../db/connect';
import { readableSheets, type SheetLog } from '../cit/stored-sheet';

/** How many reasons and referrals the CIT face sheet lists. */
export const CIT_TOP = 5;

/**
 * One patient's appointments, procedures, surgeries and tests, each kind one
 * card on the face sheet, under the columns patientEvents names (appointments
 * first: their branch names and types the columns of a union).
 */
const singleKinds = (patientUid: string) => [
  sql`select a.appointment_uid as id, 'appointment'::text as event_type, 'appointment'::text as medical_event_name, t.label as medical_event_label,
         a.event_date, a.all_day, a.status_uid, a.provider_uid, a.facility_uid
    from appointment a join reference_data t on t.uid = a.appointment_type_uid where a.patient_uid = ${patientUid}`,
  sql`select procedure_uid as id, 'procedure', null, procedure_name, event_date, all_day, status_uid, provider_uid, facility_uid from procedure where patient_uid = ${patientUid}`,
  sql`select surgery_uid as id, 'surgery', null, surgery_name, event_date, all_day, status_uid, provider_uid, facility_uid from surgery where patient_uid = ${patientUid}`,
  sql`select test_uid as id, 'testing', null, test_name, event_date, all_day, status_uid, provider_uid, facility_uid from test_event where patient_uid = ${patientUid}`,
];

const unionAll = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` union all `);

/**
 * A patient's events of every type, straight from the event tables (each read
 * through its (patient_uid, event_date) index), with the ids the labels come
 * from. The calendar's views would give the same rows, but planning their five
 * six-way joins costs more than running this for one patient.
 */
const patientEvents = (patientUid: string) => {
  const [appointments, ...rest] = singleKinds(patientUid);
  return unionAll([
    appointments,
    sql`select me.medical_event_uid, 'medical_event', m.name, m.label, me.event_date, me.all_day, me.status_uid, me.provider_uid, me.facility_uid
          from medical_event me join reference_data m on m.uid = me.medical_event_type_uid where me.patient_uid = ${patientUid}`,
    ...rest,
  ]);
};

/**
 * The latest event of each kind, each the first row of its (patient_uid,
 * [type,] event_date desc) index: a medical event per type, an appointment, a
 * procedure, a surgery and a test. The plan is the same for every patient, so
 * it is kept per connection (planOnce); choosing from all of patientEvents
 * planned 0.8 ms for 0.3 ms of work and read and sorted every event of a
 * patient with thousands (257,654 events: 730 ms, now 1.8 ms).
 */
const latestOfEachKind = (patientUid: string) => {
  const [appointments, ...rest] = singleKinds(patientUid).map((rows) => sql`(${rows} order by event_date desc, id limit 1)`);
  return unionAll([
    appointments,
    sql`select me.* from reference_data m cross join lateral (
          select me.medical_event_uid, 'medical_event', m.name, m.label, me.event_date, me.all_day, me.status_uid, me.provider_uid, me.facility_uid
            from medical_event me where me.patient_uid = ${patientUid} and me.medical_event_type_uid = m.uid
           order by me.event_date desc, me.medical_event_uid limit 1) me
         where m.model = 'reference-medical-event'`,
    ...rest,
  ]);
};

/** The card's columns for events chosen from patientEvents (alias e): status, provider and facility names. */
const EVENT_CARD = sql`e.id, e.event_type, e.medical_event_name, e.medical_event_label, e.event_date, e.all_day, s.label as status_label, pr.display_name as provider_name, f.facility_name`;
const EVENT_LABELS = sql`join reference_data s on s.uid = e.status_uid
  left join provider pr on pr.provider_uid = e.provider_uid
  left join facility f on f.facility_uid = e.facility_uid`;

const allowedTypes = (auth: AuthContext): CalendarEventType[] => CALENDAR_EVENT_TYPES.filter((t) => auth.flags[CALENDAR_EVENT_TYPE_FLAGS[t]]);

export type EventCard = {
  id: string;
  event_type: CalendarEventType;
  medical_event_name: string | null;
  medical_event_label: string | null;
  event_date: Date;
  all_day: boolean;
  status_label: string;
  provider_name: string | null;
  facility_name: string | null;
};

/** Spec 001 "Medical event card": the latest event of each kind the caller's flags allow. */
export async function latestEvents(db: Db, auth: AuthContext, patientUid: string): Promise<EventCard[]> {
  const types = allowedTypes(auth);
  if (types.length === 0) return [];
  // Two medical event types may share a name (an organisation's own beside the install's): one card per name.
  const { rows } = await planOnce(sql<EventCard>`
    select ${EVENT_CARD}
      from (
        select distinct on (e.event_type, e.medical_event_name) e.*
          from (${latestOfEachKind(patientUid)}) e
         where e.event_type = any(${types}::text[])
         order by e.event_type, e.medical_event_name, e.event_date desc, e.id
      ) e
      ${EVENT_LABELS}
     order by e.event_date desc, e.id`).execute(db);
  return rows;
}

const EVENT_TABLES: Record<CalendarEventType, { table: string; id: string }> = {
  appointment: { table: 'appointment', id: 'appointment_uid' },
  medical_event: { table: 'medical_event', id: 'medical_event_uid' },
  procedure: { table: 'procedure', id: 'procedure_uid' },
  surgery: { table: 'surgery', id: 'surgery_uid' },
  testing: { table: 'test_event', id: 'test_uid' },
};

/** One event of the patient for its read-only details page; undefined when not this patient's or not a type the caller may see. */
export async function findEvent(db: Db, auth: AuthContext, patientUid: string, type: CalendarEventType, eventUid: string) {
  if (!allowedTypes(auth).includes(type)) return undefined;
  const { table, id } = EVENT_TABLES[type];
  const { rows } = await sql<EventCard & { notes: string | null; cit_submission_uid: string | null }>`
    select ${EVENT_CARD}, x.notes, c.submission_uid as cit_submission_uid
      from (${patientEvents(patientUid)}) e
      ${EVENT_LABELS}
      join ${sql.table(table)} x on x.${sql.ref(id)} = e.id
      left join cit_submission c on c.medical_event_uid = e.id and c.patient_uid = ${patientUid}
     where e.event_type = ${type} and e.id = ${eventUid}`.execute(db);
  return rows[0];
}

/**
 * Spec 001 "Note": the patient's active notes, newest first. This list and
 * the reminders keep their plans per connection (planOnce): found by the
 * patient's id, planning them cost several times running them.
 */
export function listNotes(db: Db, patientUid: string, limit: number) {
  const query = db
    .selectFrom('patient_note as n')
    .leftJoin('app_user as u', 'u.user_uid', 'n.author_uid')
    .select(['n.note_uid', 'n.note_type', 'n.note', 'n.activity_date', 'n.created_at as created_date', 'u.first_name as author_first_name', 'u.last_name as author_last_name'])
    .where('n.patient_uid', '=', patientUid)
    .where('n.is_archived', '=', false)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.note_uid')
    .limit(limit);
  return rowsPlannedOnce(db, query);
}

/** Spec 001 section 9: reminder lists show unread reminders only, newest reminder date first. */
export function listUnreadReminders(db: Db, patientUid: string, limit: number) {
  const query = db
    .selectFrom('notification as n')
    .select(['n.id', 'n.reminder_date', 'n.note', 'n.is_urgent', 'n.display_name as assigned_to'])
    .where('n.subject_uid', '=', patientUid)
    .where('n.is_read', '=', false)
    .where('n.is_active', '=', true)
    .orderBy('n.reminder_date', 'desc')
    .orderBy('n.id')
    .limit(limit);
  return rowsPlannedOnce(db, query);
}

export function primaryAddress(db: Db, patientUid: string) {
  return db
    .selectFrom('patient_address as a')
    .leftJoin('reference_data as t', 't.uid', 'a.address_type_uid')
    .leftJoin('reference_data as st', 'st.uid', 'a.country_division_uid')
    .select(['a.address_uid', 'a.addr1 as address1', 'a.addr2 as address2', 'a.city', 'st.label as state', 'st.name as state_iso', 'a.post_code', 'a.county', 't.label as address_type', 'a.is_primary'])
    .where('a.patient_uid', '=', patientUid)
    .orderBy('a.is_primary', 'desc')
    .orderBy('a.created_at')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Spec 001 "Patient overview", CIT: what the patient's approved CIT sheets
 * say (an emergency hospitalisation is a sheet whose subject was taken into
 * custody for evaluation), and the patient's newest outbound referrals for a
 * mental-health specialty, each linking to its referral.
 */
export async function citSummary(db: Db, patientUid: string, log: SheetLog) {
  // A malformed previous sheet is logged and skipped (spec 002 section 3), not a failed summary.
  const approved = await sql<{ submission_uid: string; submission_json: unknown }>`
    select submission_uid, submission_json from cit_submission where patient_uid = ${patientUid} and approval_status = 'approved'`.execute(db);
  const readable = readableSheets(approved.rows, log).map((r) => r.submission_uid);
  const sheets = sql`select submission_json as s from cit_submission where submission_uid = any(${readable}::uuid[])`;
  const { rows: [counts] } = await sql<{ cit_events: number; with_weapons: number; emergency_hospitalizations: number }>`
    select count(*)::int as cit_events,
           count(*) filter (where jsonb_array_length(coalesce(nullif(s->'weaponInvolved', 'null'::jsonb), '[]'::jsonb)) > 0)::int as with_weapons,
           count(*) filter (where s->>'subjectTakenIntoCustodyForEvaluation' = 'yes')::int as emergency_hospitalizations
      from (${sheets}) sheets`.execute(db);
  const { rows: reasons } = await sql<{ reason: string; count: number }>`
    select reason, count(*)::int as count
      from (${sheets}) sheets, jsonb_array_elements_text(coalesce(nullif(s->'crisis', 'null'::jsonb), '[]'::jsonb)) reason
     group by reason order by count(*) desc, reason limit ${CIT_TOP}`.execute(db);
  const referrals = await db
    .selectFrom('outbound_referral_view as v')
    .innerJoin('reference_data as sp', 'sp.uid', 'v.specialty_uid')
    .select(['v.outbound_referral_uid', 'v.event_date', 'v.provider_role_name', 'v.to_name', 'v.status_label'])
    .where('v.patient_uid', '=', patientUid)
    .where(sql<boolean>`(sp.attributes->>'mentalHealth')::boolean is true`)
    .orderBy('v.event_date', 'desc')
    .orderBy('v.created_at', 'desc')
    .limit(CIT_TOP)
    .execute();
  return { ...counts, top_reasons: reasons, top_mental_health_referrals: referrals };
}
