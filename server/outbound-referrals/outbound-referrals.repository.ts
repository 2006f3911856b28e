import { sql } from 'kysely';
import type { OutboundReferralPayload } from '../../shared/schemas/outbound-referrals';
import type { Db } from '../db/connect';
import { sqlNow } from '../db/clock';

type Attributes = OutboundReferralPayload['data']['attributes'];

export const REFERRAL_STATUS_TYPE = 'outbound referral';
const PENDING = 'Pending';
/** What the receiving division's "new referrals" queue picks up (server/db/seed/demo.ts: referral_status New). */
const NEW_INBOUND = 'New';
/** `inbound_referral.referral_method` of a referral from another division. */
export const DIVISION_REFERRAL_METHOD = 'Careweave division';

const VIEW_COLUMNS = [
  'v.outbound_referral_uid', 'v.patient_uid', 'v.event_date', 'v.specialty_uid', 'v.provider_role_name', 'v.status_uid', 'v.status_label', 'v.status_changed_at',
  'v.to_type', 'v.to_provider_uid', 'v.to_facility_uid', 'v.to_division_uid', 'v.to_name', 'v.priority', 'v.priority_label', 'v.reason', 'v.notes',
  'v.from_provider_uid', 'v.from_provider_name', 'v.created_at',
] as const;

/** Holds the referral's row until the transaction ends, so two answers to it come one after the other. */
export async function lockReferral(db: Db, referralUid: string): Promise<void> {
  await db.selectFrom('outbound_referral').select('outbound_referral_uid').where('outbound_referral_uid', '=', referralUid).forUpdate().execute();
}

/** One referral as its sender sees it, with who received it where; the caller checks who may see it. */
export function findOutboundReferral(db: Db, referralUid: string) {
  return db
    .selectFrom('outbound_referral_view as v')
    .innerJoin('outbound_referral as r', 'r.outbound_referral_uid', 'v.outbound_referral_uid')
    .innerJoin('patient as p', 'p.patient_uid', 'v.patient_uid')
    .innerJoin('division as d', 'd.division_uid', 'p.division_uid')
    // Sent by FHIR (issue 35): where its Task stands at the facility's server.
    .leftJoin('fhir_outbound as f', 'f.outbound_referral_uid', 'r.outbound_referral_uid')
    .select([...VIEW_COLUMNS, 'r.received_patient_uid', 'r.inbound_referral_uid', 'p.division_uid as from_division_uid', 'd.division_name as from_division_name'])
    .select([sql<boolean>`f.outbound_referral_uid is not null`.as('sent_by_fhir'), 'f.sent_at as fhir_sent_at', 'f.task_status as fhir_task_status', 'f.business_status as fhir_business_status', 'f.output_display as fhir_output'])
    .where('v.outbound_referral_uid', '=', referralUid)
    .executeTakeFirst();
}
export type OutboundReferral = NonNullable<Awaited<ReturnType<typeof findOutboundReferral>>>;

/**
 * Referrals other divisions sent to this patient's record: what the receiver
 * sees of each (never the sender's patient), newest first.
 */
export function receivedReferrals(db: Db, receivedPatientUid: string) {
  return db
    .selectFrom('outbound_referral_view as v')
    .innerJoin('outbound_referral as r', 'r.outbound_referral_uid', 'v.outbound_referral_uid')
    .innerJoin('patient as p', 'p.patient_uid', 'v.patient_uid')
    .innerJoin('division as d', 'd.division_uid', 'p.division_uid')
    .select(['v.outbound_referral_uid', 'v.event_date', 'v.provider_role_name', 'v.status_uid', 'v.status_label', 'v.status_changed_at', 'v.priority', 'v.priority_label', 'v.reason', 'v.notes', 'v.from_provider_name', 'd.division_name as from_division_name', 'r.received_patient_uid'])
    .where('r.received_patient_uid', '=', receivedPatientUid)
    .orderBy('v.event_date', 'desc')
    .orderBy('v.created_at', 'desc')
    .execute();
}

export interface ChoiceCheck {
  specialty: boolean;
  status: boolean;
  target: boolean;
}

const activeReference = (db: Db, uid: string, model: string, type?: string) => {
  let q = db.selectFrom('reference_data').select('uid').where('uid', '=', uid).where('model', '=', model).where('is_active', '=', true);
  if (type) q = q.where('ref_data_type', '=', type);
  return q.executeTakeFirst();
};

/**
 * Whether the choices are the lists' options: a provider role, a status of
 * type outbound referral, and a provider or facility of the caller's
 * organisation or another division of it (the patient's own division would
 * refer the patient to itself).
 */
export async function choicesExist(db: Db, orgUid: string, patientDivisionUid: string, a: Attributes): Promise<ChoiceCheck> {
  const specialty = await activeReference(db, a.specialtyUid, 'reference-provider-role');
  const status = a.statusUid ? await activeReference(db, a.statusUid, 'reference-status', REFERRAL_STATUS_TYPE) : true;
  const target =
    a.toType === 'provider'
      ? await db.selectFrom('provider').select('provider_uid').where('provider_uid', '=', a.toProviderUid!).where('org_uid', '=', orgUid).executeTakeFirst()
      : a.toType === 'facility'
        ? await db.selectFrom('facility').select('facility_uid').where('facility_uid', '=', a.toFacilityUid!).where((eb) => eb.or([eb('org_uid', '=', orgUid), eb('org_uid', 'is', null)])).executeTakeFirst()
        : await db.selectFrom('division').select('division_uid').where('division_uid', '=', a.toDivisionUid!).where('org_uid', '=', orgUid).where('division_uid', '<>', patientDivisionUid).executeTakeFirst();
  return { specialty: !!specialty, status: !!status, target: !!target };
}

/** A referral status of type outbound referral, by id. */
export function findStatus(db: Db, statusUid: string) {
  return db.selectFrom('reference_data').select(['uid', 'label']).where('uid', '=', statusUid).where('model', '=', 'reference-status').where('ref_data_type', '=', REFERRAL_STATUS_TYPE).where('is_active', '=', true).executeTakeFirst();
}

async function pendingStatus(db: Db): Promise<string> {
  const row = await db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-status').where('ref_data_type', '=', REFERRAL_STATUS_TYPE).where('label', '=', PENDING).executeTakeFirstOrThrow();
  return row.uid;
}

/** The caller's own provider record in the organisation: who "referred by" names. */
export async function ownProvider(db: Db, orgUid: string, userUid: string): Promise<string | null> {
  const row = await db.selectFrom('provider').select('provider_uid').where('org_uid', '=', orgUid).where('user_uid', '=', userUid).orderBy('provider_uid').executeTakeFirst();
  return row?.provider_uid ?? null;
}

const columns = (a: Attributes) => ({
  specialty_uid: a.specialtyUid,
  event_date: a.eventDate,
  to_type: a.toType,
  to_provider_uid: a.toType === 'provider' ? a.toProviderUid! : null,
  to_facility_uid: a.toType === 'facility' ? a.toFacilityUid! : null,
  to_division_uid: a.toType === 'division' ? a.toDivisionUid! : null,
  priority: a.priority,
  reason: a.reason?.trim() || null,
  notes: a.notes?.trim() || null,
});

export async function insertOutboundReferral(db: Db, patientUid: string, a: Attributes, by: { userUid: string; providerUid: string | null }): Promise<string> {
  const row = await db
    .insertInto('outbound_referral')
    .values({ patient_uid: patientUid, ...columns(a), status_uid: a.statusUid ?? (await pendingStatus(db)), from_provider_uid: by.providerUid, created_by: by.userUid })
    .returning('outbound_referral_uid')
    .executeTakeFirstOrThrow();
  return row.outbound_referral_uid;
}

/** The sender's edit; a new status (a provider's or facility's answer, as the sender heard it) moves the status time. */
export async function updateOutboundReferral(db: Db, before: OutboundReferral, a: Attributes): Promise<void> {
  // The receiver's to set: a division's answer, or the Task's status read back from a facility's FHIR server.
  const statusUid = a.toType === 'division' || before.sent_by_fhir ? before.status_uid : a.statusUid!;
  await db
    .updateTable('outbound_referral')
    .set({ ...columns(a), status_uid: statusUid, ...(statusUid !== before.status_uid && { status_changed_at: sqlNow() }), updated_at: sqlNow() })
    .where('outbound_referral_uid', '=', before.outbound_referral_uid)
    .execute();
}

/**
 * The receiver's inbound referral, once a person there linked the referral
 * to `receivedPatientUid`: status New puts the patient in the division's
 * "new referrals" queue; requested by the sending division, for the specialty.
 */
export async function insertInboundReferral(
  db: Db,
  referralUid: string,
  receivedPatientUid: string,
  linkedBy: string,
  fields: { eventDate: string; fromDivisionName: string; specialty: string },
): Promise<void> {
  const inbound = await db
    .insertInto('inbound_referral')
    .values({
      patient_uid: receivedPatientUid,
      referral_date: fields.eventDate,
      referral_source_uid: null,
      reason_uid: null,
      requested_by: fields.fromDivisionName,
      referred_to: fields.specialty,
      referral_method: DIVISION_REFERRAL_METHOD,
      status: NEW_INBOUND,
    })
    .returning('referral_uid')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('outbound_referral')
    .set({ received_patient_uid: receivedPatientUid, inbound_referral_uid: inbound.referral_uid, linked_by: linkedBy, linked_at: sqlNow() as unknown as Date })
    .where('outbound_referral_uid', '=', referralUid)
    .execute();
}

/** The sender's edit reaches the receiver's inbound referral (its date and what it is for). */
export async function syncInboundReferral(db: Db, inboundReferralUid: string, fields: { eventDate: string; specialty: string }): Promise<void> {
  await db.updateTable('inbound_referral').set({ referral_date: fields.eventDate, referred_to: fields.specialty }).where('referral_uid', '=', inboundReferralUid).execute();
}

/**
 * The receiver's answer: the referral's status and its time, and the inbound
 * referral's status (anything but New takes it out of "new referrals").
 */
export async function setReceivedStatus(db: Db, referral: OutboundReferral, status: { uid: string; label: string }): Promise<void> {
  await db.updateTable('outbound_referral').set({ status_uid: status.uid, status_changed_at: sqlNow(), updated_at: sqlNow() }).where('outbound_referral_uid', '=', referral.outbound_referral_uid).execute();
  if (referral.inbound_referral_uid) await db.updateTable('inbound_referral').set({ status: status.label }).where('referral_uid', '=', referral.inbound_referral_uid).execute();
}

/** The sender's reminder on its patient, for the referring provider (unassigned when none), due now. */
export async function remindSender(db: Db, referral: OutboundReferral, note: string, createdBy: string): Promise<void> {
  const provider = referral.from_provider_uid
    ? await db.selectFrom('provider').select('display_name').where('provider_uid', '=', referral.from_provider_uid).executeTakeFirst()
    : undefined;
  await db
    .insertInto('notification')
    .values({
      subject_uid: referral.patient_uid,
      reminder_date: sqlNow() as unknown as Date,
      note,
      target_uid: provider ? referral.from_provider_uid : null,
      display_name: provider?.display_name ?? null,
      reminder_type: 'reminder',
      event_type_name: 'Outbound Referral',
      ui_model_name: 'outbound-referrals',
      route: `/patients/${referral.patient_uid}/outbound-referrals/${referral.outbound_referral_uid}`,
      created_by: createdBy,
    })
    .execute();
}

export async function specialtyLabel(db: Db, specialtyUid: string): Promise<string> {
  return (await db.selectFrom('reference_data').select('label').where('uid', '=', specialtyUid).executeTakeFirstOrThrow()).label;
}
