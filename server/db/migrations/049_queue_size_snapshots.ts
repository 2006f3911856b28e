import { sql, type Kysely } from 'kysely';
import { insertReportConfigurations, QUEUE_REPORT_CONFIGURATIONS } from '../reference-lists/report-configurations';

/**
 * Issue 12 names "queue sizes over time" among the report views: a queue's
 * size is only known when it is counted, so each process counts every queue
 * once a day (server/reports/queue-snapshots.ts) into queue_size_snapshot,
 * and the Queue Sizes report reads the history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table queue_size_snapshot (
      snapshot_uid uuid primary key default gen_random_uuid(),
      queue_uid uuid not null references queue on delete cascade,
      division_uid uuid not null references division,
      snapshot_day date not null,
      queue_size integer not null,
      created_at timestamptz not null default now(),
      unique (queue_uid, snapshot_day)
    );

    create view report_queue_size_view as
      select s.snapshot_uid, s.snapshot_day, s.queue_uid, q.queue_label, s.queue_size, s.division_uid
        from queue_size_snapshot s
        join queue q on q.queue_uid = s.queue_uid;
  `.execute(db);
  await insertReportConfigurations(db, QUEUE_REPORT_CONFIGURATIONS, 300);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
