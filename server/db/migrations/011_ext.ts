import { sql, type Kysely } from 'kysely';

/**
 * External actions (spec 000 "External referral pages"): a public link per
 * division and action type, visitors registered by phone, and what a
 * submitted referral carries beyond the inbound referral itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- /ext/{external_action_instance}: the slug is the link's id.
    create table external_action_instance (
      instance_id text primary key check (instance_id ~ '^[a-z0-9][a-z0-9-]{2,62}$'),
      division_uid uuid not null references division,
      action_type text not null,
      -- { "required_fields": ["reasonUid"] }: extra required fields of the action's form.
      payload_definition jsonb not null default '{}',
      is_active boolean not null default true,
      created_at timestamptz not null default now()
    );

    -- A visitor who confirmed a texted code; only a hash of the registration token is kept.
    create table external_registration (
      registration_uid uuid primary key default gen_random_uuid(),
      instance_id text not null references external_action_instance,
      name text not null,
      identifier text not null,
      identifier_type text not null,
      token_hash text unique,
      confirmed_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index external_registration_identifier on external_registration (instance_id, identifier, created_at desc);

    create table patient_address (
      address_uid uuid primary key default gen_random_uuid(),
      patient_uid uuid not null references patient on delete cascade,
      address_type_uid uuid references reference_data,
      addr1 text,
      addr2 text,
      city text,
      post_code text,
      country_division_uid uuid references reference_data,
      county text,
      created_at timestamptz not null default now()
    );
    create index patient_address_patient on patient_address (patient_uid);

    create table patient_insurance (
      insurance_uid uuid primary key default gen_random_uuid(),
      patient_uid uuid not null references patient on delete cascade,
      carrier_uid uuid references reference_data,
      policy_holder_name text,
      policy_holder text,
      policy_holder_birth_date date,
      ssn_last4 text,
      insurance_company_phone text,
      policy_number text,
      group_number text,
      effective_date date,
      is_primary boolean not null default true,
      policy_type text,
      created_at timestamptz not null default now()
    );
    create index patient_insurance_patient on patient_insurance (patient_uid);

    alter table patient add column if not exists race_uid uuid references reference_data,
                        add column if not exists ethnicity_uid uuid references reference_data;

    -- What came in through an external link: the referral it made, who sent it, and the payload as received.
    create table external_referral (
      referral_uid uuid primary key references inbound_referral on delete cascade,
      instance_id text not null references external_action_instance,
      registration_uid uuid not null references external_registration,
      from_provider_uid uuid references provider,
      to_provider_uid uuid references provider,
      diagnosis_uid uuid references reference_data,
      note text,
      payload jsonb not null,
      created_at timestamptz not null default now()
    );
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
