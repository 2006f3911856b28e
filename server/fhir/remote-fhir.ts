import { nowMs } from '../../shared/clock';
import type { Db } from '../db/connect';
import { signedAssertion } from './signing-key';
import { ASSERTION_TYPE } from './token.routes';

/** What Careweave asks another FHIR server for when it sends referrals there and reads their Tasks back. */
const SCOPES = 'system/Task.crs system/ServiceRequest.c';
const TIMEOUT_MS = 10_000;

export interface Destination {
  destination_uid: string;
  fhir_base: string;
  client_id: string;
}

/** `client_credentials` with a client assertion at `tokenUrl` (SMART Backend Services): the token and how many seconds it lasts. */
export async function backendServicesToken(tokenUrl: string, assertion: string, scope: string): Promise<{ token: string; expiresIn: number }> {
  const response = await fetch(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_assertion_type: ASSERTION_TYPE, client_assertion: assertion, scope }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const answer = await json(response);
  if (!response.ok || typeof answer?.access_token !== 'string') throw new Error(`The token endpoint answered ${response.status} ${answer?.error_description ?? answer?.error ?? ''}`.trim());
  return { token: answer.access_token, expiresIn: Number(answer.expires_in ?? 300) };
}

const tokens = new WeakMap<Db, Map<string, { token: string; until: number }>>();

async function json(response: Response): Promise<any> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * A SMART Backend Services token from the destination's token endpoint
 * (found in its .well-known/smart-configuration), for a client assertion
 * Careweave signs; kept until shortly before it expires.
 */
async function tokenFor(db: Db, d: Destination): Promise<string> {
  let cache = tokens.get(db);
  if (!cache) tokens.set(db, (cache = new Map()));
  const held = cache.get(d.destination_uid);
  if (held && held.until > nowMs()) return held.token;
  const configuration = await json(await fetch(`${d.fhir_base}/.well-known/smart-configuration`, { signal: AbortSignal.timeout(TIMEOUT_MS) }));
  const tokenUrl = configuration?.token_endpoint;
  if (typeof tokenUrl !== 'string') throw new Error(`${d.fhir_base} names no token endpoint`);
  const answer = await backendServicesToken(tokenUrl, await signedAssertion(db, d.client_id, tokenUrl), SCOPES);
  cache.set(d.destination_uid, { token: answer.token, until: nowMs() + (answer.expiresIn - 30) * 1000 });
  return answer.token;
}

/** One call to the destination's FHIR API with a token: its status and parsed answer. A 401 drops the held token. */
export async function callFhir(db: Db, d: Destination, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${d.fhir_base}${path}`, {
    method,
    headers: { accept: 'application/fhir+json', authorization: `Bearer ${await tokenFor(db, d)}`, ...(body !== undefined && { 'content-type': 'application/fhir+json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (response.status === 401) tokens.get(db)?.delete(d.destination_uid);
  return { status: response.status, body: await json(response) };
}
