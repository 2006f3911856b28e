import type { Db } from '../db/connect';
import { isUuid } from '../../shared/uuid';

export async function findUserByName(db: Db, userName: string) {
  return db
    .selectFrom('app_user')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['user_name']), '=', userName.toLowerCase()))
    .where('is_active', '=', true)
    .executeTakeFirst();
}

export async function findUser(db: Db, userUid: string) {
  return db.selectFrom('app_user').selectAll().where('user_uid', '=', userUid).executeTakeFirst();
}

export async function accessibleDivisions(db: Db, userUid: string) {
  return db
    .selectFrom('user_division')
    .innerJoin('division', 'division.division_uid', 'user_division.division_uid')
    .innerJoin('organization', 'organization.org_uid', 'division.org_uid')
    .select(['division.division_uid', 'division.division_name', 'division.org_uid', 'organization.password_login'])
    .where('user_division.user_uid', '=', userUid)
    .orderBy('division.division_name')
    .execute();
}

export async function setPasswordHash(db: Db, userUid: string, hash: string): Promise<void> {
  await db.updateTable('app_user').set({ password_hash: hash }).where('user_uid', '=', userUid).execute();
}

/**
 * Spec 000 section 7 "App user": a user who works in a division of the
 * caller's organisation, as others see them (name and e-mail, nothing of
 * their sign-in or permissions); undefined for anyone else or a malformed id.
 */
export async function findColleague(db: Db, orgUid: string, userUid: string) {
  if (!isUuid(userUid)) return undefined;
  return db
    .selectFrom('app_user as u')
    .select(['u.user_uid', 'u.display_name', 'u.first_name', 'u.last_name', 'u.email_address', 'u.is_active'])
    .where('u.user_uid', '=', userUid)
    .where((eb) =>
      eb.exists(eb.selectFrom('user_division as ud').innerJoin('division as d', 'd.division_uid', 'ud.division_uid').select('ud.user_uid').whereRef('ud.user_uid', '=', 'u.user_uid').where('d.org_uid', '=', orgUid)),
    )
    .executeTakeFirst();
}

/**
 * Issue 34: the divisions a password may open. An organisation that signs its
 * staff in through its own provider has turned passwords off, except for the
 * users it keeps them for (`password_fallback`, a break-glass administrator).
 */
export function passwordDivisions<D extends { password_login: boolean }>(divisions: D[], user: { password_fallback: boolean }): D[] {
  return user.password_fallback ? divisions : divisions.filter((d) => d.password_login);
}
