import { sql, type Kysely } from 'kysely';

/**
 * Issue 34: staff sign in through their county's OpenID provider, and a
 * partner EHR opens Careweave by a SMART launch.
 *
 * - `identity_provider`: an organisation's OpenID providers (issuer, client,
 *   the claim that names the user, group → role template for just-in-time
 *   users, off unless a template is chosen).
 * - `ehr_registration`: the EHRs that may launch Careweave (issuer = FHIR
 *   base URL), the identifier system that holds the MRN, the division its
 *   patients belong to. An unregistered `iss` is refused before any fetch.
 * - `external_user_link`: which outside identity (an EHR's fhirUser, an
 *   e-mail at an EHR) is which Careweave user; an administrator approves it.
 * - `auth_flow`: one row per sign-in in progress (state, nonce, PKCE
 *   verifier), taken once by the callback; kept in PostgreSQL so that any
 *   process can finish a flow another started.
 * - `session_federation`: what the outside service gave a session (its
 *   id_token for sign-out, the EHR's tokens and the Patient it opened),
 *   server-side only, gone with it.
 * - `patient_identifier`: a patient's number in an outside system (an EHR's
 *   MRN, by the identifier system the EHR's registration names).
 * - `organization.password_login`: off means only users marked
 *   `password_fallback` (a break-glass administrator) may use a password.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table identity_provider (
      idp_uid uuid primary key default gen_random_uuid(),
      org_uid uuid not null references organization,
      display_name text not null,
      issuer text not null,
      client_id text not null,
      client_secret text,
      scopes text not null default 'openid email profile',
      user_claim text not null default 'email',
      group_claim text,
      group_roles jsonb not null default '{}'::jsonb,
      jit_role_template text,
      jit_division_uid uuid references division,
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      unique (org_uid, issuer, client_id)
    );
    create table ehr_registration (
      ehr_uid uuid primary key default gen_random_uuid(),
      org_uid uuid not null references organization,
      display_name text not null,
      issuer text not null unique,
      client_id text not null,
      client_secret text,
      mrn_system text not null,
      division_uid uuid not null references division,
      is_active boolean not null default true,
      created_at timestamptz not null default now()
    );
    create table external_user_link (
      link_uid uuid primary key default gen_random_uuid(),
      org_uid uuid not null references organization,
      source text not null,
      subject text not null,
      display_name text,
      user_uid uuid references app_user,
      status text not null default 'pending' check (status in ('pending', 'approved', 'refused')),
      first_seen_at timestamptz not null default now(),
      decided_at timestamptz,
      decided_by uuid references app_user,
      unique (source, subject)
    );
    create table auth_flow (
      state_hash text primary key,
      kind text not null check (kind in ('sso', 'smart')),
      source_uid uuid not null,
      code_verifier text not null,
      nonce text not null,
      return_to text,
      context jsonb not null default '{}'::jsonb,
      created_at timestamptz not null,
      expires_at timestamptz not null
    );
    create index auth_flow_expires on auth_flow (expires_at);
    create table session_federation (
      session_id text primary key references session on delete cascade,
      kind text not null check (kind in ('sso', 'smart')),
      source_uid uuid not null,
      id_token text,
      access_token text,
      refresh_token text,
      token_expires_at timestamptz,
      patient_uid uuid,
      launch_patient jsonb
    );
    create table patient_identifier (
      patient_uid uuid not null references patient on delete cascade,
      system text not null,
      value text not null,
      primary key (patient_uid, system)
    );
    create index patient_identifier_value on patient_identifier (system, value);
    alter table organization add column password_login boolean not null default true;
    alter table app_user add column password_fallback boolean not null default false;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
