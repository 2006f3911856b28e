import { sql } from 'kysely';
import { FLAGS, type Flags } from '../../shared/permissions';
import type { AuthContext } from '../auth/context';
import type { Db } from '../db/connect';
import { queueCount } from '../queues/queue-rule';
import { sqlToday } from '../db/clock';

/**
 * Who a queue's size is counted for: the division as any of its navigators
 * sees it, without a restricted or adoption case (a report must not reveal
 * that such a case exists) and without rows that depend on who is asking.
 */
function divisionViewer(divisionUid: string, orgUid: string): AuthContext {
  return {
    sessionId: '', userUid: '00000000-0000-0000-0000-000000000000', userName: '', displayName: '', email: null, authenticationService: '',
    divisionUid, orgUid, permissions: [], flags: Object.fromEntries(FLAGS.map((f) => [f, false])) as Flags, csrfToken: '', via: 'bearer', signedInAt: new Date(0), expiresAt: new Date(0), glass: [],
  };
}

/**
 * Counts every queue not yet counted today (the database's date) and keeps
 * the figure; each process calls it at start and with its housekeeping, and
 * a second count of the same day is ignored. Returns how many it counted.
 */
export async function snapshotQueueSizes(db: Db): Promise<number> {
  const { rows: due } = await sql<{ queue_uid: string; division_uid: string; org_uid: string; view_name: string; rule: Record<string, string> }>`
    select q.queue_uid, q.division_uid, d.org_uid, q.view_name, q.rule
      from queue q join division d on d.division_uid = q.division_uid
     where not exists (select 1 from queue_size_snapshot s where s.queue_uid = q.queue_uid and s.snapshot_day = ${sqlToday()})`.execute(db);
  for (const q of due) {
    const size = await queueCount(db, divisionViewer(q.division_uid, q.org_uid), q);
    await sql`insert into queue_size_snapshot (queue_uid, division_uid, snapshot_day, queue_size)
              values (${q.queue_uid}, ${q.division_uid}, ${sqlToday()}, ${size}) on conflict (queue_uid, snapshot_day) do nothing`.execute(db);
  }
  return due.length;
}
