import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { nowMs } from '../../shared/clock';
import type { AppContext } from '../app-context';
import { publicRoute } from '../security/access';
import { bucketKey, reserve } from '../security/rate-limit';
import { findActiveClient, issueToken, takeAssertion, type FhirClient } from './fhir-clients.repository';
import { TOKEN_REQUESTS_PER_ADDRESS } from './limits';
import { grantScopes } from './scopes';
import { OAUTH_PATH, TOKEN_PATH } from './paths';
import { authorizationServer } from '../smart-apps/authorization-server';
import { passToProvider } from '../smart-apps/mount-provider';

/** SMART Backend Services: an assertion may live five minutes at most, and so does the token it buys. */
export const MAX_ASSERTION_SECONDS = 300;
export const TOKEN_SECONDS = 300;
export const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
export const SIGNING_ALGORITHMS = ['RS384', 'ES384'];

const FORM_BODY_LIMIT = 16 * 1024;
const APP_GRANTS = new Set(['authorization_code', 'refresh_token']);

type OAuthError = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type' | 'invalid_scope';

/** RFC 6749 section 5.2: a refused client is 401, any other refusal 400; never cached. */
const refuse = (reply: FastifyReply, error: OAuthError, description: string) =>
  reply
    .status(error === 'invalid_client' ? 401 : 400)
    .header('cache-control', 'no-store')
    .send({ error, error_description: description });

// One key set per JWKS address: jose caches the keys it fetched and refetches on an unknown kid.
const remoteKeySets = new Map<string, JWTVerifyGetKey>();
function keysOf(client: FhirClient): JWTVerifyGetKey {
  if (client.jwksUrl) {
    let keys = remoteKeySets.get(client.jwksUrl);
    if (!keys) remoteKeySets.set(client.jwksUrl, (keys = createRemoteJWKSet(new URL(client.jwksUrl), { timeoutDuration: 5000 })));
    return keys;
  }
  return createLocalJWKSet(client.jwks as Parameters<typeof createLocalJWKSet>[0]);
}

/**
 * `POST /oauth/token` (issue 35 section 2): the client_credentials grant with
 * a private_key_jwt assertion, as SMART Backend Services asks. The assertion
 * is checked for its signature by the client's registered keys, `iss` and
 * `sub` (the client id), `aud` (this endpoint), an `exp` at most five minutes
 * ahead and a `jti` never used before; the token carries the asked-for scopes
 * the client's registration allows. The same address answers the
 * authorization-code and refresh-token grants of SMART App Launch, as the
 * one token endpoint smart-configuration names.
 */
export async function fhirTokenRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, config } = ctx;
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT });

  app.post<{ Body: Record<string, string | undefined> }>(TOKEN_PATH, { ...publicRoute, bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
    const { limit, windowSeconds } = TOKEN_REQUESTS_PER_ADDRESS;
    if (!(await reserve(db, [{ bucket: bucketKey('fhir-token', 'addr', request.ip), limit }], windowSeconds)).allowed) {
      return reply.status(429).header('retry-after', String(windowSeconds)).header('cache-control', 'no-store').send({ error: 'invalid_request', error_description: 'Too many token requests from this address; wait and try again' });
    }
    const body = request.body && typeof request.body === 'object' ? request.body : {};
    const field = (name: string) => (typeof body[name] === 'string' ? body[name] : undefined);
    // A user-facing app's code or refresh token: the authorization server that issued it answers (server/smart-apps).
    if (APP_GRANTS.has(field('grant_type') ?? '')) {
      const provider = await authorizationServer(ctx);
      // A public app's refresh need not name itself (fhirclient does not by default): the refresh token names its app.
      const refreshToken = field('refresh_token');
      if (refreshToken && !field('client_id') && !request.headers.authorization) {
        const clientId = (await provider.RefreshToken.find(refreshToken))?.clientId;
        if (clientId) body.client_id = clientId;
      }
      return passToProvider(provider, OAUTH_PATH, request, reply, body);
    }
    if (field('grant_type') !== 'client_credentials') return refuse(reply, 'unsupported_grant_type', 'grant_type must be client_credentials, authorization_code or refresh_token');
    if (field('client_assertion_type') !== ASSERTION_TYPE) return refuse(reply, 'invalid_request', `client_assertion_type must be ${ASSERTION_TYPE}`);
    const assertion = field('client_assertion');
    const asked = (field('scope') ?? '').split(/\s+/).filter(Boolean);
    if (!assertion) return refuse(reply, 'invalid_request', 'client_assertion is missing');
    if (!asked.length) return refuse(reply, 'invalid_scope', 'scope is missing');

    let clientId: string | undefined;
    try {
      clientId = decodeJwt(assertion).iss;
    } catch {
      return refuse(reply, 'invalid_client', 'client_assertion is not a JWT');
    }
    const client = clientId ? await findActiveClient(db, clientId) : undefined;
    if (!client) return refuse(reply, 'invalid_client', 'Unknown or inactive client');

    const now = nowMs();
    let claims;
    try {
      ({ payload: claims } = await jwtVerify(assertion, keysOf(client), {
        algorithms: SIGNING_ALGORITHMS,
        issuer: client.clientId,
        subject: client.clientId,
        audience: `${config.publicUrl}${TOKEN_PATH}`,
        currentDate: new Date(now),
        requiredClaims: ['exp', 'jti'],
        clockTolerance: 30,
      }));
    } catch (err) {
      request.log.info({ clientId: client.clientId, reason: (err as Error).message }, 'FHIR client assertion refused');
      return refuse(reply, 'invalid_client', 'The client assertion is not valid for this client and endpoint');
    }
    const exp = claims.exp! * 1000;
    if (exp > now + MAX_ASSERTION_SECONDS * 1000 + 30_000) return refuse(reply, 'invalid_client', `The client assertion must expire within ${MAX_ASSERTION_SECONDS} seconds`);
    if (typeof claims.jti !== 'string' || !claims.jti || claims.jti.length > 255) return refuse(reply, 'invalid_client', 'The client assertion needs a jti');
    if (!(await takeAssertion(db, client.clientId, claims.jti, new Date(exp)))) return refuse(reply, 'invalid_client', 'This client assertion was already used');

    const granted = grantScopes(asked, client.scopes);
    if (!granted.length) return refuse(reply, 'invalid_scope', 'None of the scopes asked for is allowed to this client');
    const token = await issueToken(db, client.clientId, granted, TOKEN_SECONDS);
    return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send({ access_token: token, token_type: 'bearer', expires_in: TOKEN_SECONDS, scope: granted.join(' ') });
  });
}
