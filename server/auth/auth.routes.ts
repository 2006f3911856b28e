import type { FastifyPluginAsync } from 'fastify';
import { ChangePasswordSchema, DivisionSwitchSchema, LoginSchema } from '../../shared/schemas/auth';
import type { AppContext } from '../app-context';
import { forbidden, HttpError, parseBody, tooMany, unauthorized } from '../errors';
import { addHit, clearHits, countHits } from '../security/rate-limit';
import { requireAuth, resolveAuth, SESSION_COOKIE, setSessionCookie } from './context';
import { hashPassword, verifyPassword } from './password';
import { sessionDocument } from './session-document';
import { createSession, deleteSession } from './sessions.repository';
import { accessibleDivisions, findUser, findUserByName, setPasswordHash } from './users.repository';

/** Failed sign-ins allowed per window before a 429, per user name and per client address. */
export const LOGIN_LIMITS = { perUser: 5, perAddress: 30, windowSeconds: 15 * 60 };

export const authRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  const secureCookies = process.env.NODE_ENV === 'production';

  app.post('/auth/login', async (request, reply) => {
    const body = parseBody(LoginSchema, request.body);
    const userBucket = `login:user:${body.userName.toLowerCase()}`;
    const addressBucket = `login:addr:${request.ip}`;
    const [userHits, addressHits] = await Promise.all([
      countHits(db, userBucket, LOGIN_LIMITS.windowSeconds),
      countHits(db, addressBucket, LOGIN_LIMITS.windowSeconds),
    ]);
    if (userHits >= LOGIN_LIMITS.perUser || addressHits >= LOGIN_LIMITS.perAddress) {
      throw tooMany(LOGIN_LIMITS.windowSeconds, 'Too many failed sign-in attempts. Please wait 15 minutes and try again.');
    }
    const user = await findUserByName(db, body.userName);
    const ok = await verifyPassword(body.password, user?.authentication_service === 'careweave' ? (user.password_hash ?? null) : null);
    const divisions = ok && user ? await accessibleDivisions(db, user.user_uid) : [];
    if (!ok || !user || divisions.length === 0) {
      await Promise.all([addHit(db, userBucket), addHit(db, addressBucket)]);
      throw unauthorized('Invalid user name or password');
    }
    await clearHits(db, userBucket);
    const created = await createSession(db, user.user_uid, divisions[0].division_uid, config.sessionIdleMinutes);
    setSessionCookie(reply, created.token, secureCookies);
    request.headers.authorization = `Bearer ${created.token}`;
    const auth = await resolveAuth(db, request, config.sessionIdleMinutes);
    return sessionDocument(db, auth!, config.sessionIdleMinutes, created.token);
  });

  app.post('/auth/logout', async (request, reply) => {
    const auth = requireAuth(request);
    await deleteSession(db, auth.sessionId);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  app.post('/auth/change-password', async (request, reply) => {
    const auth = requireAuth(request);
    if (auth.authenticationService !== 'careweave') throw forbidden('Your password is managed by another sign-in service');
    const body = parseBody(ChangePasswordSchema, request.body);
    const user = await findUser(db, auth.userUid);
    if (!(await verifyPassword(body.currentPassword, user?.password_hash ?? null))) {
      throw new HttpError(422, [{ field: 'current_password', message: 'Current password is incorrect' }]);
    }
    await setPasswordHash(db, auth.userUid, await hashPassword(body.newPassword));
    return reply.status(204).send();
  });

  app.get('/session/current', async (request) => {
    // Reading the session is the browser's "I am still active": always slide the expiry.
    request.auth = await resolveAuth(db, request, config.sessionIdleMinutes, true);
    const auth = requireAuth(request);
    return sessionDocument(db, auth, config.sessionIdleMinutes);
  });

  app.put('/session/current', async (request, reply) => {
    const auth = requireAuth(request);
    const body = parseBody(DivisionSwitchSchema, request.body);
    const target = body.data.attributes.currentDivisionUid;
    const divisions = await accessibleDivisions(db, auth.userUid);
    if (!divisions.some((d) => d.division_uid === target)) throw forbidden('You do not have access to that division');
    // A new token per division: a token captured for one division never acts in another.
    const created = await createSession(db, auth.userUid, target, config.sessionIdleMinutes);
    await deleteSession(db, auth.sessionId);
    setSessionCookie(reply, created.token, secureCookies);
    request.headers.authorization = `Bearer ${created.token}`;
    const next = await resolveAuth(db, request, config.sessionIdleMinutes);
    return sessionDocument(db, next!, config.sessionIdleMinutes, created.token);
  });
};
