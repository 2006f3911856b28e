import { sql, type Kysely } from 'kysely';
import { insertReportConfigurations, MORE_REPORT_CONFIGURATIONS } from '../reference-lists/report-configurations';

/**
 * Reports, second slice (issue 12):
 * - the inbound-referral view gains the source id (a reference-data filter),
 *   the first contact after the referral (the first survivor or other
 *   interaction on or after its date), the days to it, and whether it came
 *   within 7 days (100 or 0, so an average is a percentage);
 * - the medical-event view gains the provider and facility ids, the CIT view
 *   the weapon and custody answers;
 * - new views: reminders (done, overdue or open, by assignee), caseloads (a
 *   provider's care-team patients), overdoses (naloxone, outcome, facility)
 *   and custody flags (every patient with the in-custody flag, with its
 *   division's name, for the custom CustodyFlagReport);
 * - `tbl_identity_action_log`: what a user with an app identity did (viewed
 *   a patient, ran a report);
 * - the new report configurations and their Reports menu items.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace view report_inbound_referral_view as
      select r.referral_uid, r.patient_uid, p.first_name, p.last_name, r.referral_date,
             src.label as referral_source_label, r.status as referral_status, why.label as referral_reason_label,
             r.referral_method, r.referred_to,
             date_part('year', age(current_date, p.birth_date))::int as patient_age,
             p.in_custody,
             coalesce((select array_agg(pb.badge_uid order by pb.badge_uid) from patient_badge pb where pb.patient_uid = p.patient_uid), '{}') as badge_uids,
             p.division_uid, p.restricted_flag, p.case_emails, p.adoption_case,
             r.referral_source_uid,
             fc.first_contact_at,
             (fc.first_contact_at::date - r.referral_date)::int as days_to_first_contact,
             case when fc.first_contact_at is null then null when fc.first_contact_at::date - r.referral_date <= 7 then 100 else 0 end as contacted_within_week
        from inbound_referral r
        join patient p on p.patient_uid = r.patient_uid
        left join reference_data src on src.uid = r.referral_source_uid
        left join reference_data why on why.uid = r.reason_uid
        left join lateral (
          select min(me.event_date) as first_contact_at
            from medical_event me
            join reference_data t on t.uid = me.medical_event_type_uid
           where me.patient_uid = r.patient_uid
             and t.name in ('survivor_interaction', 'other_interaction')
             and me.event_date >= r.referral_date
        ) fc on true;

    create or replace view report_medical_event_view as
      select me.medical_event_uid, me.patient_uid, p.first_name, p.last_name, me.event_date,
             m.label as medical_event_label, s.label as status_label, o.label as outcome_label, f.facility_name,
             p.division_uid, p.restricted_flag, p.case_emails, p.adoption_case,
             me.provider_uid, me.facility_uid
        from medical_event me
        join patient p on p.patient_uid = me.patient_uid
        join reference_data m on m.uid = me.medical_event_type_uid
        join reference_data s on s.uid = me.status_uid
        left join reference_data o on o.uid::text = me.detail ->> 'outcome'
        left join facility f on f.facility_uid = me.facility_uid;

    create or replace view report_cit_submission_view as
      select s.submission_uid, s.created_at, nullif(s.submission_json ->> 'dateTime', '')::timestamp as incident_date_time,
             s.approval_status, d.label as disposition_label, a.agency_name, s.officer_name, s.division_uid,
             case when jsonb_typeof(s.submission_json -> 'weaponInvolved') = 'array' and jsonb_array_length(s.submission_json -> 'weaponInvolved') > 0
                  then 'Weapon' else 'No Weapon' end as weapon_involved,
             case s.submission_json ->> 'subjectTakenIntoCustodyForEvaluation' when 'yes' then true when 'no' then false end as taken_into_custody
        from cit_submission s
        join cit_agency a on a.agency_uid = s.agency_uid
        left join reference_data d on d.uid::text = s.submission_json ->> 'dispositionUid';

    create view report_reminder_view as
      select n.id as reminder_uid, n.subject_uid as patient_uid, p.first_name, p.last_name, n.reminder_date,
             case when n.is_read then 'Done' when n.reminder_date < now() then 'Overdue' else 'Open' end as reminder_status,
             n.is_urgent, n.target_uid as assignee_uid, coalesce(pr.display_name, 'Unassigned') as assignee_name,
             n.created_by, u.display_name as created_by_name,
             p.division_uid, p.restricted_flag, p.case_emails, p.adoption_case
        from notification n
        join patient p on p.patient_uid = n.subject_uid
        left join provider pr on pr.provider_uid = n.target_uid
        left join app_user u on u.user_uid = n.created_by
       where n.is_active;

    create view report_caseload_view as
      select pp.provider_patient_uid, pp.provider_uid, pr.display_name as provider_name, pr.user_uid,
             p.patient_uid, p.first_name, p.last_name, p.in_custody,
             coalesce((select array_agg(pb.badge_uid order by pb.badge_uid) from patient_badge pb where pb.patient_uid = p.patient_uid), '{}') as badge_uids,
             coalesce((select array_agg(b.badge_label order by b.badge_label) from patient_badge pb join reference_badge b on b.badge_uid = pb.badge_uid where pb.patient_uid = p.patient_uid), '{}') as badge_labels,
             p.latest_referral_date, p.latest_referral_status,
             p.division_uid, p.restricted_flag, p.case_emails, p.adoption_case
        from provider_patient pp
        join provider pr on pr.provider_uid = pp.provider_uid
        join patient p on p.patient_uid = pp.patient_uid
       where pp.care_team;

    create view report_overdose_view as
      select me.medical_event_uid, me.patient_uid, p.first_name, p.last_name, me.event_date,
             initcap(coalesce(nullif(me.detail ->> 'naloxoneAdministered', ''), 'unknown')) as naloxone_given,
             case me.detail ->> 'naloxoneAdministeredBy' when 'ems' then 'EMS' when 'law_enforcement' then 'Law Enforcement' when 'other_individual' then 'Other Individual'
               else initcap(replace(nullif(me.detail ->> 'naloxoneAdministeredBy', ''), '_', ' ')) end as naloxone_given_by,
             case when (me.detail ->> 'amountOfNaloxoneGiven') ~ '^[0-9]{1,6}([.][0-9]{1,3})?$' then (me.detail ->> 'amountOfNaloxoneGiven')::numeric end as naloxone_amount,
             case me.detail ->> 'wasOverdoseFatal' when 'yes' then 'Fatal' when 'no' then 'Survived' else 'Unknown' end as outcome,
             initcap(nullif(me.detail ->> 'acceptedTreatment', '')) as accepted_treatment,
             me.facility_uid, f.facility_name, me.provider_uid,
             p.division_uid, p.restricted_flag, p.case_emails, p.adoption_case
        from medical_event me
        join reference_data t on t.uid = me.medical_event_type_uid and t.name = 'drug_overdose'
        join patient p on p.patient_uid = me.patient_uid
        left join facility f on f.facility_uid = me.facility_uid;

    create view report_custody_view as
      select p.patient_uid, p.first_name, p.last_name, p.birth_date, p.in_custody, p.agency_legal_status,
             d.division_name, p.latest_referral_date, p.latest_referral_status,
             p.division_uid, p.restricted_flag, p.case_emails, p.adoption_case
        from patient p
        join division d on d.division_uid = p.division_uid
       where p.in_custody;

    create table tbl_identity_action_log (
      action_log_uid uuid primary key default gen_random_uuid(),
      user_uid uuid not null references app_user,
      division_uid uuid not null references division,
      patient_uid uuid references patient on delete set null,
      action text not null,
      report_name text,
      created_at timestamptz not null default now()
    );
    create index tbl_identity_action_log_user on tbl_identity_action_log (user_uid, created_at desc);
  `.execute(db);

  await insertReportConfigurations(db, MORE_REPORT_CONFIGURATIONS, 100);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
