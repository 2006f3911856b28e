import { sql, type Kysely } from 'kysely';

/**
 * Issue 7: an Idempotency-Key remembers what request it was first used for,
 * and browsers or addresses a user has signed in from are remembered so an
 * attack on the user's name elsewhere does not lock them out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table idempotent_request add column request_hash text not null default '';
    create table trusted_device (
      token_hash text primary key,
      user_uid uuid not null references app_user on delete cascade,
      address text not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz not null default now()
    );
    create index trusted_device_by_user on trusted_device (user_uid, address);
  `.execute(db);
}
