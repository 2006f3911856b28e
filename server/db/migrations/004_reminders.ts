import { sql, type Kysely } from 'kysely';

/**
 * Reminders (spec 000 "Reminder (notification)", spec 002 "Reminder payload"):
 * a notification about a patient, optionally assigned to a navigator provider.
 * Defaults follow spec 002 "New reminders".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notification (
      id uuid primary key default gen_random_uuid(),
      subject_uid uuid not null references patient on delete cascade,
      subject_type text not null default 'patient' check (subject_type = 'patient'),
      type text not null default 'reminders' check (type = 'reminders'),
      reminder_date timestamptz not null,
      note text not null,
      is_active boolean not null default true,
      is_urgent boolean not null default false,
      is_read boolean not null default false,
      is_saved boolean not null default false,
      -- The assignee's name as the reminder was last assigned (the server copies it from the provider).
      display_name text,
      -- The assigned navigator's provider id; null means unassigned.
      target_uid uuid references provider on delete set null,
      reminder_type text,
      event_type_uid uuid,
      event_type_name text,
      ui_model_name text,
      route text,
      created_by uuid references app_user,
      created_date timestamptz not null default now(),
      updated_date timestamptz not null default now()
    );
    -- "Today's reminders assigned to X" and "today's unassigned" (target_uid is null) read this index.
    create index notification_target_date on notification (target_uid, reminder_date desc);
    create index notification_subject on notification (subject_uid);

    -- What the reminder lists show and filter on; patient_uid, division_uid and
    -- restricted_flag are what the patient row scope (dataviews/scopes.ts) needs.
    create view home_page_notifications_view as
      select n.id,
             n.subject_uid as patient_uid,
             p.division_uid,
             p.restricted_flag,
             p.first_name as patient_first_name,
             p.last_name as patient_last_name,
             n.reminder_date,
             n.note,
             n.is_active,
             n.is_urgent,
             n.is_read,
             n.is_saved,
             n.display_name,
             n.target_uid,
             pr.display_name as assigned_to,
             n.reminder_type,
             n.event_type_uid,
             n.event_type_name,
             n.ui_model_name,
             n.route,
             n.created_by,
             n.created_date,
             n.updated_date
        from notification n
        join patient p on p.patient_uid = n.subject_uid
        left join provider pr on pr.provider_uid = n.target_uid;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
