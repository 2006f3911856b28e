import crypto from 'node:crypto';
import { sql } from 'kysely';
import { TtlCache } from '../cache/ttl-cache';
import type { Db } from '../db/connect';

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

export interface NewSession {
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

/** Only the token's hash is stored: a database leak does not hand out sessions. */
export async function createSession(db: Db, userUid: string, divisionUid: string, idleMinutes: number): Promise<NewSession> {
  const token = crypto.randomBytes(32).toString('base64url');
  const csrfToken = crypto.randomBytes(24).toString('base64url');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + idleMinutes * 60_000);
  await db
    .insertInto('session')
    .values({ session_id: hashToken(token), user_uid: userUid, current_division_uid: divisionUid, csrf_token: csrfToken, last_seen_at: now, expires_at: expiresAt })
    .execute();
  return { token, csrfToken, expiresAt };
}

function loadLiveSession(db: Db, sessionId: string) {
  return db
    .selectFrom('session')
    .innerJoin('app_user', 'app_user.user_uid', 'session.user_uid')
    // The division must still be granted to the user: revoking access ends the session's use.
    .innerJoin('user_division', (j) =>
      j.onRef('user_division.user_uid', '=', 'session.user_uid').onRef('user_division.division_uid', '=', 'session.current_division_uid'),
    )
    .innerJoin('division', 'division.division_uid', 'session.current_division_uid')
    .select([
      'user_division.permissions',
      'division.org_uid',
      'session.session_id',
      'session.user_uid',
      'session.current_division_uid',
      'session.csrf_token',
      'session.last_seen_at',
      'session.expires_at',
      'app_user.user_name',
      'app_user.display_name',
      'app_user.email_address',
      'app_user.authentication_service',
    ])
    .where('session.session_id', '=', sessionId)
    .where('session.expires_at', '>', sql<Date>`now()`)
    .where('app_user.is_active', '=', true)
    .executeTakeFirst();
}

export type LiveSession = NonNullable<Awaited<ReturnType<typeof loadLiveSession>>>;

/**
 * Every request reads its session; under load the same session is read many
 * times a second. Rows are reused for SESSION_CACHE_MS (default 1 s); logout
 * and division switch in this process drop them at once, and in other
 * processes they lapse within the TTL. Expiry is still checked on every use.
 */
export const sessionCache = new TtlCache<LiveSession | undefined>(1000);

export async function findLiveSession(db: Db, token: string): Promise<LiveSession | undefined> {
  const sessionId = hashToken(token);
  const row = await sessionCache.get(sessionId, () => loadLiveSession(db, sessionId));
  return row && row.expires_at.getTime() > Date.now() ? row : undefined;
}

/** Slides the idle expiry forward; `row` (shared through the cache) is updated so concurrent requests do not touch again. */
export async function touchSession(db: Db, row: LiveSession, idleMinutes: number): Promise<Date> {
  const sessionId = row.session_id;
  row.last_seen_at = new Date();
  const updated = await db
    .updateTable('session')
    .set({ last_seen_at: sql<Date>`now()`, expires_at: sql<Date>`now() + make_interval(mins => ${idleMinutes})` })
    .where('session_id', '=', sessionId)
    .returning('expires_at')
    .executeTakeFirst();
  row.expires_at = updated?.expires_at ?? row.expires_at;
  return row.expires_at;
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  sessionCache.delete(sessionId);
  await db.deleteFrom('session').where('session_id', '=', sessionId).execute();
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.deleteFrom('session').where('expires_at', '<=', sql<Date>`now()`).execute();
}
