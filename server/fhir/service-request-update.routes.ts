import type { ServiceRequest } from '@medplum/fhirtypes';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { OPEN_TASK_STATUSES } from '../../shared/schemas/fhir-referrals';
import { isUuid } from '../../shared/uuid';
import { recordChange } from '../audit/audit.repository';
import type { Db } from '../db/connect';
import { sqlNow } from '../db/clock';
import { callerOf, fhirAllows } from './fhir-access';
import { clientSource } from './fhir-referrals.repository';
import { FhirError } from './operation-outcome';
import { assertValidR4 } from './r4-validator';
import { BOUNDS, bounded, conceptText, PRIORITIES, unprocessable } from './referral-bundle';
import { referralRows } from './referral-resource';
import { toFhirServiceRequest } from './service-request.resource';
import { REFERRAL_BODY_LIMIT } from './limits';


/**
 * `PUT /fhir/ServiceRequest/{id}` (issue 35 section 3): the referring EHR
 * corrects its referral while it is open: what is asked for (code), the
 * priority, the reasons, the notes and the date. Who it is for and who asked
 * stay as first sent; a request that is no longer active is withdrawn by
 * cancelling its Task. The change, the division's inbound referral and an
 * activity-log entry when the referral is on a record are one transaction.
 */
export function serviceRequestUpdateRoutes(app: FastifyInstance, db: Db): void {
  app.put<{ Params: { id: string } }>('/ServiceRequest/:id', { ...fhirAllows('ServiceRequest', 'u'), bodyLimit: REFERRAL_BODY_LIMIT }, async (request) => {
    const caller = callerOf(request);
    const body = request.body as ServiceRequest | null;
    if (!body || typeof body !== 'object' || body.resourceType !== 'ServiceRequest') throw new FhirError(400, 'invalid', 'The body must be a FHIR ServiceRequest', 'ServiceRequest');
    await assertValidR4(body);
    if (body.id !== request.params.id) throw new FhirError(400, 'invalid', 'ServiceRequest.id must be the id in the URL', 'ServiceRequest.id');
    if (body.status !== 'active') throw unprocessable('ServiceRequest.status', 'A referral is withdrawn by cancelling its Task (status cancelled), not by its ServiceRequest');
    if (body.intent !== 'order') throw unprocessable('ServiceRequest.intent', 'ServiceRequest.intent must be order');
    if (body.priority && !PRIORITIES[body.priority]) throw unprocessable('ServiceRequest.priority', `ServiceRequest.priority must be one of ${Object.keys(PRIORITIES).join(', ')}`);
    const reasons = (body.reasonCode ?? []).map(conceptText).filter((t): t is string => !!t?.trim());
    const authored = body.authoredOn;
    const change = {
      what_for: bounded(conceptText(body.code) ?? conceptText(body.category?.[0]), BOUNDS.whatFor, 'ServiceRequest.code') ?? 'Referral',
      priority: PRIORITIES[body.priority ?? 'routine'] ?? 'routine',
      reason: bounded([...new Set(reasons)].join('; '), BOUNDS.note, 'ServiceRequest.reasonCode'),
      notes: bounded((body.note ?? []).map((n) => n.text.trim()).filter(Boolean).join('\n\n'), BOUNDS.note, 'ServiceRequest.note'),
    };
    const eventDate = authored && /^\d{4}-\d{2}-\d{2}/.test(authored) ? authored.slice(0, 10) : null;
    return db.transaction().execute(async (trx) => {
      const where = [sql`r.service_request_uid = ${request.params.id}::uuid`];
      const mine = isUuid(request.params.id) ? await referralRows(trx, caller, where, { count: 1, offset: 0 }) : [];
      if (!mine.length) throw new FhirError(404, 'not-found', `ServiceRequest/${request.params.id} is not known`);
      await trx.selectFrom('fhir_referral').select('referral_uid').where('referral_uid', '=', mine[0].referral_uid).forUpdate().execute();
      const [before] = await referralRows(trx, caller, where, { count: 1, offset: 0 });
      if (!OPEN_TASK_STATUSES.has(before.status)) throw unprocessable('ServiceRequest', `A referral that is ${before.status} can no longer change`);
      // What the EHR sent, with its corrections: answered back as it now stands (the subject and requester stay the first Bundle's).
      const sent = { ...(before.service_request as ServiceRequest), code: body.code, category: body.category, priority: body.priority, reasonCode: body.reasonCode, note: body.note, authoredOn: body.authoredOn };
      await trx
        .updateTable('fhir_referral')
        .set({ ...change, ...(eventDate && { event_date: eventDate }), service_request: JSON.stringify(sent), updated_at: sqlNow() })
        .where('referral_uid', '=', before.referral_uid)
        .execute();
      if (before.inbound_referral_uid) {
        await trx.updateTable('inbound_referral').set({ referred_to: change.what_for, ...(eventDate && { referral_date: eventDate }) }).where('referral_uid', '=', before.inbound_referral_uid).execute();
      }
      if (before.patient_uid) {
        await recordChange(trx, clientSource(caller.client, before.division_uid), {
          patientUid: before.patient_uid,
          action: 'ChangedReferral',
          did: `changed the ${change.what_for} referral`,
          targetType: 'ehr-referrals',
          targetUid: before.referral_uid,
        });
      }
      const [after] = await referralRows(trx, caller, where, { count: 1, offset: 0 });
      return toFhirServiceRequest(after);
    });
  });
}
