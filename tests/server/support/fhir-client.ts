import crypto from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { ASSERTION_TYPE } from '../../../server/fhir/token.routes';

/**
 * A SMART Backend Services client as an EHR would run one: a key pair made
 * here, its public JWKS to register, and jose-signed client assertions.
 */
export interface TestFhirClient {
  alg: 'RS384' | 'ES384';
  privateKey: CryptoKey;
  jwks: { keys: JWK[] };
}

export async function makeFhirKeys(alg: 'RS384' | 'ES384' = 'ES384'): Promise<TestFhirClient> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const kid = crypto.randomUUID();
  return { alg, privateKey, jwks: { keys: [{ ...(await exportJWK(publicKey)), kid, alg, use: 'sig' }] } };
}

export interface AssertionClaims {
  iss: string;
  sub?: string;
  aud: string;
  /** Seconds from now. */
  expiresIn?: number;
  jti?: string;
}

export async function clientAssertion(keys: TestFhirClient, claims: AssertionClaims): Promise<string> {
  const nowSeconds = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: keys.alg, kid: keys.jwks.keys[0].kid, typ: 'JWT' })
    .setIssuer(claims.iss)
    .setSubject(claims.sub ?? claims.iss)
    .setAudience(claims.aud)
    .setExpirationTime(nowSeconds + (claims.expiresIn ?? 240))
    .setJti(claims.jti ?? crypto.randomUUID())
    .sign(keys.privateKey);
}

/** `POST /oauth/token` with a client assertion: the status and the JSON answer. */
export async function requestToken(baseUrl: string, assertion: string, scope: string): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_assertion_type: ASSERTION_TYPE, client_assertion: assertion, scope }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

/** A FHIR call with a token: the status, the parsed answer and the content type. */
export async function fhirGet(baseUrl: string, path: string, token?: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}/fhir${path}`, { headers: { accept: 'application/fhir+json', ...(token && { authorization: `Bearer ${token}` }), ...headers } });
  return { status: response.status, body: (await response.json()) as any, headers: response.headers };
}

/** `POST /fhir` with a Bundle (or anything, to see it refused): the status and the parsed answer. */
export async function postBundle(baseUrl: string, token: string, body: unknown) {
  const response = await fetch(`${baseUrl}/fhir`, {
    method: 'POST',
    headers: { 'content-type': 'application/fhir+json', accept: 'application/fhir+json', authorization: `Bearer ${token}` },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

/**
 * A resource with its file links' tokens left out, to compare a search's
 * answer with a read's: a link's expiry is counted from the second it was
 * made, so the two differ there when a second passes between them.
 */
export const unsigned = (resource: unknown): unknown => JSON.parse(JSON.stringify(resource).replace(/(\/api\/files\?token=)[^"]+/g, '$1'));
