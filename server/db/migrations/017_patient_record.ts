import { sql, type Kysely } from 'kysely';

/**
 * The patient record's frame (issue 8):
 * - `nav_item`: the record's left menu (spec 000 "Patient side navigation":
 *   nested, ordered, feature flags with a leading '!' negating). Rows are
 *   product constants, so every install gets them here; a record page that a
 *   later migration adds brings its own row, so no item ever leads nowhere.
 * - `patient_episode`: the patient's episode (spec 001 "summaryPatient":
 *   episodeStatusLabel, patientEpisodeUid). One per patient, made with it by a
 *   trigger; `patient.episode_status_uid` stays the copy lists filter on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table nav_item (
      nav_item_uid uuid primary key default gen_random_uuid(),
      ref_data_type text not null,
      nav_item_label text not null,
      app_module text,
      route text not null,
      default_sort_order integer not null default 0,
      parent_nav_item_uid uuid references nav_item,
      feature_flag text[] not null default '{}',
      is_active boolean not null default true
    );
    create unique index nav_item_route on nav_item (ref_data_type, route);

    insert into nav_item (ref_data_type, nav_item_label, app_module, route, default_sort_order, feature_flag) values
      ('patient', 'Face Sheet', 'patient', 'face-sheet', 0, '{}'),
      ('patient', 'Demographics', 'patient', 'demographics', 10, '{}'),
      ('patient', 'Badges', 'patient', 'badge', 20, '{}'),
      ('patient', 'Reminders', 'patient', 'reminders', 80, '{!hasAppCit}'),
      ('patient', 'Activity Log', 'patient', 'audit', 90, '{}');

    create table patient_episode (
      patient_episode_uid uuid primary key default gen_random_uuid(),
      patient_uid uuid not null unique references patient on delete cascade,
      status_uid uuid references reference_data,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    insert into patient_episode (patient_uid, status_uid) select patient_uid, episode_status_uid from patient;

    create function patient_episode_for_new_patient() returns trigger language plpgsql as $$
    begin
      insert into patient_episode (patient_uid, status_uid) values (new.patient_uid, new.episode_status_uid);
      return new;
    end $$;
    create trigger patient_episode_for_new_patient after insert on patient
      for each row execute function patient_episode_for_new_patient();
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
