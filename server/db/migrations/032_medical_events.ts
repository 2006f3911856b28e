import { sql, type Kysely } from 'kysely';
import { referenceName } from '../reference-lists/names';
import { INTERACTION_TYPES, MEDICAL_EVENT_REASONS, MEDICAL_EVENT_STATUSES, MEDICAL_EVENT_TYPES, REFERRAL_OUTCOMES } from '../reference-lists/medical-events';

/**
 * Medical events (spec 002 sections 1-3, issue 10):
 * - the `reference-medical-event` rows of migration 005 get their definition
 *   (medicalEventName, medicalEventLabel, the plural the list is titled with,
 *   propertyRules) in `attributes`, so the form, the server and the list read
 *   one set of rules;
 * - statuses and reasons per type (`ref_data_type` medical_event__{name}),
 *   interaction types and referral outcomes;
 * - `medical_event` gains what the form records: reason, location, the
 *   detail members (the existing `detail` column) and who changed it last;
 *   its notes are rows of `medical_event_note`, each deactivated rather
 *   than edited (the `notes` column stays the CIT sheet's incident note);
 * - one menu item per type: the four the care modes record, and the crisis
 *   interventions CIT staff read;
 * - the calendar's view reports a medical event's status as the calendar
 *   status its type's status counts as (a Connected referral is completed),
 *   so the calendar's status filter (scheduled, requested, pending pre-auth,
 *   completed) shows recorded events; the label stays the type's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const t of MEDICAL_EVENT_TYPES) {
    await sql`
      update reference_data
         set attributes = attributes || jsonb_build_object('medicalEventName', name, 'medicalEventLabel', label,
                                                           'medicalEventPluralLabel', ${t.plural}::text, 'propertyRules', ${JSON.stringify(t.rules)}::jsonb)
       where model = 'reference-medical-event' and name = ${t.name}`.execute(db);
  }
  const rows: { model: string; name: string; label: string; type: string | null; order: number; calendar?: string | null }[] = [
    ...Object.entries(MEDICAL_EVENT_STATUSES).flatMap(([event, statuses]) =>
      statuses.map(({ label, calendar }, order) => ({ model: 'reference-status', name: referenceName(label), label, type: `medical_event__${event}`, order, calendar })),
    ),
    ...Object.entries(MEDICAL_EVENT_REASONS).flatMap(([event, labels]) =>
      labels.map((label, order) => ({ model: 'reference-reason', name: referenceName(label), label, type: `medical_event__${event}`, order })),
    ),
    ...INTERACTION_TYPES.map((label, order) => ({ model: 'reference-medical-event-interaction', name: referenceName(label), label, type: null, order })),
    ...REFERRAL_OUTCOMES.map((label, order) => ({ model: 'reference-medical-event-outcome', name: referenceName(label), label, type: null, order })),
  ];
  await sql`
    insert into reference_data (model, name, label, ref_data_type, default_sort_order, attributes)
    select r.model, r.name, r.label, r.type, r.ord, case when r.calendar is null then '{}'::jsonb else jsonb_build_object('calendarStatus', r.calendar) end
      from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ ...r, ord: r.order })))}::jsonb) as r(model text, name text, label text, type text, ord integer, calendar text)`.execute(db);

  await sql`
    alter table medical_event
      add column reason_uid uuid references reference_data,
      add column location jsonb,
      add column created_by uuid references app_user,
      add column updated_at timestamptz;

    -- Spec 002: an event's notes are a list (Previous Notes, newest first), deactivated, never edited.
    create table medical_event_note (
      note_uid uuid primary key default gen_random_uuid(),
      medical_event_uid uuid not null references medical_event on delete cascade,
      note text not null,
      note_is_internal boolean not null default false,
      author_uid uuid references app_user,
      created_at timestamptz not null default now(),
      is_active boolean not null default true
    );
    create index medical_event_note_event on medical_event_note (medical_event_uid, created_at desc);

    insert into nav_item (ref_data_type, nav_item_label, app_module, route, default_sort_order, feature_flag) values
      ('patient', 'Drug Overdoses', 'patient', 'medical-events/drug_overdose', 41, '{medicalEvent}'),
      ('patient', 'Survivor Interactions', 'patient', 'medical-events/survivor_interaction', 42, '{medicalEvent}'),
      ('patient', 'Other Interactions', 'patient', 'medical-events/other_interaction', 43, '{medicalEvent}'),
      ('patient', 'Treatment Referrals', 'patient', 'medical-events/treatment_referral', 44, '{medicalEvent}'),
      ('patient', 'Crisis Interventions', 'patient', 'medical-events/cit', 45, '{medicalEvent,hasAppCit}');

    -- The calendar shows the calendar statuses (spec 000 section 9); a type's status says which one it counts as.
    create or replace view nav_list_view_medical_event as
      select me.medical_event_uid as id, 'medical_event'::text as event_type, m.name as medical_event_name, m.label as medical_event_label,
             me.event_date, (me.event_date at time zone me.event_time_zone) as event_date_no_tz, me.all_day,
             coalesce(s.attributes->>'calendarStatus', s.name) as status_name, s.label as status_label, me.patient_uid, p.first_name as patient_first_name, p.last_name as patient_last_name,
             me.provider_uid, pr.display_name as provider_name, me.facility_uid, f.facility_name, p.division_uid, p.restricted_flag,
             p.case_emails, p.adoption_case
        from medical_event me
        join patient p on p.patient_uid = me.patient_uid
        join reference_data m on m.uid = me.medical_event_type_uid
        join reference_data s on s.uid = me.status_uid
        left join provider pr on pr.provider_uid = me.provider_uid
        left join facility f on f.facility_uid = me.facility_uid
      union all
      select x.procedure_uid, 'procedure', null, x.procedure_name, x.event_date, (x.event_date at time zone x.event_time_zone), x.all_day,
             s.name, s.label, x.patient_uid, p.first_name, p.last_name, x.provider_uid, pr.display_name, x.facility_uid, f.facility_name,
             p.division_uid, p.restricted_flag, p.case_emails, p.adoption_case
        from procedure x
        join patient p on p.patient_uid = x.patient_uid
        join reference_data s on s.uid = x.status_uid
        left join provider pr on pr.provider_uid = x.provider_uid
        left join facility f on f.facility_uid = x.facility_uid
      union all
      select x.surgery_uid, 'surgery', null, x.surgery_name, x.event_date, (x.event_date at time zone x.event_time_zone), x.all_day,
             s.name, s.label, x.patient_uid, p.first_name, p.last_name, x.provider_uid, pr.display_name, x.facility_uid, f.facility_name,
             p.division_uid, p.restricted_flag, p.case_emails, p.adoption_case
        from surgery x
        join patient p on p.patient_uid = x.patient_uid
        join reference_data s on s.uid = x.status_uid
        left join provider pr on pr.provider_uid = x.provider_uid
        left join facility f on f.facility_uid = x.facility_uid
      union all
      select x.test_uid, 'testing', null, x.test_name, x.event_date, (x.event_date at time zone x.event_time_zone), x.all_day,
             s.name, s.label, x.patient_uid, p.first_name, p.last_name, x.provider_uid, pr.display_name, x.facility_uid, f.facility_name,
             p.division_uid, p.restricted_flag, p.case_emails, p.adoption_case
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
