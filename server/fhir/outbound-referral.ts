import crypto from 'node:crypto';
import type { Bundle, BundleEntry, Patient, Resource, ServiceRequest, Task } from '@medplum/fhirtypes';
import { now } from '../../shared/clock';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { enqueueMessage } from '../outbox/outbox.repository';
import { findOutboundReferral } from '../outbound-referrals/outbound-referrals.repository';
import { FHIR_PATH } from './paths';
import { FHIR_PRIORITY } from './referral-resource';
import { FINAL_TASK_STATUSES } from '../../shared/schemas/fhir-referrals';

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

type SentReferral = NonNullable<Awaited<ReturnType<typeof findOutboundReferral>>>;

/** Who asked, as the ServiceRequest and the Task name them: the navigator and division, no reference the receiver could not read. */
const requesterOf = (referral: SentReferral) => ({ display: referral.from_provider_name ? `${referral.from_provider_name}, ${referral.from_division_name}` : referral.from_division_name });

/** The referral's ServiceRequest: the specialty asked for, priority, reason and date; never its notes. */
const serviceRequestOf = (referral: SentReferral, subject: ServiceRequest['subject']): ServiceRequest => ({
  resourceType: 'ServiceRequest',
  status: 'active',
  intent: 'order',
  code: { text: referral.provider_role_name },
  priority: FHIR_PRIORITY[referral.priority as keyof typeof FHIR_PRIORITY] ?? 'routine',
  subject,
  authoredOn: String(referral.event_date).slice(0, 10),
  requester: requesterOf(referral),
  ...(referral.reason && { reasonCode: [{ text: referral.reason }] }),
});

/**
 * The Gravity referral Bundle for an outbound referral (Careweave as the
 * Referral Source): the Patient (names, birth date, gender, phones, and
 * Careweave's id as an identifier, so the receiver matches the next one),
 * the ServiceRequest and the Task owned by the receiver's Organization.
 * Never the referral's notes, an address, a case or anything of identity mode.
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
  const request = entry(serviceRequestOf(referral, { reference: patient.fullUrl! }));
  const task = entry({
    resourceType: 'Task',
    identifier: [{ system: `${base}/Task`, value: referralUid }],
    status: 'requested',
    intent: 'order',
    code: { coding: [{ system: 'http://hl7.org/fhir/CodeSystem/task-code', code: 'fulfill' }] },
    focus: { reference: request.fullUrl! },
    for: { reference: patient.fullUrl! },
    authoredOn: now().toISOString(),
    requester: requesterOf(referral),
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

export const FHIR_REFERRAL_UPDATE_CHANNEL = 'fhir-referral-update' as const;

/**
 * The sender edited a referral sent by FHIR: while its Task there is open, a
 * message in the outbox (in the caller's transaction) to send its
 * ServiceRequest again. The message names only the referral: it is built
 * when sent, so two quick edits sent in either order leave the latest there.
 */
export async function queueFhirReferralUpdate(trx: Db, referralUid: string): Promise<void> {
  const open = await trx
    .selectFrom('fhir_outbound')
    .select('destination_uid')
    .where('outbound_referral_uid', '=', referralUid)
    .where('task_status', 'not in', FINAL_TASK_STATUSES)
    .executeTakeFirst();
  if (open) await enqueueMessage(trx, { channel: FHIR_REFERRAL_UPDATE_CHANNEL, recipient: open.destination_uid, subject: referralUid, body: '' });
}

/** The referral's ServiceRequest as it now stands, about the patient the receiver's Task is for, to replace `ServiceRequest/<id>` there. */
export async function serviceRequestUpdate(db: Db, referralUid: string, id: string, subject: ServiceRequest['subject']): Promise<ServiceRequest> {
  return { ...serviceRequestOf((await findOutboundReferral(db, referralUid))!, subject), id };
}
