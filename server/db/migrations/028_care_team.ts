import { sql, type Kysely } from 'kysely';

/**
 * The record's Care Team page (spec 001 section 2 `care-team`, section 3
 * "Care team member", "Location" and "Care giver"):
 * - `provider_location`: a provider's places of work (the member form offers
 *   the chosen provider's locations; 001_core has none).
 * - `provider_patient`: a provider on a patient's care team; `care_team` is
 *   "current" (Active tab) and one provider is on a patient's team once.
 * - `care_giver`: family and other people who care for the patient; roles are
 *   stored comma-joined, as the spec says.
 * The menu item is for every mode that opens a record: CIT staff answering a
 * crisis read who to call; only the care modes change it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table provider_location (
      provider_location_uid uuid primary key default gen_random_uuid(),
      provider_uid uuid not null references provider on delete cascade,
      provider_location_label text not null,
      addr1 text,
      addr2 text,
      city text,
      province_iso text,
      post_code text
    );
    create index provider_location_provider on provider_location (provider_uid, provider_location_label);

    create table provider_patient (
      provider_patient_uid uuid primary key default gen_random_uuid(),
      provider_uid uuid not null references provider,
      patient_uid uuid not null references patient on delete cascade,
      preferred_location_uid uuid references provider_location on delete set null,
      care_team boolean not null default true,
      is_pcp boolean not null default false,
      is_primary boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (patient_uid, provider_uid)
    );
    create index provider_patient_provider on provider_patient (provider_uid);

    create table care_giver (
      care_giver_uid uuid primary key default gen_random_uuid(),
      patient_uid uuid not null references patient on delete cascade,
      first_name text not null,
      last_name text not null,
      relationship text not null,
      preferred_phone_type text not null default 'N/A',
      home_phone text,
      mobile_phone text,
      email text,
      is_primary boolean not null default false,
      is_current boolean not null default true,
      roles text,
      other_roles text,
      interpreter_id text,
      interpreter_language text,
      comment text,
      patient_consents boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index care_giver_patient on care_giver (patient_uid, last_name, first_name);

    insert into nav_item (ref_data_type, nav_item_label, app_module, route, default_sort_order, feature_flag) values
      ('patient', 'Care Team', 'patient', 'care-team', 60, '{hasAppNavigator|hasAppCommunity|hasAppSponsor|hasHwc|hasAppCit}');
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
