import { sql, type Kysely } from 'kysely';

/**
 * The face sheet's sources (spec 001 "Patient overview", section 3 "Note",
 * "Admission"): patient notes and admissions, read by its cards now and
 * written by their own record sections later. Admission statuses are the
 * reference statuses of type Admission.
 *
 * The left menu lists only pages that exist: Demographics and Badges wait for
 * their pages (their migrations turn the rows back on). Reminders need a
 * work-list mode, as their calls do.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table patient_note (
      note_uid uuid primary key default gen_random_uuid(),
      patient_uid uuid not null references patient on delete cascade,
      note_type text not null default 'Patient Note',
      note text not null,
      activity_date date not null default current_date,
      session_duration_minutes integer,
      author_uid uuid references app_user,
      is_archived boolean not null default false,
      created_at timestamptz not null default now()
    );
    create index patient_note_patient on patient_note (patient_uid, created_at desc) where not is_archived;

    create table admission (
      admission_uid uuid primary key default gen_random_uuid(),
      patient_uid uuid not null references patient on delete cascade,
      event_date date not null,
      status_uid uuid not null references reference_data,
      facility_uid uuid references facility,
      discharge_date date,
      comments text,
      note text,
      created_at timestamptz not null default now()
    );
    create index admission_patient on admission (patient_uid, event_date desc);

    insert into reference_data (model, name, label, ref_data_type, default_sort_order) values
      ('reference-status', 'admitted', 'Admitted', 'Admission', 0),
      ('reference-status', 'discharged', 'Discharged', 'Admission', 1),
      ('reference-status', 'transferred', 'Transferred', 'Admission', 2);

    update nav_item set is_active = false where ref_data_type = 'patient' and route in ('demographics', 'badge');
    -- The patient's reminders are work-list data: only the modes that have reminders see the item.
    update nav_item set feature_flag = '{!hasAppCit,hasAppNavigator|hasAppCommunity|hasAppSponsor}' where ref_data_type = 'patient' and route = 'reminders';
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
