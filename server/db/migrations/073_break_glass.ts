import { sql, type Kysely } from 'kysely';

/**
 * Issue 38: break the glass. A user with the `breakGlass` flag opens one
 * restricted or adoption record for a time-boxed window after stating a
 * reason and confirming their password. Each event is kept for review
 * (appropriate or inappropriate, by a privacy officer or an administrator),
 * and every read during the window is an audit entry naming the event.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table break_glass_event (
      break_glass_uid uuid primary key default gen_random_uuid(),
      division_uid uuid not null references division,
      user_uid uuid not null references app_user,
      patient_uid uuid not null references patient on delete cascade,
      reason text not null,
      reason_text text,
      started_at timestamptz not null,
      expires_at timestamptz not null,
      writes_allowed boolean not null default false,
      review_status text check (review_status in ('appropriate', 'inappropriate')),
      review_comment text,
      reviewed_by uuid references app_user,
      reviewed_at timestamptz,
      check (expires_at > started_at)
    );
    create index break_glass_event_user on break_glass_event (user_uid, started_at desc);
    create index break_glass_event_division on break_glass_event (division_uid, started_at desc);
    alter table audit_entry add column break_glass_uid uuid references break_glass_event on delete set null;
    create index audit_entry_break_glass on audit_entry (break_glass_uid) where break_glass_uid is not null;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
