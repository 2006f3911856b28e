import { sql, type Kysely } from 'kysely';

/**
 * Spec 002 "Customer support", "Back to Work" and "Engagement opt-out": the
 * three small public forms. Each submission is a row written in the same
 * transaction as its outbox message (server/outbox).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Spec 002 "Support request": userEmail, issueType (its label), comment.
    create table support_request (
      support_request_uid uuid primary key default gen_random_uuid(),
      user_email text not null,
      issue_type text not null,
      comment text not null,
      client_address text,
      created_at timestamptz not null default now()
    );
    create index support_request_created on support_request (created_at desc);

    -- Back to Work: an employer ("vendor") hands its employees a link with its code.
    create table b2w_vendor (
      vendor_uid uuid primary key default gen_random_uuid(),
      vendor_code text not null unique,
      vendor_name text not null,
      is_active boolean not null default true
    );

    -- The employees a vendor registered; a registration must match one of them.
    -- telephone_number holds 10 digits; ssn_last4 the last 4 digits only (spec 002 section 9).
    create table b2w_employee (
      employee_uid uuid primary key default gen_random_uuid(),
      vendor_uid uuid not null references b2w_vendor on delete cascade,
      employee_id text,
      ssn_last4 text check (ssn_last4 ~ '^[0-9]{4}$'),
      first_name text not null,
      last_name text not null,
      telephone_number text not null check (telephone_number ~ '^[0-9]{10}$'),
      email_address text
    );
    create index b2w_employee_vendor_id on b2w_employee (vendor_uid, employee_id);
    create index b2w_employee_vendor_ssn on b2w_employee (vendor_uid, ssn_last4);

    -- One row per "b2w/init". employee_uid is null when nothing matched: the
    -- answer looks the same, but no code is sent and none will ever be accepted.
    -- After "b2w/validate" the code's hash is kept so "b2w/status" can verify
    -- the code the browser sends with each assessment.
    create table b2w_registration (
      registration_uid uuid primary key default gen_random_uuid(),
      vendor_uid uuid not null references b2w_vendor on delete cascade,
      employee_uid uuid references b2w_employee on delete cascade,
      telephone_number text not null,
      comm_method text not null check (comm_method in ('sms', 'email')),
      confirmed_code_hash text,
      confirmed_at timestamptz,
      created_at timestamptz not null default now()
    );

    -- Spec 002 "Back to Work" assessment; one per employee and day.
    create table b2w_assessment (
      assessment_uid uuid primary key default gen_random_uuid(),
      employee_uid uuid not null references b2w_employee on delete cascade,
      registration_uid uuid not null references b2w_registration on delete cascade,
      assessment_date date not null,
      high_temp boolean not null,
      low_temp_complications boolean,
      outcome text not null check (outcome in ('report', 'do-not-report')),
      created_at timestamptz not null default now(),
      unique (employee_uid, assessment_date)
    );

    -- Links sent to patients ("/engagements/opt-out/{token}"); only a hash of
    -- the token is kept. A token works once: used_at is set when it is used.
    create table engagement_opt_out_token (
      token_uid uuid primary key default gen_random_uuid(),
      token_hash text not null unique,
      patient_uid uuid not null references patient on delete cascade,
      engagement text not null,
      expires_at timestamptz,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index engagement_opt_out_patient on engagement_opt_out_token (patient_uid);
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
