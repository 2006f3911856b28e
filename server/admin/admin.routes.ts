import type { FastifyPluginAsync } from 'fastify';
import { snakeCase, snakeKeys } from '../../shared/casing';
import { AdminUserSchema, type AdminUser } from '../../shared/schemas/admin';
import { LAST_FALLBACK_ADMIN } from '../../shared/schemas/identity-providers';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { requireAuth, type AuthContext } from '../auth/context';
import { deleteUserSessions, forgetSessions, userSessionIds } from '../auth/sessions.repository';
import { issueSignInLink, SIGN_IN_LINK_HOURS, signInLinkUrl, type SignInLinkPurpose } from '../auth/sign-in-links';
import type { Db } from '../db/connect';
import { HttpError, notFound, parseBody } from '../errors';
import { enqueueMessage } from '../outbox/outbox.repository';
import { onceOnly } from '../public-forms/idempotency';
import { allow } from '../security/access';
import { actorOf, recordAdminChange, type AdminChange } from './admin-audit';
import {
  countActiveAdmins,
  deleteSessionsIn,
  findOrgUser,
  insertUser,
  lockOrganization,
  lockUserOrganizations,
  orgDivisions,
  removeFromDivisions,
  setActive,
  setDivisions,
  setPasswordFallback,
  updateUserDetails,
  userNameTaken,
  type OrgUser,
} from './admin.repository';
import { AdminUserDocument } from './admin.responses';
import { fallbackAdministrators, passwordLoginOn } from './identity-providers.repository';
import { findOrganization } from './organization.repository';

export const USER_NOT_FOUND = 'User not found';
export const LAST_ADMIN = 'Careweave needs at least one active administrator: make another user an administrator first';
export const OWN_ADMIN = 'You cannot remove your own Administrator permission in the division you are signed into';
export const NO_EMAIL = 'The user has no e-mail address to send the link to';
export const INACTIVE = 'Reactivate the user first';
/**
 * Refused for a user who also works for another organisation: whoever
 * controls their e-mail or password controls their work there too.
 */
export const SHARED_USER = 'This user also works for another organisation, so their name, user name, e-mail and password cannot be changed here';
/** `password_fallback` is one switch for every organisation of the user, as their sign-in is. */
export const SHARED_FALLBACK = 'This user also works for another organisation, so whether they keep password sign-in cannot be changed here: it would apply there too';
/** Sign-in is one switch for every organisation: turning it back on here would reopen it there. */
export const SHARED_INACTIVE = 'This user also works for another organisation, so they cannot be reactivated here: that would let them sign in there too';

/** The details every organisation of a user sees, and no single one may change for a shared user. */
const OWN_DETAILS = ['displayName', 'userName', 'email'] as const;

const resource = (user: OrgUser) => ({ type: 'admin-users', id: user.userUid, attributes: snakeKeys(user) });

/** The user of the admin's organisation, read in `trx`; 404 for anyone else's. */
async function orgUserOr404(trx: Db, auth: AuthContext, userUid: string): Promise<OrgUser> {
  const user = await findOrgUser(trx, auth.orgUid, userUid);
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}

/**
 * The checks the schema cannot make: the divisions are this organisation's,
 * the user name is free, and a shared user's own details are left as they are.
 */
async function checkUser(trx: Db, auth: AuthContext, body: AdminUser, before?: OrgUser): Promise<string[]> {
  const divisions = (await orgDivisions(trx, auth.orgUid)).map((d) => d.division_uid);
  const errors = body.divisions.flatMap((d, i) => (divisions.includes(d.divisionUid) ? [] : [{ field: `divisions.${i}.division_uid`, message: NOT_LISTED }]));
  if (before?.sharedWithOtherOrganization) {
    const changed = OWN_DETAILS.filter((key) => body[key].trim() !== (before[key] ?? ''));
    errors.push(...changed.map((key) => ({ field: snakeCase(key), message: SHARED_USER })));
    if (body.passwordFallback !== undefined && body.passwordFallback !== before.passwordFallback) errors.push({ field: 'password_fallback', message: SHARED_FALLBACK });
  } else if (await userNameTaken(trx, body.userName.trim(), before?.userUid)) errors.push({ field: 'user_name', message: 'This user name is already taken' });
  if (errors.length) throw new HttpError(422, errors);
  return divisions;
}

async function refuseWithoutAdmin(trx: Db, auth: AuthContext): Promise<void> {
  if ((await countActiveAdmins(trx, auth.orgUid)) === 0) throw new HttpError(409, [{ message: LAST_ADMIN }]);
}

/**
 * Issue 34: while the organisation's password sign-in is off, a change to an
 * active administrator who kept it (clearing the mark, taking the flag,
 * deactivating) must leave another, or nobody could sign in when the
 * identity provider fails. Checked after the change, in its transaction.
 */
async function refuseWithoutFallbackAdmin(trx: Db, auth: AuthContext, before: OrgUser): Promise<void> {
  const wasFallbackAdmin = before.isActive && before.passwordFallback && before.divisions.some((d) => d.flags.includes('navigatorAdmin'));
  if (!wasFallbackAdmin || (await passwordLoginOn(trx, auth.orgUid))) return;
  if ((await fallbackAdministrators(trx, auth.orgUid)).length === 0) throw new HttpError(409, [{ message: LAST_FALLBACK_ADMIN }]);
}

/** An audit entry about the user being changed; the label defaults to their user name before the change. */
type UserEntry = Pick<AdminChange, 'action' | 'before' | 'after'> & { targetLabel?: string };

/** What another organisation's log keeps of a snapshot: not the acting organisation's divisions and flags, which are its own business. */
function withoutDivisions(snapshot: unknown): unknown {
  if (!snapshot || typeof snapshot !== 'object') return snapshot;
  const { divisions, ...rest } = snapshot as Record<string, unknown>;
  return Object.keys(rest).length ? rest : undefined;
}

/**
 * Writes the entry to the log of every organisation in `orgUids` (those the
 * user worked for before the change): each must be able to see who changed
 * a person who works for it. Another organisation's row names the acting
 * organisation beside the admin.
 */
async function recordUserChange(trx: Db, auth: AuthContext, orgUids: string[], user: OrgUser, entry: UserEntry): Promise<void> {
  const change = { targetType: 'user', targetUid: user.userUid, targetLabel: user.userName, ...entry } as const;
  const others = orgUids.filter((orgUid) => orgUid !== auth.orgUid);
  await recordAdminChange(trx, actorOf(auth), { ...change, orgUid: auth.orgUid });
  if (others.length === 0) return;
  const actor = actorOf(auth, (await findOrganization(trx, auth.orgUid)).org_name);
  for (const orgUid of others) await recordAdminChange(trx, actor, { ...change, orgUid, before: withoutDivisions(entry.before), after: withoutDivisions(entry.after) });
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

  /**
   * `work` gets the user as this organisation sees them and `record`, which
   * writes to the audit log of every organisation the user works for (as they
   * were before the change); it returns the sessions it ended: forgotten
   * again after the commit, with the user's others.
   */
  const change = async (auth: AuthContext, userUid: string, work: (trx: Db, before: OrgUser, record: (entry: UserEntry) => Promise<void>) => Promise<string[] | void>) => {
    const { after, ended } = await db.transaction().execute(async (trx) => {
      await lockOrganization(trx, auth.orgUid);
      const orgUids = await lockUserOrganizations(trx, userUid);
      const before = await orgUserOr404(trx, auth, userUid);
      const ended = (await work(trx, before, (entry) => recordUserChange(trx, auth, orgUids, before, entry))) ?? [];
      // A shared user taken out of the organisation is no longer its to read: the answer shows them without its divisions.
      return { after: (await findOrgUser(trx, auth.orgUid, userUid)) ?? { ...before, divisions: [] }, ended };
    });
    forgetSessions([...ended, ...(await userSessionIds(db, userUid))]);
    return { data: resource(after) };
  };

  app.get<{ Params: { id: string } }>('/admin/users/:id', withSchemas(admin, { 200: AdminUserDocument }), async (request) => ({ data: resource(await orgUserOr404(db, requireAuth(request), request.params.id)) }));

  /** A new user gets a one-time link by e-mail to set their password; nobody ever sees or sets it for them. */
  app.post('/admin/users', withSchemas(admin, { 201: AdminUserDocument }, { body: AdminUserSchema }), async (request, reply) => {
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

  app.put<{ Params: { id: string } }>('/admin/users/:id', withSchemas(admin, { 200: AdminUserDocument }, { body: AdminUserSchema }), async (request) => {
    const auth = requireAuth(request);
    const body = parseBody(AdminUserSchema, request.body);
    return change(auth, request.params.id, async (trx, before, record) => {
      const divisions = await checkUser(trx, auth, body, before);
      const keepsOwnAdmin = body.divisions.some((d) => d.divisionUid === auth.divisionUid && d.flags.includes('navigatorAdmin'));
      if (before.userUid === auth.userUid && !keepsOwnAdmin) throw new HttpError(422, [{ field: 'divisions', message: OWN_ADMIN }]);
      // A shared user's row is not written at all: checkUser let through only the details it already holds.
      if (!before.sharedWithOtherOrganization) {
        await updateUserDetails(trx, before.userUid, body);
        if (body.passwordFallback !== undefined) await setPasswordFallback(trx, before.userUid, body.passwordFallback);
      }
      await setDivisions(trx, before.userUid, divisions, body.divisions);
      await refuseWithoutFallbackAdmin(trx, auth, before);
      const after = (await findOrgUser(trx, auth.orgUid, before.userUid))!;
      await record({ action: 'UpdatedUser', targetLabel: after.userName, before, after });
    });
  });

  /**
   * Deactivation ends the user's sessions at once (their open pages get 401
   * on the next call). A user who also works for another organisation keeps
   * their sign-in, which is not this organisation's alone to end: they are
   * taken out of this organisation's divisions instead, and only their
   * sessions in those end.
   */
  app.post<{ Params: { id: string } }>('/admin/users/:id/deactivate', withSchemas(admin, { 200: AdminUserDocument }), async (request) => {
    const auth = requireAuth(request);
    return change(auth, request.params.id, async (trx, before, record) => {
      if (before.sharedWithOtherOrganization) {
        const divisionUids = before.divisions.map((d) => d.divisionUid);
        await removeFromDivisions(trx, before.userUid, divisionUids);
        await refuseWithoutAdmin(trx, auth);
        await refuseWithoutFallbackAdmin(trx, auth, before);
        await record({ action: 'RemovedUserFromOrganization', before: { divisions: before.divisions }, after: { divisions: [] } });
        return deleteSessionsIn(trx, before.userUid, divisionUids);
      }
      if (!before.isActive) return;
      await setActive(trx, before.userUid, false);
      await refuseWithoutAdmin(trx, auth);
      await refuseWithoutFallbackAdmin(trx, auth, before);
      await record({ action: 'DeactivatedUser', before: { isActive: true }, after: { isActive: false } });
      return deleteUserSessions(trx, before.userUid);
    });
  });

  app.post<{ Params: { id: string } }>('/admin/users/:id/reactivate', withSchemas(admin, { 200: AdminUserDocument }), async (request) => {
    const auth = requireAuth(request);
    return change(auth, request.params.id, async (trx, before, record) => {
      if (before.isActive) return;
      if (before.sharedWithOtherOrganization) throw new HttpError(403, [{ message: SHARED_INACTIVE }]);
      await setActive(trx, before.userUid, true);
      await record({ action: 'ReactivatedUser', before: { isActive: false }, after: { isActive: true } });
    });
  });

  /**
   * Sends a one-time link through the outbox; the current password keeps
   * working until the link is used. Never for a shared user: the link is a
   * sign-in as them, in every organisation they work for.
   */
  app.post<{ Params: { id: string } }>('/admin/users/:id/password-reset', withSchemas(admin, { 200: AdminUserDocument }), async (request) => {
    const auth = requireAuth(request);
    return change(auth, request.params.id, async (trx, user, record) => {
      if (user.sharedWithOtherOrganization) throw new HttpError(403, [{ message: SHARED_USER }]);
      if (!user.isActive) throw new HttpError(409, [{ message: INACTIVE }]);
      if (!user.email) throw new HttpError(409, [{ message: NO_EMAIL }]);
      await sendLink(trx, config.publicUrl, user, 'password-reset');
      await record({ action: 'SentPasswordReset', after: { email: user.email } });
    });
  });
};
