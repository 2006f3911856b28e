import type { Task } from '@medplum/fhirtypes';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { OPEN_TASK_STATUSES, TASK_STATUS_LABELS } from '../../shared/schemas/fhir-referrals';
import { isUuid } from '../../shared/uuid';
import { recordChange } from '../audit/audit.repository';
import type { Db } from '../db/connect';
import { sqlNow } from '../db/clock';
import { callerOf, fhirAllows } from './fhir-access';
import { clientSource } from './fhir-referrals.repository';
import { FhirError } from './operation-outcome';
import { assertValidR4 } from './r4-validator';
import { referralRows } from './referral-resource';
import { notifyTaskChange } from './task-notifications';
import { toFhirTask } from './task.resource';
import { REFERRAL_BODY_LIMIT } from './limits';

const MAX_REASON = 1000;

/**
 * `PUT /fhir/Task/{id}` (issue 35 section 3): the referring EHR cancels its
 * referral (status cancelled, with an optional statusReason text). Nothing
 * else of the Task is the EHR's to change: any other status, or a referral
 * already rejected, completed or cancelled, is a 422 naming Task.status.
 * The change, the inbound referral's status, an activity-log entry when the
 * referral is on a record, and the Subscriptions' notifications are one
 * transaction.
 */
export function taskUpdateRoutes(app: FastifyInstance, db: Db): void {
  app.put<{ Params: { id: string } }>('/Task/:id', { ...fhirAllows('Task', 'u'), bodyLimit: REFERRAL_BODY_LIMIT }, async (request) => {
    const caller = callerOf(request);
    const body = request.body as Task | null;
    if (!body || typeof body !== 'object' || body.resourceType !== 'Task') throw new FhirError(400, 'invalid', 'The body must be a FHIR Task', 'Task');
    await assertValidR4(body);
    if (body.id !== request.params.id) throw new FhirError(400, 'invalid', 'Task.id must be the id in the URL', 'Task.id');
    const reason = body.statusReason?.text?.trim() || body.statusReason?.coding?.[0]?.display?.trim() || null;
    if (reason && reason.length > MAX_REASON) throw new FhirError(422, 'processing', `Task.statusReason must be at most ${MAX_REASON} characters`, 'Task.statusReason');
    return db.transaction().execute(async (trx) => {
      const mine = isUuid(request.params.id) ? await referralRows(trx, caller, [sql`r.referral_uid = ${request.params.id}::uuid`], { count: 1, offset: 0 }) : [];
      if (!mine.length) throw new FhirError(404, 'not-found', `Task/${request.params.id} is not known`);
      await trx.selectFrom('fhir_referral').select('referral_uid').where('referral_uid', '=', request.params.id).forUpdate().execute();
      const [before] = await referralRows(trx, caller, [sql`r.referral_uid = ${request.params.id}::uuid`], { count: 1, offset: 0 });
      if (body.status === before.status) return toFhirTask(before);
      if (body.status !== 'cancelled' || !OPEN_TASK_STATUSES.has(before.status)) {
        throw new FhirError(422, 'processing', `A referral that is ${before.status} cannot become ${body.status}: its source may only cancel it while it is open`, 'Task.status');
      }
      await trx
        .updateTable('fhir_referral')
        .set({ status: 'cancelled', business_status: reason ? `${TASK_STATUS_LABELS.cancelled}: ${reason}` : TASK_STATUS_LABELS.cancelled, status_reason: reason, updated_at: sqlNow() })
        .where('referral_uid', '=', before.referral_uid)
        .execute();
      if (before.inbound_referral_uid) await trx.updateTable('inbound_referral').set({ status: TASK_STATUS_LABELS.cancelled }).where('referral_uid', '=', before.inbound_referral_uid).execute();
      if (before.patient_uid) {
        await recordChange(trx, clientSource(caller.client, before.division_uid), {
          patientUid: before.patient_uid,
          action: 'ChangedReferralStatus',
          did: `cancelled the ${before.what_for} referral`,
          targetType: 'ehr-referrals',
          targetUid: before.referral_uid,
        });
      }
      await notifyTaskChange(trx, before.referral_uid);
      const [after] = await referralRows(trx, caller, [sql`r.referral_uid = ${before.referral_uid}::uuid`], { count: 1, offset: 0 });
      return toFhirTask(after);
    });
  });
}
