import { sql, type Kysely } from 'kysely';

/**
 * Calendar events of five types (spec 000 "Calendar"): appointments, and the
 * medical events, procedures, surgeries and tests the navigator's list view
 * unites. Each table keeps the instant (`event_date`) and the zone it happened
 * in, so the views can show the wall-clock time there (`event_date_no_tz`).
 *
 * Every table has an index on event_date, and one on (patient_uid, event_date)
 * for a patient's own lists. The calendar asks for one visible range, and the
 * range condition reaches each branch of the views' UNION ALL, so PostgreSQL
 * reads only that range through one of them. EXPLAIN of the engine's query for
 * `event_date__>>=` / `event_date__<=` (tests/server/calendar.test.ts checks it):
 *   Append
 *     -> ... Bitmap Index Scan on medical_event_date
 *              Index Cond: ((event_date >= $1) AND (event_date <= $2))
 *     -> ... Index Scan using surgery_patient on surgery x
 *              Index Cond: ((patient_uid = p.patient_uid) AND (event_date >= $1) AND (event_date <= $2))
 *     ...
 * (the planner picks per table; the procedure branch is gone when the caller
 * lacks calendarProcedure, because event_type is a constant per branch).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Product constants, not demo data: every install needs them.
    insert into reference_data (model, name, label, ref_data_type, default_sort_order) values
      ('reference-status', 'scheduled', 'Scheduled', 'calendar', 0),
      ('reference-status', 'requested', 'Requested', 'calendar', 1),
      ('reference-status', 'pending pre-auth', 'Pending Pre-Auth', 'calendar', 2),
      ('reference-status', 'completed', 'Completed', 'calendar', 3),
      ('reference-medical-event', 'drug_overdose', 'Drug Overdose', null, 0),
      ('reference-medical-event', 'survivor_interaction', 'Survivor Interaction', null, 1),
      ('reference-medical-event', 'other_interaction', 'Other Interaction', null, 2),
      ('reference-medical-event', 'treatment_referral', 'Treatment Referral', null, 3),
      ('reference-medical-event', 'cit', 'Crisis Intervention', null, 4),
      ('reference-appointment-type', 'intake', 'Intake', null, 0),
      ('reference-appointment-type', 'follow_up', 'Follow-up', null, 1),
      ('reference-appointment-type', 'primary_care', 'Primary Care', null, 2),
      ('reference-appointment-type', 'behavioral_health', 'Behavioral Health', null, 3),
      ('reference-appointment-type', 'telehealth', 'Telehealth', null, 4);

    create table appointment (
      appointment_uid uuid primary key default gen_random_uuid(),
      patient_uid uuid not null references patient on delete cascade,
      appointment_type_uid uuid not null references reference_data,
      event_date timestamptz not null,
      event_time_zone text not null default 'America/New_York',
      all_day boolean not null default false,
      status_uid uuid not null references reference_data,
      provider_uid uuid references provider,
      facility_uid uuid references facility,
      notes text,
      created_at timestamptz not null default now()
    );
    create table medical_event (
      medical_event_uid uuid primary key default gen_random_uuid(),
      patient_uid uuid not null references patient on delete cascade,
      medical_event_type_uid uuid not null references reference_data,
      event_date timestamptz not null,
      event_time_zone text not null default 'America/New_York',
      all_day boolean not null default false,
      status_uid uuid not null references reference_data,
      provider_uid uuid references provider,
      facility_uid uuid references facility,
      notes text,
      created_at timestamptz not null default now()
    );
    create table procedure (
      procedure_uid uuid primary key default gen_random_uuid(),
      patient_uid uuid not null references patient on delete cascade,
      procedure_name text not null,
      event_date timestamptz not null,
      event_time_zone text not null default 'America/New_York',
      all_day boolean not null default false,
      status_uid uuid not null references reference_data,
      provider_uid uuid references provider,
      facility_uid uuid references facility,
      notes text,
      created_at timestamptz not null default now()
    );
    create table surgery (
      surgery_uid uuid primary key default gen_random_uuid(),
      patient_uid uuid not null references patient on delete cascade,
      surgery_name text not null,
      event_date timestamptz not null,
      event_time_zone text not null default 'America/New_York',
      all_day boolean not null default false,
      status_uid uuid not null references reference_data,
      provider_uid uuid references provider,
      facility_uid uuid references facility,
      notes text,
      created_at timestamptz not null default now()
    );
    -- "test" is a keyword in some tools; the wire and the spec still say test/testing.
    create table test_event (
      test_uid uuid primary key default gen_random_uuid(),
      patient_uid uuid not null references patient on delete cascade,
      test_name text not null,
      event_date timestamptz not null,
      event_time_zone text not null default 'America/New_York',
      all_day boolean not null default false,
      status_uid uuid not null references reference_data,
      provider_uid uuid references provider,
      facility_uid uuid references facility,
      notes text,
      created_at timestamptz not null default now()
    );
    create index appointment_event_date on appointment (event_date);
    create index medical_event_date on medical_event (event_date);
    create index procedure_event_date on procedure (event_date);
    create index surgery_event_date on surgery (event_date);
    create index test_event_date on test_event (event_date);
    -- A patient's own lists (record pages) read by patient.
    create index appointment_patient on appointment (patient_uid, event_date desc);
    create index medical_event_patient on medical_event (patient_uid, event_date desc);
    create index procedure_patient on procedure (patient_uid, event_date desc);
    create index surgery_patient on surgery (patient_uid, event_date desc);
    create index test_event_patient on test_event (patient_uid, event_date desc);

    -- Spec 000 section 7 "Calendar": nav-list-view-appointment.
    create view nav_list_view_appointment as
      select a.appointment_uid as id,
             'appointment'::text as event_type,
             t.label as appointment_type_label,
             a.event_date,
             (a.event_date at time zone a.event_time_zone) as event_date_no_tz,
             a.all_day,
             s.name as status_name,
             s.label as status_label,
             a.patient_uid,
             p.first_name as patient_first_name,
             p.last_name as patient_last_name,
             a.provider_uid,
             pr.display_name as provider_name,
             a.facility_uid,
             f.facility_name,
             p.division_uid,
             p.restricted_flag
        from appointment a
        join patient p on p.patient_uid = a.patient_uid
        join reference_data t on t.uid = a.appointment_type_uid
        join reference_data s on s.uid = a.status_uid
        left join provider pr on pr.provider_uid = a.provider_uid
        left join facility f on f.facility_uid = a.facility_uid;

    -- Spec 000 section 7 "Calendar": nav-list-view-medical-event, the other four
    -- types in one list; event_type tells them apart (and decides the details route).
    create view nav_list_view_medical_event as
      select me.medical_event_uid as id, 'medical_event'::text as event_type, m.name as medical_event_name, m.label as medical_event_label,
             me.event_date, (me.event_date at time zone me.event_time_zone) as event_date_no_tz, me.all_day,
             s.name as status_name, s.label as status_label, me.patient_uid, p.first_name as patient_first_name, p.last_name as patient_last_name,
             me.provider_uid, pr.display_name as provider_name, me.facility_uid, f.facility_name, p.division_uid, p.restricted_flag
        from medical_event me
        join patient p on p.patient_uid = me.patient_uid
        join reference_data m on m.uid = me.medical_event_type_uid
        join reference_data s on s.uid = me.status_uid
        left join provider pr on pr.provider_uid = me.provider_uid
        left join facility f on f.facility_uid = me.facility_uid
      union all
      select x.procedure_uid, 'procedure', null, x.procedure_name,
             x.event_date, (x.event_date at time zone x.event_time_zone), x.all_day,
             s.name, s.label, x.patient_uid, p.first_name, p.last_name,
             x.provider_uid, pr.display_name, x.facility_uid, f.facility_name, p.division_uid, p.restricted_flag
        from procedure x
        join patient p on p.patient_uid = x.patient_uid
        join reference_data s on s.uid = x.status_uid
        left join provider pr on pr.provider_uid = x.provider_uid
        left join facility f on f.facility_uid = x.facility_uid
      union all
      select x.surgery_uid, 'surgery', null, x.surgery_name,
             x.event_date, (x.event_date at time zone x.event_time_zone), x.all_day,
             s.name, s.label, x.patient_uid, p.first_name, p.last_name,
             x.provider_uid, pr.display_name, x.facility_uid, f.facility_name, p.division_uid, p.restricted_flag
        from surgery x
        join patient p on p.patient_uid = x.patient_uid
        join reference_data s on s.uid = x.status_uid
        left join provider pr on pr.provider_uid = x.provider_uid
        left join facility f on f.facility_uid = x.facility_uid
      union all
      select x.test_uid, 'testing', null, x.test_name,
             x.event_date, (x.event_date at time zone x.event_time_zone), x.all_day,
             s.name, s.label, x.patient_uid, p.first_name, p.last_name,
             x.provider_uid, pr.display_name, x.facility_uid, f.facility_name, p.division_uid, p.restricted_flag
        from test_event x
        join patient p on p.patient_uid = x.patient_uid
        join reference_data s on s.uid = x.status_uid
        left join provider pr on pr.provider_uid = x.provider_uid
        left join facility f on f.facility_uid = x.facility_uid;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
