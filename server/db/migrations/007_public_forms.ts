import { sql, type Kysely } from 'kysely';

/** What every public form relies on: replayable submissions and one-time codes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- One row per (form, Idempotency-Key): written in the same transaction as
    -- the record, so a repeated submit replays the first answer.
    create table idempotent_request (
      scope text not null,
      key text not null,
      status integer not null,
      body jsonb not null,
      created_at timestamptz not null default now(),
      primary key (scope, key)
    );
    create index idempotent_request_created on idempotent_request (created_at);

    -- Codes texted or e-mailed for a registration; only a hash is kept.
    create table one_time_code (
      code_uid uuid primary key default gen_random_uuid(),
      purpose text not null,
      subject text not null,
      code_hash text not null,
      expires_at timestamptz not null,
      attempts integer not null default 0,
      consumed_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index one_time_code_subject on one_time_code (purpose, subject, created_at desc);
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
