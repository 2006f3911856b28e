import type { FastifyPluginAsync } from 'fastify';
import { Redirect } from '../api-docs/json-api';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { sessionPolicy } from '../auth/auth.routes';
import { bucketKey, reserve } from '../security/rate-limit';
import { publicRoute } from '../security/access';
import { tooMany } from '../errors';
import { saveFlow, takeFlow } from './auth-flows.repository';
import { findIdentityProvider, findUserForClaim, firstDivisionIn, listSignInProviders, organisationsWithProviders, type IdentityProvider } from './identity-providers.repository';
import { authorizationUrl, configuration, exchangeCode, isUnreachable, newFlowSecrets, serverMetadata } from './oidc-client';
import { provisionUser, templateFor } from './provision';
import { refusalOf, refuse, safeReturnPath, signInFederated, type Refusal } from './sign-in';
import { SignInProviderList } from './sso.responses';

export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';
const STARTS_PER_ADDRESS = { limit: 60, windowSeconds: 15 * 60 };

const refusalFor = (idp: IdentityProvider, code: Refusal['code'], detail?: Record<string, unknown>) =>
  refusalOf({ uid: idp.idp_uid, orgUid: idp.org_uid, name: idp.display_name, issuer: idp.issuer, targetType: 'identity-provider' }, code, detail);

/**
 * Issue 34 section 2: staff sign in through their organisation's OpenID
 * provider (authorization code with PKCE; openid-client checks the id_token).
 * The user is the Careweave user the verified claim names, in the provider's
 * organisation; nobody is created unless the administrator turned on
 * just-in-time users with a role template.
 */
export const ssoRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  const policy = sessionPolicy(config);
  const callbackUrl = () => `${config.publicUrl}${SSO_CALLBACK_PATH}`;

  app.get('/auth/providers', withSchemas(publicRoute, { 200: SignInProviderList }), async () => ({
    data: (await listSignInProviders(db)).map((p) => ({ type: 'sign-in-providers', id: p.idp_uid, attributes: { display_name: p.display_name } })),
  }));

  app.get<{ Params: { idpUid: string }; Querystring: { return_to?: string } }>('/auth/sso/:idpUid', withSchemas(publicRoute, { 303: Redirect }), async (request, reply) => {
    const attempt = await reserve(db, [{ bucket: bucketKey('sso', 'addr', request.ip), limit: STARTS_PER_ADDRESS.limit }], STARTS_PER_ADDRESS.windowSeconds);
    if (!attempt.allowed) throw tooMany(STARTS_PER_ADDRESS.windowSeconds);
    const idp = /^[0-9a-f-]{36}$/i.test(request.params.idpUid) ? await findIdentityProvider(db, request.params.idpUid) : undefined;
    if (!idp?.is_active) return reply.redirect('/login', 303);
    let url: URL;
    const secrets = newFlowSecrets();
    try {
      const server = await serverMetadata(idp.issuer);
      url = await authorizationUrl(configuration(server, { issuer: idp.issuer, clientId: idp.client_id, clientSecret: idp.client_secret }), secrets, {
        redirect_uri: callbackUrl(),
        scope: idp.scopes,
      });
    } catch (err) {
      return refuse(db, reply, refusalFor(idp, 'provider', { error: (err as Error).message }));
    }
    await saveFlow(db, secrets, { kind: 'sso', sourceUid: idp.idp_uid, returnTo: safeReturnPath(request.query.return_to) });
    return reply.redirect(url.href, 303);
  });

  app.get<{ Querystring: Record<string, string> }>('/auth/sso/callback', withSchemas(publicRoute, { 303: Redirect }), async (request, reply) => {
    const attempt = await reserve(db, [{ bucket: bucketKey('sso-callback', 'addr', request.ip), limit: STARTS_PER_ADDRESS.limit }], STARTS_PER_ADDRESS.windowSeconds);
    if (!attempt.allowed) throw tooMany(STARTS_PER_ADDRESS.windowSeconds);
    const state = typeof request.query.state === 'string' ? request.query.state : '';
    const flow = state ? await takeFlow(db, state, 'sso') : undefined;
    const idp = flow ? await findIdentityProvider(db, flow.source_uid) : undefined;
    if (!flow || !idp?.is_active) {
      // A wrong, replayed or late state names no provider we can trust: every organisation that signs in through one hears of it.
      return refuse(db, reply, { code: 'state', about: 'the sign-in service', orgUids: await organisationsWithProviders(db), detail: { address: request.ip }, targetType: 'identity-provider', targetUid: null });
    }
    if (request.query.error) return refuse(db, reply, refusalFor(idp, 'cancelled', { error: String(request.query.error).slice(0, 100) }));
    const party = { issuer: idp.issuer, clientId: idp.client_id, clientSecret: idp.client_secret };
    let claims: Record<string, unknown>;
    let idToken: string | undefined;
    try {
      const server = await serverMetadata(idp.issuer);
      const tokens = await exchangeCode(configuration(server, party), new URL(`${callbackUrl()}?${new URLSearchParams(request.query)}`), flow.secrets);
      claims = (tokens.claims() ?? {}) as Record<string, unknown>;
      idToken = tokens.id_token;
    } catch (err) {
      return refuse(db, reply, refusalFor(idp, isUnreachable(err) ? 'provider' : 'token', { error: (err as Error).message.slice(0, 300) }));
    }

    const value = claims[idp.user_claim];
    const verified = idp.user_claim !== 'email' || claims.email_verified !== false;
    if (typeof value !== 'string' || !value.trim() || !verified) return refuse(db, reply, refusalFor(idp, 'unknown-user', { claim: idp.user_claim, sub: claims.sub }));
    const user = await findUserForClaim(db, idp.org_uid, idp.user_claim, value.trim());
    if (user && !user.is_active) return refuse(db, reply, refusalFor(idp, 'inactive', { claim: idp.user_claim, value }));
    let signedIn = user ? { userUid: user.user_uid, divisionUid: (await firstDivisionIn(db, user.user_uid, idp.org_uid))! } : undefined;
    if (!signedIn) {
      const template = idp.user_claim === 'email' ? templateFor(idp, claims) : null;
      if (!template) return refuse(db, reply, refusalFor(idp, 'unknown-user', { claim: idp.user_claim, value }));
      signedIn = await db.transaction().execute((trx) => provisionUser(trx, idp, template, value.trim(), typeof claims.name === 'string' ? claims.name : null));
    }
    await signInFederated(db, request, reply, policy, signedIn, { kind: 'sso', sourceUid: idp.idp_uid, idToken });
    return reply.redirect(flow.return_to ?? '/home', 303);
  });
};
