import type { Resource, Subscription } from '@medplum/fhirtypes';
import { isLoopbackHost } from '../config';
import { isUuid } from '../../shared/uuid';
import type { Db } from '../db/connect';
import type { FhirClient } from './fhir-clients.repository';
import { FhirError } from './operation-outcome';
import { assertValidR4 } from './r4-validator';
import { FHIR_PAYLOAD } from './subscription.resource';

const MAX_HEADERS = 5;
const MAX_HEADER = 1000;
const MAX_URL = 2000;
const MAX_REASON = 1000;

export interface NewSubscription {
  criteria: string;
  ownerDivisionUid: string | null;
  taskUid: string | null;
  endpoint: string;
  payload: boolean;
  headers: string[];
  reason: string;
}

const unprocessable = (expression: string, message: string) => new FhirError(422, 'processing', message, expression);

/**
 * What Careweave notifies about: the client's referral Tasks, all of them
 * (`Task`), those of one of its divisions (`Task?owner=Organization/<id>`),
 * or one (`Task?_id=<id>`).
 */
async function readCriteria(db: Db, client: FhirClient, criteria: string): Promise<Pick<NewSubscription, 'ownerDivisionUid' | 'taskUid'>> {
  const bad = () => unprocessable('Subscription.criteria', 'Subscription.criteria must be Task, Task?owner=Organization/<division id> or Task?_id=<Task id>, for the Tasks this client sent');
  if (criteria.length > MAX_URL) throw bad();
  const [path, query = ''] = criteria.split('?', 2);
  if (path !== 'Task') throw bad();
  const params = new URLSearchParams(query);
  if ([...params.keys()].some((k) => k !== 'owner' && k !== '_id') || params.getAll('owner').length > 1 || params.getAll('_id').length > 1) throw bad();
  const owner = params.get('owner')?.replace(/^Organization\//, '') ?? null;
  if (owner !== null && !client.divisionUids.includes(owner)) throw bad();
  const taskUid = params.get('_id');
  if (taskUid !== null) {
    const mine = isUuid(taskUid) && (await db.selectFrom('fhir_referral').select('referral_uid').where('referral_uid', '=', taskUid).where('client_id', '=', client.clientId).executeTakeFirst());
    if (!mine) throw bad();
  }
  return { ownerDivisionUid: owner, taskUid };
}

/** An endpoint Careweave will call: https, or http on this machine (a test or a local bridge), never with credentials in the URL. */
function readEndpoint(text: string | undefined): string {
  const bad = () => unprocessable('Subscription.channel.endpoint', 'Subscription.channel.endpoint must be an https:// URL (http:// only on loopback)');
  if (!text || text.length > MAX_URL || !URL.canParse(text)) throw bad();
  const url = new URL(text);
  if (url.username || url.password || url.hash) throw bad();
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname.replace(/^\[|\]$/g, '')))) throw bad();
  return url.toString();
}

/**
 * A REST-hook Subscription (FHIR R4) from its resource, or a 400 (not valid
 * R4) or 422 naming the element: only rest-hook, only the client's Tasks,
 * at most five headers, no `end` (a client ends a Subscription by deleting it).
 */
export async function readSubscription(db: Db, client: FhirClient, body: unknown): Promise<NewSubscription> {
  if (!body || typeof body !== 'object' || (body as Resource).resourceType !== 'Subscription') throw new FhirError(400, 'invalid', 'The body must be a FHIR Subscription', 'Subscription');
  const s = body as Subscription;
  await assertValidR4(s);
  if (s.status !== 'requested' && s.status !== 'active') throw unprocessable('Subscription.status', 'A new Subscription has status requested');
  if (s.end) throw unprocessable('Subscription.end', 'Subscription.end is not supported: delete the Subscription to end it');
  if (s.channel.type !== 'rest-hook') throw unprocessable('Subscription.channel.type', 'Only rest-hook Subscriptions are supported');
  if (s.channel.payload && s.channel.payload !== FHIR_PAYLOAD) throw unprocessable('Subscription.channel.payload', `Subscription.channel.payload must be ${FHIR_PAYLOAD} or absent`);
  const headers = s.channel.header ?? [];
  if (headers.length > MAX_HEADERS || headers.some((h) => h.length > MAX_HEADER || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+:/.test(h))) {
    throw unprocessable('Subscription.channel.header', `At most ${MAX_HEADERS} headers, each "Name: value" of at most ${MAX_HEADER} characters`);
  }
  if (s.reason.length > MAX_REASON) throw unprocessable('Subscription.reason', `Subscription.reason must be at most ${MAX_REASON} characters`);
  return { criteria: s.criteria, ...(await readCriteria(db, client, s.criteria)), endpoint: readEndpoint(s.channel.endpoint), payload: !!s.channel.payload, headers, reason: s.reason };
}
