import { sql, type Kysely } from 'kysely';

/** Organisation hierarchy, users and permissions, sessions, audit, outbox, reference data. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table market (
      market_uid uuid primary key default gen_random_uuid(),
      market_name text not null
    );
    create table organization (
      org_uid uuid primary key default gen_random_uuid(),
      org_name text not null,
      name text not null,
      market_uid uuid references market
    );
    create table division (
      division_uid uuid primary key default gen_random_uuid(),
      division_name text not null,
      org_uid uuid not null references organization
    );
    create table division_setting (
      division_uid uuid not null references division on delete cascade,
      setting_name text not null,
      setting_value text not null,
      primary key (division_uid, setting_name)
    );
    create table app_user (
      user_uid uuid primary key default gen_random_uuid(),
      user_name text not null,
      display_name text not null,
      first_name text,
      last_name text,
      email_address text,
      password_hash text,
      authentication_service text not null default 'careweave',
      is_active boolean not null default true,
      theme jsonb,
      created_at timestamptz not null default now()
    );
    create unique index app_user_user_name on app_user (lower(user_name));
    create table user_division (
      user_uid uuid not null references app_user on delete cascade,
      division_uid uuid not null references division on delete cascade,
      permissions text[] not null default '{}',
      primary key (user_uid, division_uid)
    );
    create table session (
      session_id text primary key,
      user_uid uuid not null references app_user on delete cascade,
      current_division_uid uuid not null references division,
      csrf_token text not null,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null,
      expires_at timestamptz not null
    );
    create index session_by_user on session (user_uid);
    create index session_expires on session (expires_at);
    create table rate_limit (
      bucket text not null,
      window_start timestamptz not null,
      hits integer not null,
      primary key (bucket, window_start)
    );
    create table audit_entry (
      audit_uid uuid primary key default gen_random_uuid(),
      patient_uid uuid not null,
      action text not null,
      user_uid uuid not null references app_user,
      division_uid uuid not null references division,
      created_at timestamptz not null default now()
    );
    create index audit_entry_patient on audit_entry (patient_uid, created_at desc);
    create table outbox (
      outbox_uid uuid primary key default gen_random_uuid(),
      channel text not null check (channel in ('email', 'sms')),
      recipient text not null,
      subject text,
      body text not null,
      status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
      attempts integer not null default 0,
      last_error text,
      created_at timestamptz not null default now(),
      deliver_after timestamptz not null default now(),
      delivered_at timestamptz
    );
    create index outbox_pending on outbox (deliver_after) where status = 'pending';
    create table translation (
      lang text not null,
      key text not null,
      value text not null,
      primary key (lang, key)
    );
    create table destination (
      name text primary key,
      label text not null,
      url text not null,
      required_flag text
    );
    create table reference_data (
      uid uuid primary key default gen_random_uuid(),
      model text not null,
      name text not null,
      label text not null,
      ref_data_type text,
      default_sort_order integer not null default 0,
      is_active boolean not null default true,
      attributes jsonb not null default '{}'
    );
    create index reference_data_model on reference_data (model, ref_data_type, default_sort_order, label);
    create table facility (
      facility_uid uuid primary key default gen_random_uuid(),
      facility_name text not null,
      org_uid uuid references organization,
      is_in_selections boolean not null default true,
      facility_type text,
      addr1 text,
      city text,
      province_iso text,
      post_code text,
      email_address text
    );
    create table provider (
      provider_uid uuid primary key default gen_random_uuid(),
      display_name text not null,
      first_name text,
      last_name text,
      user_uid uuid references app_user,
      org_uid uuid references organization,
      provider_role_uid uuid references reference_data,
      npi_number text,
      work_phone text,
      mobile_number text,
      email_address text
    );
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
