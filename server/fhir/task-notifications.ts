import { sql } from 'kysely';
import { outsideSystemViewer } from '../dataviews/scopes';
import type { Db } from '../db/connect';
import { enqueueMessage } from '../outbox/outbox.repository';
import { REST_HOOK } from '../outbox/rest-hook';
import { findActiveClient } from './fhir-clients.repository';
import { referralRows } from './referral-resource';
import { toFhirTask } from './task.resource';

/**
 * A referral's Task changed (linked, accepted, rejected, started,
 * completed): each active REST-hook Subscription of its client that matches
 * it gets a delivery in the outbox, in the caller's transaction, so the
 * notification exists exactly when the change does and survives a restart.
 * With a payload the Task is PUT to `<endpoint>/Task/<id>` (R4 rest-hook);
 * without one the endpoint is only POSTed to, and the client polls.
 */
export async function notifyTaskChange(trx: Db, referralUid: string): Promise<void> {
  const { rows: subscriptions } = await sql<{ client_id: string; endpoint: string; payload: boolean; headers: string[] }>`
    select s.client_id, s.endpoint, s.payload, s.headers
      from fhir_subscription s
      join fhir_referral r on r.client_id = s.client_id
     where r.referral_uid = ${referralUid} and s.status = 'active'
       and (s.owner_division_uid is null or s.owner_division_uid = r.division_uid)
       and (s.task_uid is null or s.task_uid = r.referral_uid)`.execute(trx);
  if (!subscriptions.length) return;
  const client = await findActiveClient(trx, subscriptions[0].client_id);
  if (!client) return;
  const [row] = await referralRows(trx, { client, viewer: outsideSystemViewer(client.divisionUids) }, [sql`r.referral_uid = ${referralUid}`], { count: 1, offset: 0 });
  if (!row) return;
  const task = JSON.stringify(toFhirTask(row));
  for (const s of subscriptions) {
    await enqueueMessage(trx, {
      channel: REST_HOOK,
      recipient: s.payload ? `${s.endpoint.replace(/\/+$/, '')}/Task/${row.referral_uid}` : s.endpoint,
      subject: JSON.stringify(s.headers),
      body: s.payload ? task : '',
    });
  }
}
