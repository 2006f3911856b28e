import { sql, type Kysely } from 'kysely';

/**
 * Issue 35: outside systems read Careweave's records over FHIR R4 as SMART
 * Backend Services clients.
 *
 * - `fhir_client`: a system registered by an administrator (its public keys,
 *   inline or at a URL; the scopes it may be granted; the divisions whose
 *   patients it may see). Each has a service user of its own, never able to
 *   sign in (no password, no division membership), so that its reads are
 *   audit entries naming it like any user's.
 * - `fhir_assertion`: the `jti` of every client assertion taken, until it
 *   expires: an assertion is used once (a replay is refused by the insert).
 * - `fhir_token`: the access tokens issued (only their hash), short-lived,
 *   with the scopes granted; a client turned off loses them at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table fhir_client (
      client_id uuid primary key default gen_random_uuid(),
      org_uid uuid not null references organization,
      user_uid uuid not null unique references app_user,
      display_name text not null,
      jwks jsonb,
      jwks_url text,
      scopes text[] not null,
      division_uids uuid[] not null check (cardinality(division_uids) > 0),
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      check ((jwks is null) <> (jwks_url is null))
    );
    create table fhir_assertion (
      client_id uuid not null references fhir_client on delete cascade,
      jti text not null,
      expires_at timestamptz not null,
      primary key (client_id, jti)
    );
    create index fhir_assertion_expires on fhir_assertion (expires_at);
    create table fhir_token (
      token_hash text primary key,
      client_id uuid not null references fhir_client on delete cascade,
      scopes text[] not null,
      expires_at timestamptz not null
    );
    create index fhir_token_expires on fhir_token (expires_at);
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
