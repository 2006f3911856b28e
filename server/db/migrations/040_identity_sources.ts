import { sql, type Kysely } from 'kysely';

/**
 * Issue 11, identity mode, first slice: where identity data comes from.
 *
 * Spec 001 section 1: identity data "is extracted nightly from electronic
 * health record and child-welfare systems and is shown read-only". The
 * extract is one CSV file per source table, loaded by `npm run import`
 * (server/identity/import.ts). Every source table has the same anatomy, so a
 * new one (visits, medications, labs ...) is one more table like these and one
 * more entry in server/identity/source-tables.ts:
 *
 * - division_uid: the identity division the extract was loaded into (the
 *   import replaces one division's rows of a source at a time);
 * - the columns of its CSV file, named as the file's header;
 * - sacwis_person_id: the child the row is about (the match decides the patient).
 *
 * tbl_match_results is written by the import's matching step (spec 000
 * section 3: match status 1 Approved, 2 NeedToBeApproved, 3 Rejected,
 * 4 Disputed, 5 Unmatched, 6 OnHold; match type 1 Deterministic, 2 Fuzzy,
 * 3 Manual, 4 ETLGenerated): one row per child (source_name 'SACWIS') and one
 * per identity source MRN. tbl_identity_source_status has a row per source and
 * run (spec 000 section 3 "Data source status").
 *
 * patient_case.from_extract marks the case rows the import feeds from
 * tbl_source_case (migration 025's triggers keep the patient's case facts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table tbl_source_child (
      division_uid uuid not null references division,
      sacwis_person_id text not null,
      first_name text not null,
      middle_name text,
      last_name text not null,
      preferred_name text,
      birth_date date not null,
      gender text,
      county text not null,
      primary key (division_uid, sacwis_person_id)
    );
    -- Matching looks for children of the same birth date (duplicate SACWIS persons).
    create index tbl_source_child_birth on tbl_source_child (division_uid, birth_date);

    create table tbl_source_case (
      division_uid uuid not null references division,
      case_id text not null,
      sacwis_person_id text not null,
      county text not null,
      agency_name text not null,
      case_category text not null,
      legal_status text,
      wkr_name text,
      wkr_email text,
      sup_name text,
      sup_email text,
      chf_email text,
      restricted_flag boolean not null,
      adoption_flag boolean not null,
      primary key (division_uid, case_id, sacwis_person_id)
    );
    create index tbl_source_case_person on tbl_source_case (division_uid, sacwis_person_id);

    create table tbl_custody_episode (
      division_uid uuid not null references division,
      episode_id text not null,
      sacwis_person_id text not null,
      county text not null,
      legal_status text,
      start_date date not null,
      end_date date,
      primary key (division_uid, episode_id)
    );
    create index tbl_custody_episode_person on tbl_custody_episode (division_uid, sacwis_person_id);

    create table tbl_placement (
      division_uid uuid not null references division,
      placement_id text not null,
      sacwis_person_id text not null,
      provider_id text not null,
      provider_name text not null,
      placement_type text not null,
      start_date date not null,
      end_date date,
      primary key (division_uid, placement_id)
    );
    create index tbl_placement_person on tbl_placement (division_uid, sacwis_person_id);

    create table tbl_identity_source (
      division_uid uuid not null references division,
      sacwis_person_id text not null,
      source_name text not null,
      mrn text not null,
      primary key (division_uid, source_name, mrn)
    );
    create index tbl_identity_source_person on tbl_identity_source (division_uid, sacwis_person_id);

    create table tbl_match_results (
      division_uid uuid not null references division,
      sacwis_person_id text not null,
      patient_uid uuid not null references patient on delete cascade,
      source_name text not null,
      mrn text not null default '',
      match_status_id smallint not null check (match_status_id between 1 and 6),
      match_type smallint not null check (match_type between 1 and 4),
      score real,
      source_description text not null,
      primary key (division_uid, sacwis_person_id, source_name, mrn)
    );
    create index tbl_match_results_patient on tbl_match_results (patient_uid);

    create table tbl_identity_source_status (
      status_uid uuid primary key default gen_random_uuid(),
      run_uid uuid not null,
      division_uid uuid not null references division,
      source_name text not null,
      file_name text not null,
      rows_read integer not null default 0,
      rows_loaded integer not null default 0,
      rows_rejected integer not null default 0,
      started_at timestamptz not null default clock_timestamp(),
      finished_at timestamptz,
      status text not null,
      details text
    );
    create index tbl_identity_source_status_latest on tbl_identity_source_status (division_uid, source_name, started_at desc);

    alter table patient_case add column from_extract boolean not null default false;
    create index patient_case_case_id on patient_case (case_id);
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
