import { sql } from 'kysely';
import { sessionsHaveEnded } from '../auth/sessions.repository';
import type { Db } from '../db/connect';
import { isUuid } from '../../shared/uuid';
import type { AdminUser, DivisionAccess } from '../../shared/schemas/admin';

/**
 * Serialises the admin changes of one organisation: the "at least one active
 * administrator" rule reads and writes in one transaction, and two admins
 * deactivating each other at once must not both succeed.
 */
export async function lockOrganization(trx: Db, orgUid: string): Promise<void> {
  await sql`select 1 from organization where org_uid = ${orgUid} for update`.execute(trx);
}

export async function orgDivisions(db: Db, orgUid: string) {
  return db.selectFrom('division').select(['division_uid', 'division_name']).where('org_uid', '=', orgUid).orderBy('division_name').execute();
}

/** A user as the admin pages show and the audit log records it: their divisions of this organisation only. */
export interface OrgUser {
  userUid: string;
  userName: string;
  displayName: string;
  email: string | null;
  isActive: boolean;
  /** Keeps password sign-in when the organisation turned it off (issue 34). */
  passwordFallback: boolean;
  divisions: DivisionAccess[];
  /**
   * Also has a division of another organisation: their name, user name,
   * e-mail, password and sign-in are then not this organisation's to change.
   */
  sharedWithOtherOrganization: boolean;
}

/**
 * Locks the user's row and returns the organisations of their divisions
 * (none for an unknown or malformed id). Admins of two organisations may
 * change a shared user at once: each reads whether the user is shared, and
 * which logs to write to, under this lock.
 */
export async function lockUserOrganizations(trx: Db, userUid: string): Promise<string[]> {
  if (!isUuid(userUid)) return [];
  const rows = await sql<{ org_uid: string }>`
    select d.org_uid from app_user u
      join user_division ud on ud.user_uid = u.user_uid
      join division d on d.division_uid = ud.division_uid
     where u.user_uid = ${userUid}
       for update of u`.execute(trx);
  return [...new Set(rows.rows.map((r) => r.org_uid))];
}

/** A user of the organisation (one of their divisions is in it); undefined for anyone else and for a malformed id. */
export async function findOrgUser(db: Db, orgUid: string, userUid: string): Promise<OrgUser | undefined> {
  if (!isUuid(userUid)) return undefined;
  const rows = await db
    .selectFrom('app_user as u')
    .innerJoin('user_division as ud', 'ud.user_uid', 'u.user_uid')
    .innerJoin('division as d', 'd.division_uid', 'ud.division_uid')
    .select(['u.user_uid', 'u.user_name', 'u.display_name', 'u.email_address', 'u.is_active', 'u.password_fallback', 'd.division_uid', 'ud.permissions'])
    .select(
      sql<boolean>`exists (select 1 from user_division o join division od on od.division_uid = o.division_uid where o.user_uid = u.user_uid and od.org_uid <> ${orgUid})`.as('shared'),
    )
    .where('u.user_uid', '=', userUid)
    .where('d.org_uid', '=', orgUid)
    .orderBy('d.division_name')
    .execute();
  if (rows.length === 0) return undefined;
  const [u] = rows;
  return {
    userUid: u.user_uid,
    userName: u.user_name,
    displayName: u.display_name,
    email: u.email_address,
    isActive: u.is_active,
    passwordFallback: u.password_fallback,
    divisions: rows.map((r) => ({ divisionUid: r.division_uid, flags: [...r.permissions].sort() as DivisionAccess['flags'] })),
    sharedWithOtherOrganization: u.shared,
  };
}

export async function userNameTaken(db: Db, userName: string, except?: string): Promise<boolean> {
  let query = db.selectFrom('app_user').select('user_uid').where((eb) => eb(eb.fn('lower', ['user_name']), '=', userName.toLowerCase()));
  if (except) query = query.where('user_uid', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Active users of the organisation holding navigatorAdmin in one of its divisions. */
export async function countActiveAdmins(db: Db, orgUid: string): Promise<number> {
  const row = await db
    .selectFrom('app_user as u')
    .innerJoin('user_division as ud', 'ud.user_uid', 'u.user_uid')
    .innerJoin('division as d', 'd.division_uid', 'ud.division_uid')
    .select(sql<number>`count(distinct u.user_uid)::int`.as('n'))
    .where('d.org_uid', '=', orgUid)
    .where('u.is_active', '=', true)
    .where(sql<boolean>`'navigatorAdmin' = any(ud.permissions)`)
    .executeTakeFirstOrThrow();
  return row.n;
}

const nameParts = (displayName: string) => {
  const [first, ...rest] = displayName.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') || null };
};

export async function insertUser(db: Db, user: AdminUser): Promise<string> {
  const row = await db
    .insertInto('app_user')
    .values({ user_name: user.userName.trim(), display_name: user.displayName.trim(), ...nameParts(user.displayName), email_address: user.email.trim(), password_hash: null, theme: null, password_fallback: user.passwordFallback ?? false })
    .returning('user_uid')
    .executeTakeFirstOrThrow();
  await setDivisions(db, row.user_uid, [], user.divisions);
  return row.user_uid;
}

/** The user's own details (name, user name, e-mail), which every organisation they work for sees. */
export async function updateUserDetails(db: Db, userUid: string, user: AdminUser): Promise<void> {
  await db
    .updateTable('app_user')
    .set({ user_name: user.userName.trim(), display_name: user.displayName.trim(), ...nameParts(user.displayName), email_address: user.email.trim() })
    .where('user_uid', '=', userUid)
    .execute();
}

/** Whether the user keeps password sign-in when their organisation turned it off (issue 34). */
export async function setPasswordFallback(db: Db, userUid: string, on: boolean): Promise<void> {
  await db.updateTable('app_user').set({ password_fallback: on }).where('user_uid', '=', userUid).execute();
}

/** Replaces the user's divisions among `replaced` (this organisation's) with `divisions`; other organisations' stay. */
export async function setDivisions(db: Db, userUid: string, replaced: string[], divisions: DivisionAccess[]): Promise<void> {
  await removeFromDivisions(db, userUid, replaced);
  await db
    .insertInto('user_division')
    .values(divisions.map((d) => ({ user_uid: userUid, division_uid: d.divisionUid, permissions: [...d.flags] })))
    .execute();
}

/** Takes the user out of `divisionUids` (their flags there go with the rows). */
export async function removeFromDivisions(db: Db, userUid: string, divisionUids: string[]): Promise<void> {
  if (divisionUids.length) await db.deleteFrom('user_division').where('user_uid', '=', userUid).where('division_uid', 'in', divisionUids).execute();
}

/**
 * Ends the user's sessions signed into one of `divisionUids`; their sessions
 * in other divisions go on. Returns the ids, to forget again after the
 * commit (as deleteUserSessions does).
 */
export async function deleteSessionsIn(trx: Db, userUid: string, divisionUids: string[]): Promise<string[]> {
  if (divisionUids.length === 0) return [];
  const ended = (await trx.deleteFrom('session').where('user_uid', '=', userUid).where('current_division_uid', 'in', divisionUids).returning('session_id').execute()).map((r) => r.session_id);
  sessionsHaveEnded(ended);
  return ended;
}

export async function setActive(db: Db, userUid: string, isActive: boolean): Promise<void> {
  await db.updateTable('app_user').set({ is_active: isActive }).where('user_uid', '=', userUid).execute();
}

/** The first organisation, division and administrator of an empty install (npm run admin -- create-user). */
export async function insertOrganization(db: Db, orgName: string, divisionName: string) {
  const org = await db.insertInto('organization').values({ org_name: orgName, name: orgName, market_uid: null }).returning('org_uid').executeTakeFirstOrThrow();
  const division = await db.insertInto('division').values({ division_name: divisionName, org_uid: org.org_uid }).returning('division_uid').executeTakeFirstOrThrow();
  return { orgUid: org.org_uid, divisionUid: division.division_uid };
}
