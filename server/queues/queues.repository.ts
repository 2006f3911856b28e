import type { Db } from '../db/connect';

export async function queuesOfDivision(db: Db, divisionUid: string) {
  return db.selectFrom('queue').selectAll().where('division_uid', '=', divisionUid).orderBy('sort_order').orderBy('queue_label').execute();
}

/** A queue of another division is as good as missing to the caller. */
export async function findQueue(db: Db, queueUid: string, divisionUid: string) {
  return db.selectFrom('queue').selectAll().where('queue_uid', '=', queueUid).where('division_uid', '=', divisionUid).executeTakeFirst();
}
