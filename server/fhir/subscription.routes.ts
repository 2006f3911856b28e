import type { FastifyInstance } from 'fastify';
import { isUuid } from '../../shared/uuid';
import type { Db } from '../db/connect';
import { sqlNow } from '../db/clock';
import { callerOf, fhirAllows } from './fhir-access';
import { FhirError } from './operation-outcome';
import { readSubscription } from './subscription-request';
import { toFhirSubscription } from './subscription.resource';

/**
 * Issue 35 section 3: a referral source subscribes to its Tasks' changes
 * (FHIR R4 REST-hook) instead of, or besides, polling. A Subscription is
 * active from its creation; deleting it turns it off: gone (410) to a read,
 * absent from searches, and never notified again (deleting it again is no
 * change, as R4 asks).
 */
export function subscriptionRoutes(app: FastifyInstance, db: Db, fhirBase: () => string): void {
  app.post('/Subscription', fhirAllows('Subscription', 'c'), async (request, reply) => {
    const caller = callerOf(request);
    const s = await readSubscription(db, caller.client, request.body);
    const row = await db
      .insertInto('fhir_subscription')
      .values({ client_id: caller.client.clientId, criteria: s.criteria, owner_division_uid: s.ownerDivisionUid, task_uid: s.taskUid, endpoint: s.endpoint, payload: s.payload, headers: s.headers, reason: s.reason, status: 'active' })
      .returningAll()
      .executeTakeFirstOrThrow();
    return reply.status(201).header('location', `${fhirBase()}/Subscription/${row.subscription_uid}`).send(toFhirSubscription(row));
  });

  app.delete<{ Params: { id: string } }>('/Subscription/:id', fhirAllows('Subscription', 'd'), async (request, reply) => {
    const caller = callerOf(request);
    const ended = isUuid(request.params.id)
      ? await db
          .updateTable('fhir_subscription')
          .set({ status: 'off', updated_at: sqlNow() })
          .where('subscription_uid', '=', request.params.id)
          .where('client_id', '=', caller.client.clientId)
          .returning('subscription_uid')
          .executeTakeFirst()
      : undefined;
    if (!ended) throw new FhirError(404, 'not-found', `Subscription/${request.params.id} is not known`);
    return reply.status(204).send();
  });
}
