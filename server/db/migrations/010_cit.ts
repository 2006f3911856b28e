import { sql, type Kysely } from 'kysely';

/**
 * Crisis intervention (spec 002 "Public CIT form", "CIT approval controls"):
 * agencies and their officers (who identify on the public form), the stored
 * submissions, a content-free trace of decisions (a rejected sheet is deleted),
 * reference geo data for zip autofill, and a details column on medical_event
 * for the 'cit' event an approved submission becomes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table cit_agency (
      agency_uid uuid primary key default gen_random_uuid(),
      agency_code text not null,
      agency_name text not null,
      state_iso text not null default 'oh',
      org_uid uuid not null references organization,
      division_uid uuid not null references division
    );
    create unique index cit_agency_code on cit_agency (lower(agency_code));
    create table cit_officer (
      agency_uid uuid not null references cit_agency on delete cascade,
      officer_name text not null,
      primary key (agency_uid, officer_name)
    );
    create unique index cit_officer_name on cit_officer (agency_uid, lower(officer_name));
    create table cit_submission (
      submission_uid uuid primary key default gen_random_uuid(),
      agency_uid uuid not null references cit_agency,
      division_uid uuid not null references division,
      officer_name text not null,
      approval_status text not null default 'pending' check (approval_status in ('pending', 'approved', 'rejected')),
      submission_json jsonb not null,
      medical_event_uid uuid,
      patient_uid uuid,
      decided_by uuid references app_user,
      decided_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index cit_submission_division on cit_submission (division_uid, created_at desc);
    -- What happened to a submission, without its content (a rejected sheet is deleted).
    create table cit_submission_log (
      submission_uid uuid not null,
      action text not null,
      user_uid uuid references app_user,
      division_uid uuid not null references division,
      created_at timestamptz not null default now()
    );
    create table reference_geo_data (
      zip_code text primary key,
      city text not null,
      county text not null,
      state_iso text not null,
      latitude numeric,
      longitude numeric
    );
    alter table medical_event add column if not exists detail jsonb;

    -- Product constants: the spec's US states list and Ohio zip codes the form autofills from.
    insert into reference_data (model, name, label, ref_data_type, default_sort_order, attributes)
    select 'reference-country-division', s.iso, s.label, 'US', s.n, jsonb_build_object('division_abbrev_iso', s.iso)
      from (values ('OH', 'Ohio', 0), ('IN', 'Indiana', 1), ('KY', 'Kentucky', 2), ('MI', 'Michigan', 3), ('PA', 'Pennsylvania', 4), ('WV', 'West Virginia', 5)) as s(iso, label, n)
     where not exists (select 1 from reference_data where model = 'reference-country-division' and name = s.iso);
    insert into reference_geo_data (zip_code, city, county, state_iso, latitude, longitude) values
      ('43215', 'Columbus', 'Franklin', 'OH', 39.9612, -82.9988),
      ('43205', 'Columbus', 'Franklin', 'OH', 39.9570, -82.9650),
      ('43209', 'Bexley', 'Franklin', 'OH', 39.9530, -82.9290),
      ('43085', 'Worthington', 'Franklin', 'OH', 40.0930, -83.0180),
      ('44308', 'Akron', 'Summit', 'OH', 41.0814, -81.5190),
      ('44114', 'Cleveland', 'Cuyahoga', 'OH', 41.5051, -81.6934),
      ('45202', 'Cincinnati', 'Hamilton', 'OH', 39.1031, -84.5120),
      ('43604', 'Toledo', 'Lucas', 'OH', 41.6528, -83.5379),
      ('45402', 'Dayton', 'Montgomery', 'OH', 39.7589, -84.1916);
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
