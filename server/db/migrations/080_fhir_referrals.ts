import { sql, type Kysely } from 'kysely';

/**
 * Issue 35 section 3: referrals an EHR sends by the Gravity closed loop (a
 * transaction Bundle of Patient, ServiceRequest and Task). One row is the
 * Task and its ServiceRequest: the Task identifier is unique per client, so
 * the same Task sent twice is one referral. The person it is about is kept as
 * sent (flat, as the incoming referrals list shows a division referral's)
 * until the patient is known: matched by an identifier on arrival, or linked
 * by a person after the duplicate check; it is then the division's inbound
 * referral (the New Referrals queue). The resources as sent are kept to be
 * answered back with the Task's changes.
 *
 * A client's REST-hook Subscriptions (R4) on its Tasks: each change of a
 * Task it matches is an outbox delivery (channel rest-hook) to its endpoint,
 * retried with back-off like every outbox message.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table fhir_referral (
      referral_uid uuid primary key default gen_random_uuid(),
      service_request_uid uuid not null unique default gen_random_uuid(),
      client_id uuid not null references fhir_client,
      division_uid uuid not null references division,
      task_system text not null,
      task_value text not null,
      status text not null check (status in ('requested', 'received', 'accepted', 'rejected', 'cancelled', 'in-progress', 'completed')),
      business_status text,
      status_reason text,
      output_display text,
      patient_uid uuid references patient,
      inbound_referral_uid uuid references inbound_referral,
      linked_by uuid references app_user,
      linked_at timestamptz,
      event_date date not null,
      what_for text not null,
      priority text not null check (priority in ('routine', 'urgent', 'emergent')),
      reason text,
      notes text,
      requester_name text,
      first_name text not null,
      middle_name text,
      last_name text not null,
      birth_date date,
      gender_uid uuid references reference_data,
      mobile_phone text,
      home_phone text,
      work_phone text,
      preferred_phone text,
      identifiers jsonb not null default '[]',
      task jsonb not null,
      service_request jsonb not null,
      supporting jsonb not null default '[]',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (client_id, task_system, task_value)
    );
    create index fhir_referral_waiting on fhir_referral (division_uid, event_date desc) where patient_uid is null;
    create index fhir_referral_client on fhir_referral (client_id, updated_at);

    create table fhir_subscription (
      subscription_uid uuid primary key default gen_random_uuid(),
      client_id uuid not null references fhir_client,
      criteria text not null,
      owner_division_uid uuid references division,
      task_uid uuid references fhir_referral,
      endpoint text not null,
      payload boolean not null,
      headers text[] not null default '{}',
      reason text not null,
      status text not null check (status in ('active', 'off')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index fhir_subscription_client on fhir_subscription (client_id) where status = 'active';

    alter table outbox drop constraint outbox_channel_check;
    alter table outbox add constraint outbox_channel_check check (channel in ('email', 'sms', 'rest-hook'));
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
