import type { ServiceRequest, Task } from '@medplum/fhirtypes';
import { sql } from 'kysely';
import { FHIR_TASK_STATUSES, FINAL_TASK_STATUSES, TASK_STATUS_LABELS, type FhirTaskStatus } from '../../shared/schemas/fhir-referrals';
import type { Db } from '../db/connect';
import { sqlNow } from '../db/clock';
import type { Transport } from '../outbox/transports';
import { findOutboundReferral, remindSender, REFERRAL_STATUS_TYPE } from '../outbound-referrals/outbound-referrals.repository';
import { serviceRequestUpdate } from './outbound-referral';
import { callFhir, type Destination } from './remote-fhir';

/** Open Tasks are read back at most this often (every process polls; a claim keeps them from reading the same ones at once). */
export const FHIR_POLL_MS = 60_000;

/** The Task's status as the referral's own status list says it: the sender's list has no Accepted or In Progress. */
const REFERRAL_STATUS: Partial<Record<FhirTaskStatus, string>> = { accepted: 'Scheduled', 'in-progress': 'Scheduled', completed: 'Enrolled', rejected: 'Declined', cancelled: 'Closed' };

const activeDestination = (db: Db, destinationUid: string) =>
  db.selectFrom('fhir_destination').select(['destination_uid', 'fhir_base', 'client_id']).where('destination_uid', '=', destinationUid).where('is_active', '=', true).executeTakeFirst();

/**
 * The outbox's fhir-referral channel: POSTs the referral's Bundle to the
 * destination with a Backend Services token and keeps the id of the Task it
 * made there. Anything but a transaction-response naming a Task is a failed
 * attempt, retried with the outbox's back-off (a 4xx, too: its reason is in
 * the outbox's last error for an administrator to read).
 */
export function fhirReferralTransport(db: Db): Transport {
  return {
    async send(message) {
      const destination = await activeDestination(db, message.recipient);
      if (!destination) throw new Error('The FHIR destination is unknown or turned off');
      const answer = await callFhir(db, destination, 'POST', '', JSON.parse(message.body));
      const location = (answer.body?.entry as { response?: { location?: string } }[] | undefined)?.map((e) => e.response?.location).find((l) => l && /(^|\/)Task\/[^/]+/.test(l));
      if (answer.status !== 200 || !location) throw new Error(`The destination answered ${answer.status}: ${answer.body?.issue?.[0]?.diagnostics ?? 'no Task'}`);
      const taskId = /Task\/([^/]+)/.exec(location)![1];
      await db.updateTable('fhir_outbound').set({ remote_task_id: taskId, sent_at: sqlNow() }).where('outbound_referral_uid', '=', message.subject!).execute();
    },
  };
}

/**
 * The outbox's fhir-referral-update channel: the sender's edit of a referral
 * it sent, as its ServiceRequest PUT where the Task points (the receiver
 * keeps the patient the Task is for). Until the Bundle has made the Task
 * there, the attempt fails and is retried; a Task finished there meanwhile
 * takes no more changes, so the edit stays here.
 */
export function fhirReferralUpdateTransport(db: Db): Transport {
  return {
    async send(message) {
      const destination = await activeDestination(db, message.recipient);
      if (!destination) throw new Error('The FHIR destination is unknown or turned off');
      const sent = await db.selectFrom('fhir_outbound').select('remote_task_id').where('outbound_referral_uid', '=', message.subject!).executeTakeFirst();
      if (!sent?.remote_task_id) throw new Error('The referral has not reached the destination yet');
      const read = await callFhir(db, destination, 'GET', `/Task/${encodeURIComponent(sent.remote_task_id)}`);
      const task = read.body as Task | null;
      if (read.status !== 200 || task?.resourceType !== 'Task') throw new Error(`The destination answered ${read.status} for its Task: ${read.body?.issue?.[0]?.diagnostics ?? 'no Task'}`);
      if (FINAL_TASK_STATUSES.includes(task.status as FhirTaskStatus)) return;
      const id = /(?:^|\/)ServiceRequest\/([^/]+)$/.exec(task.focus?.reference ?? '')?.[1];
      const subject = task.for as ServiceRequest['subject'] | undefined;
      if (!id || !subject) throw new Error('The destination\'s Task names no ServiceRequest or patient');
      const answer = await callFhir(db, destination, 'PUT', `/ServiceRequest/${encodeURIComponent(id)}`, await serviceRequestUpdate(db, message.subject!, id, subject));
      if (answer.status !== 200) throw new Error(`The destination answered ${answer.status}: ${answer.body?.issue?.[0]?.diagnostics ?? 'no ServiceRequest'}`);
    },
  };
}

/** One Task read back: its status on the outbound referral (and its reference status), and a reminder to the sender when it moved. */
async function applyTask(db: Db, referralUid: string, task: Task): Promise<void> {
  if (!FHIR_TASK_STATUSES.includes(task.status as FhirTaskStatus)) return;
  const status = task.status as FhirTaskStatus;
  await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('fhir_outbound')
      .set({ task_status: status, business_status: task.businessStatus?.text ?? null, output_display: task.output?.[0]?.valueReference?.display ?? null })
      .where('outbound_referral_uid', '=', referralUid)
      .where('task_status', '<>', status)
      .returning('outbound_referral_uid')
      .executeTakeFirst();
    if (!changed) return;
    const label = REFERRAL_STATUS[status];
    const referral = (await findOutboundReferral(trx, referralUid))!;
    const statusUid = label
      ? (await trx.selectFrom('reference_data').select('uid').where('model', '=', 'reference-status').where('ref_data_type', '=', REFERRAL_STATUS_TYPE).where('label', '=', label).where('is_active', '=', true).executeTakeFirst())?.uid
      : undefined;
    if (statusUid && statusUid !== referral.status_uid) {
      await trx.updateTable('outbound_referral').set({ status_uid: statusUid, status_changed_at: sqlNow(), updated_at: sqlNow() }).where('outbound_referral_uid', '=', referralUid).execute();
    }
    const creator = await trx.selectFrom('outbound_referral').select('created_by').where('outbound_referral_uid', '=', referralUid).executeTakeFirstOrThrow();
    const why = task.businessStatus?.text && task.businessStatus.text !== TASK_STATUS_LABELS[status] ? ` (${task.businessStatus.text})` : '';
    if (creator.created_by) await remindSender(trx, referral, `${referral.to_name} set the ${referral.provider_role_name} referral to ${TASK_STATUS_LABELS[status]}${why}`, creator.created_by);
  });
}

/**
 * Reads back the Tasks of referrals sent by FHIR that are still open: each
 * destination's, a hundred at a time by `_id`, claimed for this process by
 * moving their poll time (so two processes never read the same ones at once).
 */
export async function pollFhirReferrals(db: Db): Promise<number> {
  const { rows } = await sql<{ outbound_referral_uid: string; destination_uid: string; remote_task_id: string }>`
    update fhir_outbound set polled_at = ${sqlNow()}
     where remote_task_id is not null and task_status <> all(${FINAL_TASK_STATUSES}::text[])
       and (polled_at is null or polled_at < ${sqlNow()} - make_interval(secs => ${FHIR_POLL_MS / 1000 - 5}))
    returning outbound_referral_uid, destination_uid, remote_task_id`.execute(db);
  let read = 0;
  for (const destinationUid of new Set(rows.map((r) => r.destination_uid))) {
    const destination: Destination | undefined = await activeDestination(db, destinationUid);
    if (!destination) continue;
    const mine = rows.filter((r) => r.destination_uid === destinationUid);
    for (let i = 0; i < mine.length; i += 100) {
      const page = mine.slice(i, i + 100);
      const answer = await callFhir(db, destination, 'GET', `/Task?_id=${page.map((r) => encodeURIComponent(r.remote_task_id)).join(',')}&_count=100`).catch(() => undefined);
      if (answer?.status !== 200) continue;
      for (const e of (answer.body?.entry ?? []) as { resource?: Task }[]) {
        const row = page.find((r) => r.remote_task_id === e.resource?.id);
        if (row && e.resource) {
          await applyTask(db, row.outbound_referral_uid, e.resource);
          read += 1;
        }
      }
    }
  }
  return read;
}
