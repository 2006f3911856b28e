import { sql, type Kysely } from 'kysely';

/**
 * Issue 35 section 3, outbound: Careweave as a Gravity Referral Source.
 * - `signing_key`: Careweave's own key pair for SMART Backend Services
 *   (the client assertions it signs when it calls another FHIR server);
 *   the public half is served at /.well-known/jwks.json.
 * - `fhir_destination`: a facility that takes referrals by FHIR: its FHIR
 *   base, the client id it gave Careweave, and the Organization that owns
 *   the Tasks sent to it.
 * - `fhir_outbound`: an outbound referral sent that way: the Task's id
 *   there and its status as last read back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table signing_key (
      kid text primary key,
      private_jwk jsonb not null,
      public_jwk jsonb not null,
      created_at timestamptz not null default now()
    );

    create table fhir_destination (
      destination_uid uuid primary key default gen_random_uuid(),
      org_uid uuid not null references organization,
      facility_uid uuid not null unique references facility,
      fhir_base text not null,
      client_id text not null,
      owner_reference text not null,
      is_active boolean not null default true,
      created_at timestamptz not null default now()
    );

    create table fhir_outbound (
      outbound_referral_uid uuid primary key references outbound_referral,
      destination_uid uuid not null references fhir_destination,
      remote_task_id text,
      task_status text not null default 'requested',
      business_status text,
      output_display text,
      sent_at timestamptz,
      polled_at timestamptz
    );
    create index fhir_outbound_open on fhir_outbound (destination_uid) where task_status not in ('rejected', 'cancelled', 'completed');

    alter table outbox drop constraint outbox_channel_check;
    alter table outbox add constraint outbox_channel_check check (channel in ('email', 'sms', 'rest-hook', 'fhir-referral'));
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
