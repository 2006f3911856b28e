import * as client from 'openid-client';
import { TtlCache } from '../cache/ttl-cache';
import { realSkewSeconds } from '../../shared/clock';

/**
 * Issue 34: the relying-party side of single sign-on and the SMART launch,
 * through openid-client (a certified OpenID relying party: discovery, PKCE,
 * the id_token's signature, issuer, audience, nonce and expiry).
 */

/** Seconds an outside server has to answer: a provider that is down gives a clear page, never a hang. */
export const OUTSIDE_TIMEOUT_SECONDS = 5;
const METADATA_TTL_MS = 10 * 60_000;

export interface RelyingParty {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
}

/** Plain http only on this machine (the demo's and the tests' servers); anything else must be https. */
export function isLoopbackHttp(url: string): boolean {
  const u = new URL(url);
  return u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
}

export function acceptableIssuer(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'https:' || isLoopbackHttp(url)) && !u.username && !u.password && !u.hash;
  } catch {
    return false;
  }
}

const metadata = new TtlCache<client.ServerMetadata>(METADATA_TTL_MS, 200);

/**
 * The issuer's discovery document, kept 10 minutes; a failure is not kept.
 * `wellKnown` is OpenID's by default; a SMART EHR publishes its own at
 * `{iss}/.well-known/smart-configuration`.
 */
export function serverMetadata(issuer: string, wellKnown?: string): Promise<client.ServerMetadata> {
  return metadata.get(`${issuer} ${wellKnown ?? ''}`, () => discover(issuer, wellKnown));
}

async function discover(issuer: string, wellKnown?: string): Promise<client.ServerMetadata> {
  const execute = isLoopbackHttp(issuer) ? [client.allowInsecureRequests] : [];
  if (!wellKnown) return (await client.discovery(new URL(issuer), 'discovery', undefined, undefined, { execute, timeout: OUTSIDE_TIMEOUT_SECONDS })).serverMetadata();
  // SMART's document is not OpenID's: read it as JSON and check that it names its own endpoints over an acceptable scheme.
  const response = await fetch(new URL(wellKnown, issuer.endsWith('/') ? issuer : `${issuer}/`), { signal: AbortSignal.timeout(OUTSIDE_TIMEOUT_SECONDS * 1000), redirect: 'error' });
  if (!response.ok) throw new Error(`${wellKnown}: ${response.status}`);
  const doc = (await response.json()) as client.ServerMetadata;
  if (typeof doc.authorization_endpoint !== 'string' || typeof doc.token_endpoint !== 'string') throw new Error(`${wellKnown}: no authorization or token endpoint`);
  for (const url of [doc.authorization_endpoint, doc.token_endpoint]) if (!acceptableIssuer(url)) throw new Error(`${wellKnown}: ${url} is not https`);
  return doc;
}

/**
 * A configuration for one flow. Its clock is Careweave's (shared/clock.ts),
 * so an id_token's expiry is judged by the same now as everything else.
 */
export function configuration(server: client.ServerMetadata, party: RelyingParty): client.Configuration {
  const auth = party.clientSecret ? client.ClientSecretBasic(party.clientSecret) : client.None();
  const config = new client.Configuration(server, party.clientId, { [client.clockSkew]: realSkewSeconds() }, auth);
  config.timeout = OUTSIDE_TIMEOUT_SECONDS;
  if (isLoopbackHttp(party.issuer)) client.allowInsecureRequests(config);
  return config;
}

export interface FlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export function newFlowSecrets(): FlowSecrets {
  return { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
}

export async function authorizationUrl(config: client.Configuration, secrets: FlowSecrets, params: Record<string, string>): Promise<URL> {
  return client.buildAuthorizationUrl(config, {
    ...params,
    state: secrets.state,
    nonce: secrets.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(secrets.codeVerifier),
    code_challenge_method: 'S256',
  });
}

/** Exchanges the code; openid-client checks state, PKCE and the id_token (signature, iss, aud, nonce, exp). */
export function exchangeCode(config: client.Configuration, callbackUrl: URL, secrets: FlowSecrets) {
  return client.authorizationCodeGrant(config, callbackUrl, {
    expectedState: secrets.state,
    expectedNonce: secrets.nonce,
    pkceCodeVerifier: secrets.codeVerifier,
    idTokenExpected: true,
  });
}

/** Where the provider offers to end its own session after Careweave's, or null. */
export function endSessionUrl(server: client.ServerMetadata, party: RelyingParty, idToken: string | null, postLogoutRedirect: string): string | null {
  if (!server.end_session_endpoint) return null;
  const params: Record<string, string> = { post_logout_redirect_uri: postLogoutRedirect, client_id: party.clientId };
  if (idToken) params.id_token_hint = idToken;
  return client.buildEndSessionUrl(configuration(server, party), params).href;
}

/** An outside server that did not answer (refused, timed out), as opposed to one that answered wrongly. */
export function isUnreachable(err: unknown): boolean {
  return err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError' || /fetch failed|ECONNREFUSED|timed out/i.test(`${err.message} ${String(err.cause ?? '')}`));
}
