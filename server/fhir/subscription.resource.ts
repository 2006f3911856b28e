import type { Subscription } from '@medplum/fhirtypes';
import { sql } from 'kysely';
import { isUuid } from '../../shared/uuid';
import type { Selectable } from 'kysely';
import type { FhirSubscriptionTable } from '../db/database';
import type { FhirResourceType } from './resource-type';
import { allOf, NOTHING, tokenParts, type ParamType } from './search-params';

export const SUBSCRIPTION_SEARCH = { _id: 'token', status: 'token' } as const satisfies Record<string, ParamType>;
export const FHIR_PAYLOAD = 'application/fhir+json';

export type SubscriptionRow = Selectable<FhirSubscriptionTable>;

/** A client's Subscription as R4 has it: active until the client deletes it (then off). */
export const toFhirSubscription = (row: SubscriptionRow): Subscription => ({
  resourceType: 'Subscription',
  id: row.subscription_uid,
  meta: { lastUpdated: row.updated_at.toISOString() },
  status: row.status,
  reason: row.reason,
  criteria: row.criteria,
  channel: { type: 'rest-hook', endpoint: row.endpoint, ...(row.payload && { payload: FHIR_PAYLOAD }), ...(row.headers.length && { header: row.headers }) },
});

/** Issue 35 section 3: a client reads and searches only the Subscriptions it made; a deleted one is gone (410 on read, absent from searches). */
export const subscriptionResource: FhirResourceType = {
  type: 'Subscription',
  search: SUBSCRIPTION_SEARCH,
  writes: ['create', 'delete'],
  async find(db, caller, search) {
    const p = search.params;
    const where = [
      sql`s.client_id = ${caller.client.clientId}`,
      sql`s.status = 'active'`,
      ...allOf(p.get('_id'), (v) => (isUuid(v) ? sql`s.subscription_uid = ${v}::uuid` : NOTHING)),
      ...allOf(p.get('status'), (v) => sql`s.status = ${tokenParts(v).code ?? ''}`),
    ];
    const { rows } = await sql<SubscriptionRow>`
      select s.* from fhir_subscription s
       where ${sql.join(where, sql` and `)}
       order by s.subscription_uid
       limit ${search.count + 1} offset ${search.offset}`.execute(db);
    return { resources: rows.slice(0, search.count).map(toFhirSubscription), patients: [], hasMore: rows.length > search.count };
  },
  gone: async (db, caller, id) =>
    !!(await db.selectFrom('fhir_subscription').select('subscription_uid').where('subscription_uid', '=', id).where('client_id', '=', caller.client.clientId).where('status', '=', 'off').executeTakeFirst()),
};
