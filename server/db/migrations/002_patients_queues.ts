import { sql, type Kysely } from 'kysely';

/** Patients, their cases and inbound referrals, and work queues defined by stored rules. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table patient (
      patient_uid uuid primary key default gen_random_uuid(),
      division_uid uuid not null references division,
      first_name text not null,
      middle_name text,
      last_name text not null,
      birth_date date,
      gender_uid uuid references reference_data,
      gender_identity_uid uuid references reference_data,
      restricted_flag char(1) not null default '0',
      in_custody boolean not null default true,
      agency_legal_status text,
      sacwis_person_id text,
      mobile_phone text,
      home_phone text,
      work_phone text,
      preferred_phone text,
      email_address text,
      note text,
      episode_status_uid uuid references reference_data,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index patient_division_name on patient (division_uid, last_name, first_name);
    create index patient_division_birth on patient (division_uid, birth_date);
    create index patient_division_updated on patient (division_uid, updated_at desc);
    create table patient_case (
      case_uid uuid primary key default gen_random_uuid(),
      patient_uid uuid not null references patient on delete cascade,
      case_id text,
      case_category text,
      wkr_name text,
      wkr_email text,
      chf_email text,
      sup_email text
    );
    create index patient_case_patient on patient_case (patient_uid);
    create table inbound_referral (
      referral_uid uuid primary key default gen_random_uuid(),
      patient_uid uuid not null references patient on delete cascade,
      referral_date date not null,
      referral_source_uid uuid references reference_data,
      reason_uid uuid references reference_data,
      requested_by text,
      referred_to text,
      referral_method text,
      status text not null,
      created_at timestamptz not null default now()
    );
    create index inbound_referral_patient on inbound_referral (patient_uid, referral_date desc, created_at desc);
    create table queue (
      queue_uid uuid primary key default gen_random_uuid(),
      division_uid uuid not null references division,
      parent_queue_uid uuid references queue,
      queue_label text not null,
      view_name text not null,
      rule jsonb not null default '{}',
      default_sort text,
      column_map jsonb not null default '[]',
      sort_order integer not null default 0
    );
    create index queue_division on queue (division_uid, sort_order);

    -- One row per patient with what work queues filter and show. The latest
    -- inbound referral decides the referral columns.
    create view queue_patient_view as
      select p.patient_uid,
             p.division_uid,
             p.first_name,
             p.last_name,
             p.birth_date,
             g.label as gender_label,
             es.label as episode_status_label,
             r.referral_date,
             r.status as referral_status,
             rs.label as referral_source_label,
             p.restricted_flag,
             p.created_at,
             p.updated_at
        from patient p
        left join reference_data g on g.uid = p.gender_uid
        left join reference_data es on es.uid = p.episode_status_uid
        left join lateral (
          select ir.referral_date, ir.status, ir.referral_source_uid
            from inbound_referral ir
           where ir.patient_uid = p.patient_uid
           order by ir.referral_date desc, ir.created_at desc
           limit 1
        ) r on true
        left join reference_data rs on rs.uid = r.referral_source_uid;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
