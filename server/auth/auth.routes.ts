import type { FastifyPluginAsync } from 'fastify';
import { ChangePasswordSchema, DivisionSwitchSchema, LoginSchema, SignInLinkSchema } from '../../shared/schemas/auth';
import { NoContent } from '../api-docs/json-api';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import type { Config } from '../config';
import { forbidden, HttpError, notFound, parseBody, tooMany, unauthorized } from '../errors';
import { publicRoute, signedIn } from '../security/access';
import { bucketKey, reserve, type Allowance } from '../security/rate-limit';
import { requireAuth, resolveAuth, SESSION_COOKIE, setSessionCookie } from './context';
import { hashPassword, verifyPassword } from './password';
import { sessionDocument } from './session-document';
import { createSession, deleteSession, deleteUserSessions, hashToken, type SessionPolicy } from './sessions.repository';
import { consumeSignInLink } from './sign-in-links';
import { isTrustedClient, trustClient } from './trusted-clients';
import { AppUserDocument, NewSessionDocument, SessionDocument, SignedOutDocument } from './auth.responses';
import { accessibleDivisions, findColleague, findUser, findUserByName, passwordDivisions, setPasswordHash } from './users.repository';
import { SIGN_IN_PROBLEMS } from '../../shared/sign-in-problems';
import { findFederation, moveFederation } from '../sso/federation.repository';
import { findIdentityProvider } from '../sso/identity-providers.repository';
import { endSessionUrl, serverMetadata } from '../sso/oidc-client';

/**
 * Failed sign-ins allowed per window: per user name and per client address;
 * from a browser or address the user signed in from before, per user and
 * address instead (the name-wide count does not apply, see trusted-clients.ts).
 * Wrong current passwords on a password change count per user the same way.
 */
export const LOGIN_LIMITS = { perUser: 5, perAddress: 30, windowSeconds: 15 * 60 };
const LOCKED = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
export const PASSWORD_OFF = SIGN_IN_PROBLEMS['password-off'];
export const LINK_UNUSABLE = 'This link has expired or was already used. Ask your administrator for a new one.';

export const sessionPolicy = (config: Config): SessionPolicy => ({ idleMinutes: config.sessionIdleMinutes, maxHours: config.sessionMaxHours });

export const authRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  const policy = sessionPolicy(config);

  app.post('/auth/login', withSchemas(publicRoute, { 200: NewSessionDocument }, { body: LoginSchema }), async (request, reply) => {
    const body = parseBody(LoginSchema, request.body);
    const user = await findUserByName(db, body.userName);
    const trusted = user ? await isTrustedClient(db, user.user_uid, request) : false;
    const allowances: Allowance[] = trusted
      ? [{ bucket: bucketKey('login', 'trusted', user!.user_uid, request.ip), limit: LOGIN_LIMITS.perUser }]
      : [
          { bucket: bucketKey('login', 'user', body.userName.toLowerCase()), limit: LOGIN_LIMITS.perUser },
          { bucket: bucketKey('login', 'addr', request.ip), limit: LOGIN_LIMITS.perAddress },
        ];
    // Counted before the password is checked, so parallel guesses cannot outrun the limit.
    const attempt = await reserve(db, allowances, LOGIN_LIMITS.windowSeconds);
    if (!attempt.allowed) throw tooMany(LOGIN_LIMITS.windowSeconds, LOCKED);
    const ok = await verifyPassword(body.password, user?.authentication_service === 'careweave' ? (user.password_hash ?? null) : null);
    const all = ok && user ? await accessibleDivisions(db, user.user_uid) : [];
    if (!ok || !user || all.length === 0) throw unauthorized('Invalid user name or password');
    await attempt.refund();
    const divisions = passwordDivisions(all, user);
    if (divisions.length === 0) throw forbidden(PASSWORD_OFF);
    const created = await createSession(db, user.user_uid, divisions[0].division_uid, policy);
    setSessionCookie(request, reply, created.token);
    await trustClient(db, user.user_uid, request, reply);
    request.headers.authorization = `Bearer ${created.token}`;
    const auth = await resolveAuth(db, request, policy);
    return sessionDocument(db, auth!, config.sessionIdleMinutes, created.token);
  });

  /**
   * Issue 14: a one-time link (first sign-in, password reset) sets the
   * password and signs the user in. The link is used up in the transaction
   * that sets the password; the user's other sessions end, as after a change.
   */
  app.post('/auth/sign-in-link', withSchemas(publicRoute, { 200: NewSessionDocument }, { body: SignInLinkSchema }), async (request, reply) => {
    const body = parseBody(SignInLinkSchema, request.body);
    const attempt = await reserve(db, [{ bucket: bucketKey('sign-in-link', 'addr', request.ip), limit: LOGIN_LIMITS.perAddress }], LOGIN_LIMITS.windowSeconds);
    if (!attempt.allowed) throw tooMany(LOGIN_LIMITS.windowSeconds, LOCKED);
    const hash = await hashPassword(body.newPassword);
    const userUid = await db.transaction().execute(async (trx) => {
      const uid = await consumeSignInLink(trx, body.token);
      if (uid) {
        await setPasswordHash(trx, uid, hash);
        await deleteUserSessions(trx, uid);
      }
      return uid;
    });
    const all = userUid ? await accessibleDivisions(db, userUid) : [];
    if (!userUid || all.length === 0) throw new HttpError(422, [{ field: 'token', message: LINK_UNUSABLE }]);
    await attempt.refund();
    // The password is set either way (the organisation may turn passwords on again); a session only where passwords open one.
    const divisions = passwordDivisions(all, (await findUser(db, userUid))!);
    if (divisions.length === 0) throw forbidden(PASSWORD_OFF);
    const created = await createSession(db, userUid, divisions[0].division_uid, policy);
    setSessionCookie(request, reply, created.token);
    await trustClient(db, userUid, request, reply);
    request.headers.authorization = `Bearer ${created.token}`;
    const auth = await resolveAuth(db, request, policy);
    return sessionDocument(db, auth!, config.sessionIdleMinutes, created.token);
  });

  /**
   * Ends the Careweave session. After a single sign-on the answer offers the
   * provider's end-session address (issue 34): Careweave cannot end the
   * provider's own session, the user may.
   */
  app.post('/auth/logout', withSchemas(signedIn, { 200: SignedOutDocument, 204: NoContent }), async (request, reply) => {
    const auth = requireAuth(request);
    const federation = await findFederation(db, auth.sessionId);
    await deleteSession(db, auth.sessionId);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    const idp = federation?.kind === 'sso' ? await findIdentityProvider(db, federation.source_uid) : undefined;
    if (!idp) return reply.status(204).send();
    const party = { issuer: idp.issuer, clientId: idp.client_id, clientSecret: idp.client_secret };
    const url = await serverMetadata(idp.issuer).then(
      (server) => endSessionUrl(server, party, federation!.id_token, `${config.publicUrl}/login`),
      () => null,
    );
    return url ? { data: { type: 'signed-out', attributes: { end_session_url: url, provider_name: idp.display_name } } } : reply.status(204).send();
  });

  /** A changed password ends the user's other sessions: whoever knew the old one is signed out. */
  app.post('/auth/change-password', withSchemas(signedIn, { 204: NoContent }, { body: ChangePasswordSchema }), async (request, reply) => {
    const auth = requireAuth(request);
    if (auth.authenticationService !== 'careweave') throw forbidden('Your password is managed by another sign-in service');
    const body = parseBody(ChangePasswordSchema, request.body);
    const attempt = await reserve(db, [{ bucket: bucketKey('password-change', auth.userUid), limit: LOGIN_LIMITS.perUser }], LOGIN_LIMITS.windowSeconds);
    if (!attempt.allowed) throw tooMany(LOGIN_LIMITS.windowSeconds, 'Too many wrong passwords. Please wait 15 minutes and try again.');
    const user = await findUser(db, auth.userUid);
    if (!(await verifyPassword(body.currentPassword, user?.password_hash ?? null))) {
      throw new HttpError(422, [{ field: 'current_password', message: 'Current password is incorrect' }]);
    }
    await attempt.refund();
    await setPasswordHash(db, auth.userUid, await hashPassword(body.newPassword));
    await deleteUserSessions(db, auth.userUid, auth.sessionId);
    return reply.status(204).send();
  });

  /**
   * Whether the way this session signed in opens `division`: a password where
   * its organisation allows one (or for a user who keeps it), a provider of
   * the division's own organisation, an EHR launch in the EHR's organisation.
   */
  async function signInOpens(userUid: string, division: { org_uid: string; password_login: boolean }, federation: Awaited<ReturnType<typeof findFederation>>) {
    if (!federation) return division.password_login || (await findUser(db, userUid))?.password_fallback === true;
    const source =
      federation.kind === 'sso'
        ? await db.selectFrom('identity_provider').select('org_uid').where('idp_uid', '=', federation.source_uid).executeTakeFirst()
        : await db.selectFrom('ehr_registration').select('org_uid').where('ehr_uid', '=', federation.source_uid).executeTakeFirst();
    return source?.org_uid === division.org_uid;
  }

  app.get<{ Params: { id: string } }>('/app-user/:id', withSchemas(signedIn, { 200: AppUserDocument }), async (request) => {
    const user = await findColleague(db, requireAuth(request).orgUid, request.params.id);
    if (!user) throw notFound('User not found');
    return { data: { type: 'app-users', id: user.user_uid, attributes: user } };
  });

  app.get('/session/current', withSchemas(signedIn, { 200: SessionDocument }), async (request) => {
    // Reading the session is the browser's "I am still active": always slide the expiry.
    request.auth = await resolveAuth(db, request, policy, true);
    const auth = requireAuth(request);
    return sessionDocument(db, auth, config.sessionIdleMinutes);
  });

  app.put('/session/current', withSchemas(signedIn, { 200: NewSessionDocument }, { body: DivisionSwitchSchema }), async (request, reply) => {
    const auth = requireAuth(request);
    const body = parseBody(DivisionSwitchSchema, request.body);
    const target = body.data.attributes.currentDivisionUid;
    const divisions = await accessibleDivisions(db, auth.userUid);
    const division = divisions.find((d) => d.division_uid === target);
    if (!division) throw forbidden('You do not have access to that division');
    const federation = await findFederation(db, auth.sessionId);
    if (!(await signInOpens(auth.userUid, division, federation))) throw forbidden(PASSWORD_OFF);
    // A new token per division: a token captured for one division never acts in another.
    const created = await createSession(db, auth.userUid, target, policy, auth.signedInAt);
    await moveFederation(db, auth.sessionId, hashToken(created.token));
    await deleteSession(db, auth.sessionId);
    setSessionCookie(request, reply, created.token);
    request.headers.authorization = `Bearer ${created.token}`;
    const next = await resolveAuth(db, request, policy);
    return sessionDocument(db, next!, config.sessionIdleMinutes, created.token);
  });
};
