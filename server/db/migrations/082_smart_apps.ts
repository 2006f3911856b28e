import { sql, type Kysely } from 'kysely';

/**
 * Issue 35 section 2: Careweave as the authorization server of user-facing
 * SMART apps (standalone launch, authorization code with PKCE).
 * - `smart_app`: an app an administrator registered: its redirect
 *   addresses and the `patient/` and `user/` scopes it may ask for.
 * - `oidc_model`: what oidc-provider keeps between requests (interactions,
 *   codes, grants, tokens, sessions), shared by every server process.
 * - `smart_launch`: what a user granted an app: the user, the division
 *   they were working in and the patient they chose; every token of the
 *   grant reads with that user's access, as it stands at each call.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table smart_app (
      client_id text primary key,
      org_uid uuid not null references organization,
      app_name text not null,
      redirect_uris text[] not null,
      scopes text[] not null,
      is_active boolean not null default true,
      created_at timestamptz not null default now()
    );

    create table oidc_model (
      model text not null,
      id text not null,
      payload jsonb not null,
      grant_id text,
      uid text,
      expires_at timestamptz,
      consumed_at timestamptz,
      primary key (model, id)
    );
    create index oidc_model_grant on oidc_model (grant_id) where grant_id is not null;
    create index oidc_model_uid on oidc_model (uid) where uid is not null;
    create index oidc_model_expires on oidc_model (expires_at) where expires_at is not null;

    create table smart_launch (
      grant_id text primary key,
      client_id text not null references smart_app,
      user_uid uuid not null references app_user,
      division_uid uuid not null references division,
      patient_uid uuid references patient,
      created_at timestamptz not null default now()
    );
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
