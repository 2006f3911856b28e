import { sql, type Kysely } from 'kysely';

/**
 * Handle with Care (spec 002 "Handle with Care"): school districts identify
 * with an agency (district) code, kept only as a hash; officers file a notice
 * about a child (hwc_patient, no incident details at all); schools have
 * distribution lists; every notice sent to a school is an outbox message,
 * recorded in hwc_notice so staff can see whether the school was told.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table hwc_agency (
      agency_uid uuid primary key default gen_random_uuid(),
      agency_name text not null,
      -- sha256 of the upper-cased, trimmed code: the code itself is a shared secret.
      code_hash text not null unique,
      org_uid uuid not null references organization,
      division_uid uuid not null references division,
      is_active boolean not null default true
    );
    create table organization_facility (
      facility_uid uuid not null references facility on delete cascade,
      org_uid uuid not null references organization on delete cascade,
      primary key (facility_uid, org_uid)
    );
    create table facility_distribution_list (
      id uuid primary key default gen_random_uuid(),
      facility_uid uuid not null references facility on delete cascade,
      name text not null,
      email_address text not null,
      created_at timestamptz not null default now()
    );
    create index facility_distribution_list_facility on facility_distribution_list (facility_uid);
    create view facility_distribution_list_view as
      select d.id, d.facility_uid, d.name, d.email_address, d.created_at, f.org_uid
        from facility_distribution_list d join facility f on f.facility_uid = d.facility_uid;
    create table hwc_patient (
      hwc_patient_uid uuid primary key default gen_random_uuid(),
      agency_uid uuid not null references hwc_agency,
      org_uid uuid not null references organization,
      division_uid uuid not null references division,
      officer_name text not null,
      child_first_name text not null,
      child_last_name text not null,
      child_birth_date date not null,
      child_age integer not null check (child_age > 0),
      child_gender_uid uuid references reference_data,
      facility_uid uuid references facility,
      facility_name text not null,
      didnt_send_reason text,
      is_ignored boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index hwc_patient_org on hwc_patient (org_uid, created_at desc);
    create table hwc_notice (
      notice_uid uuid primary key default gen_random_uuid(),
      hwc_patient_uid uuid not null references hwc_patient on delete cascade,
      outbox_uid uuid not null references outbox,
      facility_uid uuid not null references facility,
      recipient_name text not null,
      email_address text not null,
      sent_by uuid references app_user,
      created_at timestamptz not null default now()
    );
    create index hwc_notice_patient on hwc_notice (hwc_patient_uid, created_at);
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
