import { sql, type Kysely } from 'kysely';

/**
 * Issue 11 section 2, finding a child: the two source tables the identity
 * search and its summary card read that slice 1 did not load (spec 000
 * section 7 "Identity lists": list_view_cs_tbl_patientflags and
 * list_view_cs_tbl_patientpreferrednames), shaped like every source table, and
 * identity_search, one row per patient of an identity extract with what the
 * search form filters on (spec 002 "Identity patient search form").
 *
 * identity_search is rebuilt by the import after matching
 * (server/identity-search/search-index.ts, refreshIdentitySearch) from the
 * patient and its approved children's sources; a trigger keeps the patient's
 * own columns (names, birth date, the case facts the access rule reads) when
 * the patient row changes between imports. Each filter has an index, and the
 * sort (last name, first name) walks one, so a page of 50 costs the same at
 * 100,000 children:
 * - names, MRNs, caseworker and provider names: trigram (partial match);
 * - hospitals, counties, case ids, provider ids, SACWIS ids: GIN on arrays;
 * - birth date and the sort: btree within the division.
 *
 * audit_entry_recent: the caller's most recently viewed patients
 * (list_view_cs_recent_patients) without reading every entry of the patient.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table tbl_patient_flags (
      division_uid uuid not null references division,
      flag_id text not null,
      sacwis_person_id text not null,
      patient_flag text not null,
      flag_info text,
      source_name text not null,
      county text not null,
      primary key (division_uid, flag_id)
    );
    create index tbl_patient_flags_person on tbl_patient_flags (division_uid, sacwis_person_id);

    create table tbl_patient_preferred_names (
      division_uid uuid not null references division,
      sacwis_person_id text not null,
      source_name text not null,
      preferred_name text not null,
      primary key (division_uid, sacwis_person_id, source_name, preferred_name)
    );

    create table identity_search (
      patient_uid uuid primary key references patient on delete cascade,
      division_uid uuid not null references division,
      last_name text not null,
      first_name text not null,
      last_norm text not null,
      first_norm text not null,
      birth_date date,
      restricted_flag text not null,
      case_emails text[] not null,
      adoption_case boolean not null,
      sacwis_person_ids text[] not null,
      mrns text not null,
      source_names text[] not null,
      counties text[] not null,
      wkr_names text not null,
      case_ids text[] not null,
      provider_ids text[] not null,
      provider_names text not null
    );
    create index identity_search_sort on identity_search (division_uid, last_name, first_name, patient_uid);
    create index identity_search_birth on identity_search (division_uid, birth_date);
    create index identity_search_last on identity_search using gin (last_norm gin_trgm_ops);
    create index identity_search_first on identity_search using gin (first_norm gin_trgm_ops);
    create index identity_search_mrns on identity_search using gin (mrns gin_trgm_ops);
    create index identity_search_wkr on identity_search using gin (wkr_names gin_trgm_ops);
    create index identity_search_provider_names on identity_search using gin (provider_names gin_trgm_ops);
    create index identity_search_arrays on identity_search using gin (sacwis_person_ids, source_names, counties, case_ids, provider_ids);

    create function identity_search_patient() returns trigger language plpgsql as $$
    begin
      update identity_search s
         set last_name = new.last_name, first_name = new.first_name,
             last_norm = coalesce(patient_search_norm(new.last_name), ''), first_norm = coalesce(patient_search_norm(new.first_name), ''),
             birth_date = new.birth_date, restricted_flag = new.restricted_flag, case_emails = new.case_emails, adoption_case = new.adoption_case
       where s.patient_uid = new.patient_uid;
      return null;
    end $$;
    create trigger identity_search_patient after update on patient for each row
      when ((old.last_name, old.first_name, old.birth_date, old.restricted_flag, old.case_emails, old.adoption_case)
            is distinct from (new.last_name, new.first_name, new.birth_date, new.restricted_flag, new.case_emails, new.adoption_case))
      execute function identity_search_patient();

    create index audit_entry_recent on audit_entry (user_uid, division_uid, created_at desc) include (patient_uid) where action = 'ViewedPatient';
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
