import type { FastifyPluginAsync } from 'fastify';
import { snakeKeys } from '../../shared/casing';
import { AdminUserSchema, type AdminUser } from '../../shared/schemas/admin';
import { NOT_LISTED } from '../../shared/schemas/strings';
import type { AppContext } from '../app-context';
import { requireAuth, type AuthContext } from '../auth/context';
import { deleteUserSessions, forgetSessions, userSessionIds } from '../auth/sessions.repository';
import { issueSignInLink, SIGN_IN_LINK_HOURS, signInLinkUrl, type SignInLinkPurpose } from '../auth/sign-in-links';
import type { Db } from '../db/connect';
import { HttpError, notFound, parseBody } from '../errors';
import { enqueueMessage } from '../outbox/outbox.repository';
import { onceOnly } from '../public-forms/idempotency';
import { allow } from '../security/access';
import { actorOf, recordAdminChange } from './admin-audit';
import { countActiveAdmins, findOrgUser, insertUser, lockOrganization, orgDivisions, setActive, updateUser, userNameTaken, type OrgUser } from './admin.repository';

export const USER_NOT_FOUND = 'User not found';
export const LAST_ADMIN = 'Careweave needs at least one active administrator: make another user an administrator first';
export const OWN_ADMIN = 'You cannot remove your own Administrator permission in the division you are signed into';
export const NO_EMAIL = 'The user has no e-mail address to send the link to';
export const INACTIVE = 'Reactivate the user first';

const resource = (user: OrgUser) => ({ type: 'admin-users', id: user.userUid, attributes: snakeKeys(user) });

/** The user of the admin's organisation, read in `trx`; 404 for anyone else's. */
async function orgUserOr404(trx: Db, auth: AuthContext, userUid: string): Promise<OrgUser> {
  const user = await findOrgUser(trx, auth.orgUid, userUid);
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}

/** The checks the schema cannot make: the divisions are this organisation's, the user name is free. */
async function checkUser(trx: Db, auth: AuthContext, body: AdminUser, userUid?: string): Promise<string[]> {
  const divisions = (await orgDivisions(trx, auth.orgUid)).map((d) => d.division_uid);
  const errors = body.divisions.flatMap((d, i) => (divisions.includes(d.divisionUid) ? [] : [{ field: `divisions.${i}.division_uid`, message: NOT_LISTED }]));
  if (await userNameTaken(trx, body.userName.trim(), userUid)) errors.push({ field: 'user_name', message: 'This user name is already taken' });
  if (errors.length) throw new HttpError(422, errors);
  return divisions;
}

/** The link e-mail: a new user's first sign-in, or a password reset. The token is never stored or shown. */
async function sendLink(trx: Db, publicUrl: string, user: OrgUser, purpose: SignInLinkPurpose): Promise<void> {
  const token = await issueSignInLink(trx, user.userUid, purpose);
  const intro = purpose === 'first-sign-in' ? `an administrator created a Careweave account for you (user name ${user.userName}).` : 'an administrator asked for your Careweave password to be reset.';
  await enqueueMessage(trx, {
    channel: 'email',
    recipient: user.email!,
    subject: purpose === 'first-sign-in' ? 'Your Careweave account' : 'Reset your Careweave password',
    body: `${user.displayName}, ${intro}\n\nSet your password and sign in with this link. It works once, within ${SIGN_IN_LINK_HOURS} hours:\n\n${signInLinkUrl(publicUrl, token)}\n`,
  });
}

/**
 * Issue 14 section 2: users and permissions of the admin's organisation.
 * Lists are the `admin-user` and `admin-audit` data views. Every change locks
 * the organisation, is written to the admin audit log in its transaction and,
 * once committed, makes the user's sessions read their row again.
 */
export const adminRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  const admin = allow('navigatorAdmin');

  /** `work` returns the sessions it ended: forgotten again after the commit, with the user's others. */
  const change = async (auth: AuthContext, userUid: string, work: (trx: Db, before: OrgUser) => Promise<string[] | void>) => {
    const { after, ended } = await db.transaction().execute(async (trx) => {
      await lockOrganization(trx, auth.orgUid);
      const ended = (await work(trx, await orgUserOr404(trx, auth, userUid))) ?? [];
      return { after: await orgUserOr404(trx, auth, userUid), ended };
    });
    forgetSessions([...ended, ...(await userSessionIds(db, userUid))]);
    return { data: resource(after) };
  };

  app.get<{ Params: { id: string } }>('/admin/users/:id', admin, async (request) => ({ data: resource(await orgUserOr404(db, requireAuth(request), request.params.id)) }));

  /** A new user gets a one-time link by e-mail to set their password; nobody ever sees or sets it for them. */
  app.post('/admin/users', admin, async (request, reply) => {
    const auth = requireAuth(request);
    const body = parseBody(AdminUserSchema, request.body);
    return onceOnly(db, request, reply, 'admin-users', async (trx) => {
      await lockOrganization(trx, auth.orgUid);
      await checkUser(trx, auth, body);
      const user = (await findOrgUser(trx, auth.orgUid, await insertUser(trx, body)))!;
      await sendLink(trx, config.publicUrl, user, 'first-sign-in');
      await recordAdminChange(trx, actorOf(auth), { orgUid: auth.orgUid, action: 'CreatedUser', targetType: 'user', targetUid: user.userUid, targetLabel: user.userName, after: user });
      return { status: 201, body: { data: resource(user) } };
    });
  });

  app.put<{ Params: { id: string } }>('/admin/users/:id', admin, async (request) => {
    const auth = requireAuth(request);
    const body = parseBody(AdminUserSchema, request.body);
    return change(auth, request.params.id, async (trx, before) => {
      const divisions = await checkUser(trx, auth, body, before.userUid);
      const keepsOwnAdmin = body.divisions.some((d) => d.divisionUid === auth.divisionUid && d.flags.includes('navigatorAdmin'));
      if (before.userUid === auth.userUid && !keepsOwnAdmin) throw new HttpError(422, [{ field: 'divisions', message: OWN_ADMIN }]);
      await updateUser(trx, before.userUid, divisions, body);
      const after = (await findOrgUser(trx, auth.orgUid, before.userUid))!;
      await recordAdminChange(trx, actorOf(auth), { orgUid: auth.orgUid, action: 'UpdatedUser', targetType: 'user', targetUid: before.userUid, targetLabel: after.userName, before, after });
    });
  });

  /** Deactivation ends the user's sessions at once (their open pages get 401 on the next call). */
  app.post<{ Params: { id: string } }>('/admin/users/:id/deactivate', admin, async (request) => {
    const auth = requireAuth(request);
    return change(auth, request.params.id, async (trx, before) => {
      if (!before.isActive) return;
      await setActive(trx, before.userUid, false);
      if ((await countActiveAdmins(trx, auth.orgUid)) === 0) throw new HttpError(409, [{ message: LAST_ADMIN }]);
      await recordAdminChange(trx, actorOf(auth), { orgUid: auth.orgUid, action: 'DeactivatedUser', targetType: 'user', targetUid: before.userUid, targetLabel: before.userName, before: { isActive: true }, after: { isActive: false } });
      return deleteUserSessions(trx, before.userUid);
    });
  });

  app.post<{ Params: { id: string } }>('/admin/users/:id/reactivate', admin, async (request) => {
    const auth = requireAuth(request);
    return change(auth, request.params.id, async (trx, before) => {
      if (before.isActive) return;
      await setActive(trx, before.userUid, true);
      await recordAdminChange(trx, actorOf(auth), { orgUid: auth.orgUid, action: 'ReactivatedUser', targetType: 'user', targetUid: before.userUid, targetLabel: before.userName, before: { isActive: false }, after: { isActive: true } });
    });
  });

  /** Sends a one-time link through the outbox; the current password keeps working until the link is used. */
  app.post<{ Params: { id: string } }>('/admin/users/:id/password-reset', admin, async (request) => {
    const auth = requireAuth(request);
    return change(auth, request.params.id, async (trx, user) => {
      if (!user.isActive) throw new HttpError(409, [{ message: INACTIVE }]);
      if (!user.email) throw new HttpError(409, [{ message: NO_EMAIL }]);
      await sendLink(trx, config.publicUrl, user, 'password-reset');
      await recordAdminChange(trx, actorOf(auth), { orgUid: auth.orgUid, action: 'SentPasswordReset', targetType: 'user', targetUid: user.userUid, targetLabel: user.userName, after: { email: user.email } });
    });
  });
};
