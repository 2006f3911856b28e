import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { OutboundReferralPayloadSchema, ReferralStatusPayloadSchema, RESTRICTED_NOT_REFERRED, RESTRICTED_NOT_SENT, type OutboundReferralPayload } from '../../shared/schemas/outbound-referrals';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { isUuid } from '../../shared/uuid';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { auditSourceOf } from '../audit/audit-source';
import { recordChange } from '../audit/audit.repository';
import { requireAuth } from '../auth/context';
import type { Db } from '../db/connect';
import { HttpError, notFound, parseBody } from '../errors';
import { findVisiblePatient, requirePatient, type Patient } from '../patients/patient-access';
import { onceOnly } from '../public-forms/idempotency';
import { allow, CARE_FLAGS, forPatient, patientOf } from '../security/access';
import { OUTBOUND_REFERRAL_READERS } from '../../shared/permissions';
import { destinationOf, queueFhirReferral, queueFhirReferralUpdate } from '../fhir/outbound-referral';
import {
  choicesExist,
  findOutboundReferral,
  findStatus,
  insertOutboundReferral,
  lockReferral,
  ownProvider,
  receivedReferrals,
  remindSender,
  setReceivedStatus,
  specialtyLabel,
  syncInboundReferral,
  updateOutboundReferral,
  type OutboundReferral,
} from './outbound-referrals.repository';
import { ReceivedReferralDocument, ReceivedReferralList, ReferralDocument, SentReferralDocument } from './outbound-referrals.responses';

const NOT_FOUND = 'Outbound referral not found';
/** A referral sent to a division keeps going there: redirecting it would strand the receiver's inbound referral. */
export const TARGET_FIXED = 'A referral sent to another division cannot be redirected; add a new referral instead';
export const SENT_TARGET_FIXED = 'A referral sent by FHIR cannot be redirected; add a new referral instead';

type Attributes = OutboundReferralPayload['data']['attributes'];
type Side = 'sender' | 'receiver';

/**
 * A referral and which side the caller sees it from: the sender's patient
 * first, else the receiving division's patient; a 404 when neither is
 * visible, the same answer whether or not it exists.
 */
async function visibleReferral(db: Db, request: FastifyRequest, id: string, options: { lock?: boolean } = {}): Promise<{ referral: OutboundReferral; side: Side }> {
  if (options.lock && isUuid(id)) await lockReferral(db, id);
  const referral = isUuid(id) ? await findOutboundReferral(db, id) : undefined;
  if (referral) {
    const auth = requireAuth(request);
    if (await findVisiblePatient(db, auth, referral.patient_uid)) return { referral, side: 'sender' };
    if (referral.received_patient_uid && (await findVisiblePatient(db, auth, referral.received_patient_uid))) return { referral, side: 'receiver' };
  }
  throw notFound(NOT_FOUND);
}

async function checkChoices(db: Db, request: FastifyRequest, patient: Pick<Patient, 'division_uid'>, a: Attributes) {
  const found = await choicesExist(db, requireAuth(request).orgUid, patient.division_uid, a);
  const target = { provider: 'to_provider_uid', facility: 'to_facility_uid', division: 'to_division_uid' }[a.toType];
  const errors = [
    ...(found.specialty ? [] : [{ field: 'data.attributes.specialty_uid', message: NOT_LISTED }]),
    ...(found.status ? [] : [{ field: 'data.attributes.status_uid', message: NOT_LISTED }]),
    ...(found.target ? [] : [{ field: `data.attributes.${target}`, message: NOT_LISTED }]),
  ];
  if (errors.length) throw new HttpError(422, errors);
}

/** The sender sees the whole referral; the receiver sees the referral itself and who sent it, never the sender's patient. */
function resource(referral: OutboundReferral, side: Side) {
  const { received_patient_uid: receivedPatientUid, inbound_referral_uid: _inbound, ...sent } = referral;
  const attributes =
    side === 'sender'
      ? { ...sent, direction: 'sent' }
      : {
          outbound_referral_uid: sent.outbound_referral_uid,
          event_date: sent.event_date,
          provider_role_name: sent.provider_role_name,
          status_uid: sent.status_uid,
          status_label: sent.status_label,
          status_changed_at: sent.status_changed_at,
          priority: sent.priority,
          priority_label: sent.priority_label,
          reason: sent.reason,
          notes: sent.notes,
          from_provider_name: sent.from_provider_name,
          from_division_name: sent.from_division_name,
          received_patient_uid: receivedPatientUid,
          direction: 'received',
        };
  return { type: 'outbound-referrals', id: referral.outbound_referral_uid, attributes };
}

/** A restricted or adoption case: its restriction does not travel, so it is not referred to another division. */
async function staysInDivision(db: Db, patient: Patient): Promise<boolean> {
  const row = await db.selectFrom('patient').select('adoption_case').where('patient_uid', '=', patient.patient_uid).executeTakeFirstOrThrow();
  return patient.restricted_flag === '1' || row.adoption_case;
}

const reread = async (db: Db, id: string) => (await findOutboundReferral(db, id))!;

/** What a referral sent by FHIR told the receiver in its ServiceRequest: an edit of any of these is sent again. */
const SENT_FIELDS = ['provider_role_name', 'priority', 'event_date', 'reason', 'from_provider_name'] as const;

/**
 * The record's Outbound Referrals section (spec 001 sections 2, 3 and 7) and
 * its closed loop: a referral to another division of Careweave waits there
 * until a person links it to that division's record of the patient
 * (incoming-referrals.routes.ts), which puts it in its "new referrals" queue;
 * the receiver's answer comes back to the sender as the referral's status and
 * a reminder on the patient. Every write and its activity-log entries are one
 * transaction.
 */
export const outboundReferralsRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  const readers = allow(...OUTBOUND_REFERRAL_READERS);
  const carers = allow(...CARE_FLAGS);

  app.get<{ Params: { id: string } }>('/outbound-referrals/:id', withSchemas(readers, { 200: ReferralDocument }), async (request) => {
    const { referral, side } = await visibleReferral(db, request, request.params.id);
    return { data: resource(referral, side) };
  });

  /** What other divisions referred this patient for, with their status for the receiver to answer. */
  app.get<{ Params: { id: string } }>('/patients/:id/received-referrals', withSchemas(forPatient(readers), { 200: ReceivedReferralList }), async (request) => {
    const rows = await receivedReferrals(db, patientOf(request).patient_uid);
    return { data: rows.map((r) => ({ type: 'outbound-referrals', id: r.outbound_referral_uid, attributes: { ...r, direction: 'received' } })), meta: { total: rows.length } };
  });

  /** A double click or a retry with the same Idempotency-Key stores one referral (and one inbound referral there). */
  app.post('/outbound-referrals', withSchemas(carers, { 201: SentReferralDocument }, { body: OutboundReferralPayloadSchema }), async (request, reply) => {
    const { attributes } = parseBody(OutboundReferralPayloadSchema, request.body).data;
    if (!attributes.patientUid) throw new HttpError(422, [{ field: 'data.attributes.patient_uid', message: 'Required' }]);
    const patientUid = attributes.patientUid;
    return onceOnly(db, request, reply, 'outbound-referrals', async (trx) => {
      const auth = requireAuth(request);
      const source = auditSourceOf(request);
      const patient = await requirePatient(trx, request, patientUid);
      await checkChoices(trx, request, patient, attributes);
      if (attributes.toType === 'division' && (await staysInDivision(trx, patient))) throw new HttpError(422, [{ field: 'data.attributes.to_division_uid', message: RESTRICTED_NOT_REFERRED }]);
      // A facility that takes referrals by FHIR (issue 35) gets this one sent: never a restricted or adoption case.
      const destination = attributes.toType === 'facility' ? await destinationOf(trx, attributes.toFacilityUid!, auth.orgUid) : undefined;
      if (destination && (await staysInDivision(trx, patient))) throw new HttpError(422, [{ field: 'data.attributes.to_facility_uid', message: RESTRICTED_NOT_SENT }]);
      const id = await insertOutboundReferral(trx, patient.patient_uid, attributes, { userUid: auth.userUid, providerUid: await ownProvider(trx, auth.orgUid, auth.userUid) });
      if (destination) await queueFhirReferral(trx, id, destination, config);
      await recordChange(trx, source, { patientUid: patient.patient_uid, action: 'AddedOutboundReferral', did: 'added an outbound referral', targetType: 'outbound-referrals', targetUid: id });
      return { status: 201, body: { data: resource(await reread(trx, id), 'sender') } };
    });
  });

  /** The sender's edit. A division referral keeps its division, one sent by FHIR its facility (what it asks for is sent there again), and their status stays the receiver's. */
  app.put<{ Params: { id: string } }>('/outbound-referrals/:id', withSchemas(carers, { 200: SentReferralDocument }, { body: OutboundReferralPayloadSchema }), async (request) => {
    const { attributes } = parseBody(OutboundReferralPayloadSchema, request.body).data;
    return db.transaction().execute(async (trx) => {
      const { referral: before, side } = await visibleReferral(trx, request, request.params.id, { lock: true });
      if (side !== 'sender') throw notFound(NOT_FOUND);
      const wasDivision = before.to_type === 'division';
      if (wasDivision !== (attributes.toType === 'division') || (wasDivision && attributes.toDivisionUid !== before.to_division_uid)) {
        throw new HttpError(422, [{ field: 'data.attributes.to_type', message: TARGET_FIXED }]);
      }
      if (before.sent_by_fhir && (attributes.toType !== 'facility' || attributes.toFacilityUid !== before.to_facility_uid)) {
        throw new HttpError(422, [{ field: 'data.attributes.to_type', message: SENT_TARGET_FIXED }]);
      }
      await checkChoices(trx, request, { division_uid: before.from_division_uid }, attributes);
      await updateOutboundReferral(trx, before, attributes);
      const after = await reread(trx, before.outbound_referral_uid);
      if (after.inbound_referral_uid) await syncInboundReferral(trx, after.inbound_referral_uid, { eventDate: after.event_date, specialty: await specialtyLabel(trx, after.specialty_uid) });
      if (before.sent_by_fhir && SENT_FIELDS.some((f) => String(before[f]) !== String(after[f]))) await queueFhirReferralUpdate(trx, before.outbound_referral_uid);
      await recordChange(trx, auditSourceOf(request), { patientUid: before.patient_uid, action: 'ChangedOutboundReferral', did: 'changed an outbound referral', targetType: 'outbound-referrals', targetUid: before.outbound_referral_uid });
      return { data: resource(after, 'sender') };
    });
  });

  /**
   * The receiving division's answer (Enrolled, Declined, ...): the status and
   * its time on the referral, the inbound referral's status (out of "new
   * referrals"), a reminder on the sender's patient and an activity-log entry
   * on both records, together or not at all.
   */
  app.put<{ Params: { id: string } }>('/outbound-referrals/:id/status', withSchemas(carers, { 200: ReceivedReferralDocument }, { body: ReferralStatusPayloadSchema }), async (request) => {
    const { attributes } = parseBody(ReferralStatusPayloadSchema, request.body).data;
    return db.transaction().execute(async (trx) => {
      const { referral, side } = await visibleReferral(trx, request, request.params.id, { lock: true });
      if (side !== 'receiver') throw notFound(NOT_FOUND);
      const status = await findStatus(trx, attributes.statusUid);
      if (!status) throw new HttpError(422, [{ field: 'data.attributes.status_uid', message: NOT_LISTED }]);
      if (status.uid === referral.status_uid) return { data: resource(referral, side) };
      await setReceivedStatus(trx, referral, status);
      const source = auditSourceOf(request);
      const receiverDivision = (await trx.selectFrom('division').select('division_name').where('division_uid', '=', source.divisionUid).executeTakeFirstOrThrow()).division_name;
      const did = `of ${receiverDivision} set the ${referral.provider_role_name} referral to ${status.label}`;
      await remindSender(trx, referral, `${receiverDivision} set the ${referral.provider_role_name} referral to ${status.label}`, source.userUid);
      for (const patientUid of [referral.patient_uid, referral.received_patient_uid!]) {
        await recordChange(trx, source, { patientUid, action: 'ChangedReferralStatus', did, targetType: 'outbound-referrals', targetUid: referral.outbound_referral_uid });
      }
      return { data: resource(await reread(trx, referral.outbound_referral_uid), side) };
    });
  });
};
