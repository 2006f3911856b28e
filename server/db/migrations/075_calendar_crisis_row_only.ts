import { sql, type Kysely } from 'kysely';

/**
 * Issue 31: a crisis intervention's details are CIT staff's to read
 * (EVENT_DETAIL_READERS), and the facility a person in crisis was taken to is
 * one of them. The calendar lists events for every care mode and its Facility
 * filter matches on the same column, so the view carries no facility or
 * provider for a `cit` event at all: the calendar shows when, what and status;
 * the details page it links to shows the rest to those who may read it.
 * Otherwise migration 032's definition.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace view nav_list_view_medical_event as
      select me.medical_event_uid as id, 'medical_event'::text as event_type, m.name as medical_event_name, m.label as medical_event_label,
             me.event_date, (me.event_date at time zone me.event_time_zone) as event_date_no_tz, me.all_day,
             coalesce(s.attributes->>'calendarStatus', s.name) as status_name, s.label as status_label, me.patient_uid, p.first_name as patient_first_name, p.last_name as patient_last_name,
             case when m.name = 'cit' then null else me.provider_uid end as provider_uid,
             case when m.name = 'cit' then null else pr.display_name end as provider_name,
             case when m.name = 'cit' then null else me.facility_uid end as facility_uid,
             case when m.name = 'cit' then null else f.facility_name end as facility_name,
             p.division_uid, p.restricted_flag, p.case_emails, p.adoption_case
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
