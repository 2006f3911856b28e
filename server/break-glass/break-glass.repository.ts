import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { sqlNow } from '../db/clock';
import type { AuthContext } from '../auth/context';
import { patientVisibility } from '../dataviews/scopes';
import { isUuid } from '../../shared/uuid';
import { BREAK_GLASS_REVIEW_OVERDUE_DAYS, type BreakGlassEventRow, type BreakGlassInput, type BreakGlassReview, type BreakGlassWindow } from '../../shared/schemas/break-glass';
import type { BreakGlassSettings } from './break-glass-settings';

/** The record a break-glass request names, with whether the caller could open it without one. */
export interface GlassTarget {
  patient_uid: string;
  division_uid: string;
  first_name: string;
  last_name: string;
  birth_date: Date | null;
  visible: boolean;
}

/**
 * A patient of the caller's current division, as the quick search finds it by
 * name (a stub when hidden); undefined for a malformed id, another division's
 * patient or none. Nothing else about it is read before the glass is broken.
 */
export async function findGlassTarget(db: Db, auth: AuthContext, patientUid: string): Promise<GlassTarget | undefined> {
  if (!isUuid(patientUid)) return undefined;
  const { rows } = await sql<GlassTarget>`
    select p.patient_uid, p.division_uid, p.first_name, p.last_name, p.birth_date, ${patientVisibility('p', auth)} as visible
      from patient p where p.patient_uid = ${patientUid} and p.division_uid = ${auth.divisionUid}`.execute(db);
  return rows[0];
}

type WindowRow = { break_glass_uid: string; reason: string; reason_text: string | null; started_at: Date; expires_at: Date; writes_allowed: boolean };

const toWindow = (r: WindowRow): BreakGlassWindow => ({
  breakGlassUid: r.break_glass_uid,
  reason: r.reason as BreakGlassWindow['reason'],
  reasonText: r.reason_text,
  startedAt: r.started_at.toISOString(),
  expiresAt: r.expires_at.toISOString(),
  writesAllowed: r.writes_allowed,
});

/** The caller's open window on this record, if any (the record page's banner). */
export async function openWindowOn(db: Db, userUid: string, patientUid: string): Promise<BreakGlassWindow | undefined> {
  const row = await db
    .selectFrom('break_glass_event')
    .select(['break_glass_uid', 'reason', 'reason_text', 'started_at', 'expires_at', 'writes_allowed'])
    .where('user_uid', '=', userUid)
    .where('patient_uid', '=', patientUid)
    .where('expires_at', '>', sqlNow())
    .orderBy('expires_at', 'desc')
    .executeTakeFirst();
  return row && toWindow(row);
}

export type OpenResult = { kind: 'opened'; window: BreakGlassWindow } | { kind: 'already-open'; window: BreakGlassWindow } | { kind: 'limit' };

/**
 * Opens a window, inside the caller's transaction. The user's events are
 * counted and the new one written under a lock on that user, so parallel
 * attempts cannot get past the division's daily limit; a window already open
 * on the record is returned rather than opened twice.
 */
export async function openWindow(trx: Db, auth: AuthContext, target: GlassTarget, input: BreakGlassInput, settings: BreakGlassSettings): Promise<OpenResult> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`break-glass:${auth.userUid}`}, 0))`.execute(trx);
  const open = await openWindowOn(trx, auth.userUid, target.patient_uid);
  if (open) return { kind: 'already-open', window: open };
  const { rows } = await sql<WindowRow>`
    insert into break_glass_event (division_uid, user_uid, patient_uid, reason, reason_text, started_at, expires_at, writes_allowed)
    select ${target.division_uid}, ${auth.userUid}, ${target.patient_uid}, ${input.reason}, ${input.reason === 'other' ? input.reasonText!.trim() : null},
           ${sqlNow()}, ${sqlNow()} + make_interval(mins => ${settings.minutes}), ${settings.writes}
     where (select count(*) from break_glass_event e
             where e.user_uid = ${auth.userUid} and e.started_at > ${sqlNow()} - interval '24 hours') < ${settings.dailyLimit}
    returning break_glass_uid, reason, reason_text, started_at, expires_at, writes_allowed`.execute(trx);
  return rows[0] ? { kind: 'opened', window: toWindow(rows[0]) } : { kind: 'limit' };
}

const eventRows = (db: Db, divisionUid: string) =>
  db
    .selectFrom('break_glass_event as e')
    .innerJoin('app_user as u', 'u.user_uid', 'e.user_uid')
    .innerJoin('patient as p', 'p.patient_uid', 'e.patient_uid')
    .leftJoin('app_user as r', 'r.user_uid', 'e.reviewed_by')
    .select([
      'e.break_glass_uid', 'e.user_uid', 'u.display_name', 'p.first_name', 'p.last_name', 'e.patient_uid', 'e.reason', 'e.reason_text', 'e.started_at', 'e.expires_at',
      'e.review_status', 'e.review_comment', 'r.display_name as reviewed_by_name', 'e.reviewed_at',
      sql<number>`(select count(*)::int from audit_entry a where a.break_glass_uid = e.break_glass_uid and a.action = 'BreakGlassRead')`.as('reads'),
    ])
    .where('e.division_uid', '=', divisionUid);

type EventRow = Awaited<ReturnType<ReturnType<typeof eventRows>['execute']>>[number];

const toEventRow = (r: EventRow): BreakGlassEventRow => ({
  breakGlassUid: r.break_glass_uid,
  userDisplayName: r.display_name,
  patientName: `${r.last_name}, ${r.first_name}`,
  patientUid: r.patient_uid,
  reason: r.reason as BreakGlassEventRow['reason'],
  reasonText: r.reason_text,
  startedAt: r.started_at.toISOString(),
  expiresAt: r.expires_at.toISOString(),
  reads: r.reads,
  reviewStatus: r.review_status,
  reviewComment: r.review_comment,
  reviewedByName: r.reviewed_by_name,
  reviewedAt: r.reviewed_at?.toISOString() ?? null,
});

/** The division's events, newest first (the Emergency Access admin page). */
export async function listEvents(db: Db, divisionUid: string): Promise<BreakGlassEventRow[]> {
  return (await eventRows(db, divisionUid).orderBy('e.started_at', 'desc').orderBy('e.break_glass_uid').limit(500).execute()).map(toEventRow);
}

/** One event of the division with the reads made under it; undefined for another division's or none. */
export async function findEvent(db: Db, divisionUid: string, eventUid: string) {
  if (!isUuid(eventUid)) return undefined;
  const row = await eventRows(db, divisionUid).where('e.break_glass_uid', '=', eventUid).executeTakeFirst();
  if (!row) return undefined;
  const reads = await db
    .selectFrom('audit_entry')
    .select(['audit_uid', 'created_at', 'service_method'])
    .where('break_glass_uid', '=', eventUid)
    .where('action', '=', 'BreakGlassRead')
    .orderBy('created_at')
    .orderBy('audit_uid')
    .execute();
  return { event: toEventRow(row), userUid: row.user_uid, reads: reads.map((r) => ({ auditUid: r.audit_uid, createdAt: r.created_at.toISOString(), call: r.service_method })) };
}

/**
 * Records a review. An inappropriate one takes the flag away from the user in
 * the event's division and ends their open windows there, until an
 * administrator grants it again.
 */
export async function reviewEvent(trx: Db, divisionUid: string, eventUid: string, reviewerUid: string, review: BreakGlassReview, userUid: string): Promise<void> {
  await trx
    .updateTable('break_glass_event')
    .set({ review_status: review.status, review_comment: review.comment.trim(), reviewed_by: reviewerUid, reviewed_at: sqlNow() })
    .where('break_glass_uid', '=', eventUid)
    .where('division_uid', '=', divisionUid)
    .execute();
  if (review.status !== 'inappropriate') return;
  await trx
    .updateTable('user_division')
    .set({ permissions: sql`array_remove(permissions, 'breakGlass')` })
    .where('user_uid', '=', userUid)
    .where('division_uid', '=', divisionUid)
    .execute();
  await trx
    .updateTable('break_glass_event')
    .set({ expires_at: sqlNow() })
    .where('user_uid', '=', userUid)
    .where('division_uid', '=', divisionUid)
    .where('expires_at', '>', sqlNow())
    .execute();
}

/** Events of the division not reviewed within BREAK_GLASS_REVIEW_OVERDUE_DAYS (the program dashboard). */
export async function overdueReviews(db: Db, divisionUid: string): Promise<number> {
  const row = await db
    .selectFrom('break_glass_event')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('division_uid', '=', divisionUid)
    .where('review_status', 'is', null)
    .where('started_at', '<', sql<Date>`${sqlNow()} - make_interval(days => ${BREAK_GLASS_REVIEW_OVERDUE_DAYS})`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
