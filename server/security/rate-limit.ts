import { sql } from 'kysely';
import type { Db } from '../db/connect';

/**
 * Fixed-window counters in PostgreSQL, so every server process behind a load
 * balancer shares them without Redis.
 */
export async function countHits(db: Db, bucket: string, windowSeconds: number): Promise<number> {
  const row = await db
    .selectFrom('rate_limit')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('hits'), sql<number>`0`).as('hits'))
    .where('bucket', '=', bucket)
    .where('window_start', '>', sql<Date>`now() - make_interval(secs => ${windowSeconds})`)
    .executeTakeFirst();
  return Number(row?.hits ?? 0);
}

export async function addHit(db: Db, bucket: string): Promise<void> {
  await db
    .insertInto('rate_limit')
    .values({ bucket, window_start: sql<Date>`date_trunc('minute', now())` as unknown as Date, hits: 1 })
    .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql`rate_limit.hits + 1` }))
    .execute();
}

export async function clearHits(db: Db, bucket: string): Promise<void> {
  await db.deleteFrom('rate_limit').where('bucket', '=', bucket).execute();
}

export async function pruneHits(db: Db, olderThanSeconds: number): Promise<void> {
  await db.deleteFrom('rate_limit').where('window_start', '<', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`).execute();
}
