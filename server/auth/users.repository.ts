import type { Db } from '../db/connect';

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
    .select(['division.division_uid', 'division.division_name', 'division.org_uid'])
    .where('user_division.user_uid', '=', userUid)
    .orderBy('division.division_name')
    .execute();
}

export async function setPasswordHash(db: Db, userUid: string, hash: string): Promise<void> {
  await db.updateTable('app_user').set({ password_hash: hash }).where('user_uid', '=', userUid).execute();
}
