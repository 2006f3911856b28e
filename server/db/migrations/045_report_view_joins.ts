import { sql, type Kysely } from 'kysely';

/**
 * The medical-event and CIT report views joined a reference row to a JSON
 * member by comparing the row's id as text (`o.uid::text = detail ->> 'outcome'`):
 * no index or hash join serves that, and at 1,000,000 events the planner
 * compared every event with every reference row (a chart ran past the
 * statement timeout). `uuid_or_null` turns the member into an id (null when
 * it is not one), so the join uses the primary key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function uuid_or_null(t text) returns uuid language sql immutable parallel safe as $$
      select case when t ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then t::uuid end
    $$;

    create or replace view report_medical_event_view as
      select me.medical_event_uid, me.patient_uid, p.first_name, p.last_name, me.event_date,
             m.label as medical_event_label, s.label as status_label, o.label as outcome_label, f.facility_name,
             p.division_uid, p.restricted_flag, p.case_emails, p.adoption_case,
             me.provider_uid, me.facility_uid
        from medical_event me
        join patient p on p.patient_uid = me.patient_uid
        join reference_data m on m.uid = me.medical_event_type_uid
        join reference_data s on s.uid = me.status_uid
        left join reference_data o on o.uid = uuid_or_null(me.detail ->> 'outcome')
        left join facility f on f.facility_uid = me.facility_uid;

    create or replace view report_cit_submission_view as
      select s.submission_uid, s.created_at, nullif(s.submission_json ->> 'dateTime', '')::timestamp as incident_date_time,
             s.approval_status, d.label as disposition_label, a.agency_name, s.officer_name, s.division_uid,
             case when jsonb_typeof(s.submission_json -> 'weaponInvolved') = 'array' and jsonb_array_length(s.submission_json -> 'weaponInvolved') > 0
                  then 'Weapon' else 'No Weapon' end as weapon_involved,
             case s.submission_json ->> 'subjectTakenIntoCustodyForEvaluation' when 'yes' then true when 'no' then false end as taken_into_custody
        from cit_submission s
        join cit_agency a on a.agency_uid = s.agency_uid
        left join reference_data d on d.uid = uuid_or_null(s.submission_json ->> 'dispositionUid');
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
