import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import { TtlCache } from '../cache/ttl-cache';
import type { Db } from '../db/connect';
import { now, nowMs } from '../../shared/clock';
import { sqlNow } from '../db/clock';
import { announce } from '../cache/cluster-notices';

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

/** How long sessions live: idle minutes (slid by activity) and an absolute cap from sign-in. */
export interface SessionPolicy {
  idleMinutes: number;
  maxHours: number;
}

/** Fired with the ids of sessions that ended here (logout, division switch, password change), so their sockets close. */
export const sessionsEnded = new EventEmitter<{ ended: [sessionIds: string[]] }>();

export interface NewSession {
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

/**
 * Only the token's hash is stored: a database leak does not hand out sessions.
 * `signedInAt` carries the sign-in time over a division switch, so switching
 * does not extend the absolute lifetime.
 */
export async function createSession(db: Db, userUid: string, divisionUid: string, policy: SessionPolicy, signedInAt = now()): Promise<NewSession> {
  const token = crypto.randomBytes(32).toString('base64url');
  const csrfToken = crypto.randomBytes(24).toString('base64url');
  const at = now();
  const expiresAt = new Date(Math.min(at.getTime() + policy.idleMinutes * 60_000, signedInAt.getTime() + policy.maxHours * 3_600_000));
  await db
    .insertInto('session')
    .values({ session_id: hashToken(token), user_uid: userUid, current_division_uid: divisionUid, csrf_token: csrfToken, created_at: signedInAt, last_seen_at: at, expires_at: expiresAt })
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
      'session.created_at',
      'session.last_seen_at',
      'session.expires_at',
      'app_user.user_name',
      'app_user.display_name',
      'app_user.email_address',
      'app_user.authentication_service',
    ])
    .where('session.session_id', '=', sessionId)
    .where('session.expires_at', '>', sqlNow())
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
  return findLiveSessionById(db, hashToken(token));
}

export async function findLiveSessionById(db: Db, sessionId: string): Promise<LiveSession | undefined> {
  const row = await sessionCache.get(sessionId, () => loadLiveSession(db, sessionId));
  return row && row.expires_at.getTime() > nowMs() ? row : undefined;
}

/**
 * Slides the idle expiry forward, never past the absolute lifetime; `row`
 * (shared through the cache) is updated so concurrent requests do not touch again.
 */
export async function touchSession(db: Db, row: LiveSession, policy: SessionPolicy): Promise<Date> {
  const sessionId = row.session_id;
  row.last_seen_at = now();
  const updated = await db
    .updateTable('session')
    .set({
      last_seen_at: sqlNow(),
      expires_at: sql<Date>`least(${sqlNow()} + make_interval(mins => ${policy.idleMinutes}), created_at + ${policy.maxHours}::float8 * interval '1 hour')`,
    })
    .where('session_id', '=', sessionId)
    .returning('expires_at')
    .executeTakeFirst();
  row.expires_at = updated?.expires_at ?? row.expires_at;
  return row.expires_at;
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  sessionCache.delete(sessionId);
  await db.deleteFrom('session').where('session_id', '=', sessionId).execute();
  sessionsHaveEnded([sessionId]);
}

/**
 * Sessions were deleted: their cached rows go and their sockets close, in
 * this process at once and in the others when the notice arrives.
 */
export function sessionsHaveEnded(sessionIds: string[]): void {
  if (!sessionIds.length) return;
  forgetSessionRows(sessionIds);
  sessionsEnded.emit('ended', sessionIds);
  announce({ kind: 'sessions', ids: sessionIds, ended: true });
}

/**
 * Ends every session of a user but `keep` (a password change keeps the one
 * that made it) and returns their ids. Called inside a transaction, call
 * `forgetSessions` with them again after the commit: a request in between may
 * have cached the row that was still there.
 */
export async function deleteUserSessions(db: Db, userUid: string, keep?: string): Promise<string[]> {
  let query = db.deleteFrom('session').where('user_uid', '=', userUid);
  if (keep) query = query.where('session_id', '<>', keep);
  const ended = (await query.returning('session_id').execute()).map((r) => r.session_id);
  sessionsHaveEnded(ended);
  return ended;
}

/**
 * Drops sessions from the cache, so their next request reads the database
 * (a changed user, ended sessions): in this process at once, in the others
 * when the notice arrives. Called again after a commit, since a request in
 * between may have cached the row as it was.
 */
export function forgetSessions(sessionIds: readonly string[]): void {
  forgetSessionRows(sessionIds);
  announce({ kind: 'sessions', ids: [...sessionIds], ended: false });
}

/** This process's cache only (another process's notice). */
export function forgetSessionRows(sessionIds: readonly string[]): void {
  for (const id of sessionIds) sessionCache.delete(id);
}

/** The ids of a user's sessions (to forget them after the user's flags or divisions change). */
export async function userSessionIds(db: Db, userUid: string): Promise<string[]> {
  return (await db.selectFrom('session').select('session_id').where('user_uid', '=', userUid).execute()).map((r) => r.session_id);
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.deleteFrom('session').where('expires_at', '<=', sqlNow()).execute();
}
