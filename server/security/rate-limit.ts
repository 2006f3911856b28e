import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { sqlNow } from '../db/clock';

/**
 * Fixed one-minute counters in PostgreSQL, summed over a window, so every
 * server process behind a load balancer shares them without Redis.
 */
export interface Hit {
  bucket: string;
  windowStart: Date;
  /** Attempts in the window, this one included. */
  total: number;
}

/**
 * Counts one attempt and returns the window's total in the same statement:
 * the upsert locks the minute's row, so concurrent attempts each see a
 * different total and no more than the limit can ever pass a check.
 */
export async function hit(db: Db, bucket: string, windowSeconds: number): Promise<Hit> {
  const result = await sql<{ window_start: Date; total: number }>`
    with counted as (
      insert into rate_limit (bucket, window_start, hits) values (${bucket}, date_trunc('minute', ${sqlNow()}), 1)
      on conflict (bucket, window_start) do update set hits = rate_limit.hits + 1
      returning window_start, hits)
    select counted.window_start, counted.hits + coalesce((
             select sum(r.hits) from rate_limit r
              where r.bucket = ${bucket} and r.window_start <> counted.window_start
                and r.window_start > ${sqlNow()} - make_interval(secs => ${windowSeconds})), 0)::int as total
      from counted`.execute(db);
  const row = result.rows[0];
  return { bucket, windowStart: row.window_start, total: row.total };
}

/** Gives an attempt back (it was refused before being evaluated, or it succeeded). */
export async function refund(db: Db, counted: Hit): Promise<void> {
  await sql`update rate_limit set hits = hits - 1 where bucket = ${counted.bucket} and window_start = ${counted.windowStart} and hits > 0`.execute(db);
}

export interface Allowance {
  bucket: string;
  limit: number;
}

export interface Reservation {
  /** False when any bucket was already at its limit; nothing is then kept counted. */
  allowed: boolean;
  /** Gives the attempt back in every bucket (a success that should not count). */
  refund(): Promise<void>;
}

/**
 * Reserves one attempt in each bucket before the attempt is evaluated. Past
 * any limit the reservation is given back at once and `allowed` is false, so
 * the counters hold attempts that were evaluated, and a flood of refused
 * attempts neither passes nor prolongs a limit.
 */
export async function reserve(db: Db, allowances: readonly Allowance[], windowSeconds: number): Promise<Reservation> {
  const hits = await Promise.all(allowances.map((a) => hit(db, a.bucket, windowSeconds)));
  const giveBack = () => Promise.all(hits.map((h) => refund(db, h))).then(() => undefined);
  const allowed = hits.every((h, i) => h.total <= allowances[i].limit);
  if (!allowed) await giveBack();
  return { allowed, refund: giveBack };
}

export async function pruneHits(db: Db, olderThanSeconds: number): Promise<void> {
  await db.deleteFrom('rate_limit').where('window_start', '<', sql<Date>`${sqlNow()} - make_interval(secs => ${olderThanSeconds})`).execute();
}

/** Values up to this many characters stay readable in a bucket key (at most 400 bytes, far below a btree entry's 2,700). */
export const READABLE_BUCKET_VALUE = 100;

/**
 * The one place bucket keys are made: `<limit>:<kind>:<value>...`, e.g.
 * `login:user:navigator`. A longer part (a hostile user name, a forged
 * forwarded-for address) is replaced by its SHA-256, so the key always fits the index.
 */
export function bucketKey(limit: string, kind: string, ...values: string[]): string {
  const parts = values.map((v) => (v.length <= READABLE_BUCKET_VALUE ? v : `sha256:${crypto.createHash('sha256').update(v).digest('hex')}`));
  return [limit, kind, ...parts].join(':');
}
