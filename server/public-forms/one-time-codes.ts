import crypto from 'node:crypto';
import { sql } from 'kysely';
import { inTransaction, type Db } from '../db/connect';
import { nowMs } from '../../shared/clock';
import { sqlNow } from '../db/clock';

/** Issue 4: one-time codes are 6 digits, expire after 10 minutes and allow 5 tries. */
export const CODE_DIGITS = 6;
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_TRIES = 5;

const hash = (purpose: string, subject: string, code: string) => crypto.createHash('sha256').update(`${purpose}\u0000${subject}\u0000${code}`).digest('base64url');

/** A new code for (purpose, subject); earlier unused ones stop working. Send it through the outbox in the same transaction. */
export async function issueCode(db: Db, purpose: string, subject: string): Promise<string> {
  const code = String(crypto.randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
  await db.updateTable('one_time_code').set({ consumed_at: sqlNow() }).where('purpose', '=', purpose).where('subject', '=', subject).where('consumed_at', 'is', null).execute();
  await db
    .insertInto('one_time_code')
    .values({ purpose, subject, code_hash: hash(purpose, subject, code), expires_at: sql<Date>`${sqlNow()} + make_interval(mins => ${CODE_TTL_MINUTES})` as unknown as Date })
    .execute();
  return code;
}

export type CodeCheck = 'ok' | 'wrong' | 'expired' | 'locked' | 'none';

/**
 * Checks a code against the newest unused one. Every wrong try counts; after
 * CODE_MAX_TRIES the code is dead even if the right one comes next. Runs in
 * the caller's transaction when given one (the count then lasts only if the
 * caller commits).
 */
export async function checkCode(db: Db, purpose: string, subject: string, code: string): Promise<CodeCheck> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('one_time_code')
      .select(['code_uid', 'code_hash', 'attempts', 'expires_at'])
      .where('purpose', '=', purpose)
      .where('subject', '=', subject)
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .forUpdate()
      .executeTakeFirst();
    if (!row) return 'none';
    if (row.attempts >= CODE_MAX_TRIES) return 'locked';
    if (row.expires_at.getTime() <= nowMs()) return 'expired';
    const given = Buffer.from(hash(purpose, subject, code));
    const expected = Buffer.from(row.code_hash);
    if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) {
      await trx.updateTable('one_time_code').set({ consumed_at: sqlNow() }).where('code_uid', '=', row.code_uid).execute();
      return 'ok';
    }
    await trx.updateTable('one_time_code').set({ attempts: row.attempts + 1 }).where('code_uid', '=', row.code_uid).execute();
    return row.attempts + 1 >= CODE_MAX_TRIES ? 'locked' : 'wrong';
  });
}
