import crypto from 'node:crypto';
import type { Bundle, BundleEntry, Patient, Resource, ServiceRequest, Task } from '@medplum/fhirtypes';
import { now } from '../../shared/clock';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { enqueueMessage } from '../outbox/outbox.repository';
import { findOutboundReferral } from '../outbound-referrals/outbound-referrals.repository';
import { FHIR_PATH } from './paths';
import { FHIR_PRIORITY } from './referral-resource';

export const FHIR_REFERRAL_CHANNEL = 'fhir-referral' as const;

/** The facility's FHIR destination, when it takes referrals that way (active, of the caller's organisation). */
export const destinationOf = (db: Db, facilityUid: string, orgUid: string) =>
  db.selectFrom('fhir_destination').selectAll().where('facility_uid', '=', facilityUid).where('org_uid', '=', orgUid).where('is_active', '=', true).executeTakeFirst();

const entry = (resource: Resource): BundleEntry => ({ fullUrl: `urn:uuid:${crypto.randomUUID()}`, resource, request: { method: 'POST', url: resource.resourceType } });

const PHONES = [
  ['mobile', 'mobile_phone'],
  ['home', 'home_phone'],
  ['work', 'work_phone'],
] as const;

/**
 * The Gravity referral Bundle for an outbound referral (Careweave as the
 * Referral Source): the Patient (names, birth date, gender, phones, and
 * Careweave's id as an identifier, so the receiver matches the next one),
 * the ServiceRequest (the specialty asked for, priority, reason, date) and
 * the Task owned by the receiver's Organization. Never the referral's notes,
 * an address, a case or anything of identity mode.
 */
async function referralBundle(db: Db, referralUid: string, ownerReference: string, base: string): Promise<Bundle> {
  const referral = (await findOutboundReferral(db, referralUid))!;
  const p = await db
    .selectFrom('patient as p')
    .leftJoin('reference_data as g', 'g.uid', 'p.gender_uid')
    .select(['p.patient_uid', 'p.first_name', 'p.middle_name', 'p.last_name', 'p.birth_date', 'g.name as gender', 'p.mobile_phone', 'p.home_phone', 'p.work_phone', 'p.preferred_phone'])
    .where('p.patient_uid', '=', referral.patient_uid)
    .executeTakeFirstOrThrow();
  const patient = entry({
    resourceType: 'Patient',
    identifier: [{ system: `${base}/Patient`, value: p.patient_uid }],
    name: [{ use: 'official', family: p.last_name.trim(), given: [p.first_name, p.middle_name].filter((n): n is string => !!n?.trim()).map((n) => n.trim()) }],
    ...(p.gender && { gender: (['male', 'female', 'other'].includes(p.gender) ? p.gender : 'unknown') as Patient['gender'] }),
    ...(p.birth_date && { birthDate: String(p.birth_date).slice(0, 10) }),
    ...(PHONES.some(([, c]) => p[c]) && {
      telecom: PHONES.filter(([, c]) => p[c]).map(([use, c]) => ({ system: 'phone' as const, value: p[c]!, use, ...(p.preferred_phone === use && { rank: 1 }) })),
    }),
  } as Patient);
  const requester = { display: referral.from_provider_name ? `${referral.from_provider_name}, ${referral.from_division_name}` : referral.from_division_name };
  const request = entry({
    resourceType: 'ServiceRequest',
    status: 'active',
    intent: 'order',
    code: { text: referral.provider_role_name },
    priority: FHIR_PRIORITY[referral.priority as keyof typeof FHIR_PRIORITY] ?? 'routine',
    subject: { reference: patient.fullUrl! },
    authoredOn: String(referral.event_date).slice(0, 10),
    requester,
    ...(referral.reason && { reasonCode: [{ text: referral.reason }] }),
  } as ServiceRequest);
  const task = entry({
    resourceType: 'Task',
    identifier: [{ system: `${base}/Task`, value: referralUid }],
    status: 'requested',
    intent: 'order',
    code: { coding: [{ system: 'http://hl7.org/fhir/CodeSystem/task-code', code: 'fulfill' }] },
    focus: { reference: request.fullUrl! },
    for: { reference: patient.fullUrl! },
    authoredOn: now().toISOString(),
    requester,
    owner: { reference: ownerReference },
  } as Task);
  return { resourceType: 'Bundle', type: 'transaction', entry: [patient, request, task] };
}

/**
 * An outbound referral to a facility that takes referrals by FHIR: its
 * Bundle in the outbox (sent by the fhir-referral transport, retried with
 * back-off) and its row to read the Task's status back into, in the
 * caller's transaction.
 */
export async function queueFhirReferral(trx: Db, referralUid: string, destination: { destination_uid: string; owner_reference: string }, config: Pick<Config, 'publicUrl'>): Promise<void> {
  const bundle = await referralBundle(trx, referralUid, destination.owner_reference, `${config.publicUrl}${FHIR_PATH}`);
  await trx.insertInto('fhir_outbound').values({ outbound_referral_uid: referralUid, destination_uid: destination.destination_uid, remote_task_id: null, business_status: null, output_display: null, sent_at: null, polled_at: null }).execute();
  await enqueueMessage(trx, { channel: FHIR_REFERRAL_CHANNEL, recipient: destination.destination_uid, subject: referralUid, body: JSON.stringify(bundle) });
}
