import { nowMs } from '../../shared/clock';
import { FHIR_DESTINATION_SCOPES } from '../../shared/schemas/fhir-destinations';
import type { Db } from '../db/connect';
import * as oidc from 'openid-client';
import { ASSERTION_SECONDS, signingKey, type SigningKey } from './signing-key';

const TIMEOUT_MS = 10_000;

export interface Destination {
  destination_uid: string;
  fhir_base: string;
  client_id: string;
}

/**
 * `client_credentials` at `tokenUrl` with a client assertion signed by `key`
 * (SMART Backend Services), through openid-client: the token and how many
 * seconds it lasts. The assertion's audience is the token endpoint, as SMART
 * asks (the library's default is the issuer), and its times are the shared
 * clock's, the one the receiver checks them by in tests.
 */
export async function backendServicesToken(tokenUrl: string, key: Pick<SigningKey, 'kid' | 'privateKey'>, clientId: string, scope: string): Promise<{ token: string; expiresIn: number }> {
  const auth = oidc.PrivateKeyJwt(
    { key: key.privateKey, kid: key.kid },
    {
      [oidc.modifyAssertion]: (header, payload) => {
        const seconds = Math.floor(nowMs() / 1000);
        Object.assign(header, { typ: 'JWT' });
        Object.assign(payload, { aud: tokenUrl, iat: seconds, nbf: seconds, exp: seconds + ASSERTION_SECONDS });
      },
    },
  );
  const config = new oidc.Configuration({ issuer: new URL(tokenUrl).origin, token_endpoint: tokenUrl }, clientId, undefined, auth);
  config.timeout = TIMEOUT_MS / 1000;
  // http:// only where the receiver is this machine (the demo, the tests); the admin forms refuse it elsewhere.
  if (new URL(tokenUrl).protocol === 'http:') oidc.allowInsecureRequests(config);
  try {
    const answer = await oidc.clientCredentialsGrant(config, { scope });
    return { token: answer.access_token, expiresIn: answer.expires_in ?? 300 };
  } catch (error) {
    const e = error as { status?: number; error?: string; error_description?: string; message: string };
    throw new Error(`The token endpoint answered ${e.status ?? ''} ${e.error_description ?? e.error ?? e.message}`.replace(/\s+/g, ' ').trim());
  }
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
  const answer = await backendServicesToken(tokenUrl, await signingKey(db), d.client_id, FHIR_DESTINATION_SCOPES);
  cache.set(d.destination_uid, { token: answer.token, until: nowMs() + (answer.expiresIn - 30) * 1000 });
  return answer.token;
}

/** One call to the destination's FHIR API with a token: its status and parsed answer. A 401 drops the held token. */
export async function callFhir(db: Db, d: Destination, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${d.fhir_base}${path}`, {
    method,
    headers: { accept: 'application/fhir+json', authorization: `Bearer ${await tokenFor(db, d)}`, ...(body !== undefined && { 'content-type': 'application/fhir+json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (response.status === 401) tokens.get(db)?.delete(d.destination_uid);
  return { status: response.status, body: await json(response) };
}
