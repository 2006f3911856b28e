import { sql, type Kysely } from 'kysely';

/**
 * Issue 31: a medical event's details are its type's detail readers' to read
 * (EVENT_DETAIL_READERS), in the Reports area too. The report views that list
 * events, and the counts that group them by a detail (the outcome), carry
 * each event's type id at their end, so a report empties the details of the
 * types its caller may not read (server/reports/reports.views.ts readableBy)
 * with a comparison per row and no join. Otherwise the definitions of
 * migrations 042 (overdoses) and 051 (events, counts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace view report_medical_event_view as
      select me.medical_event_uid, me.patient_uid, p.first_name, p.last_name, me.event_date,
             me.medical_event_label, s.label as status_label, o.label as outcome_label, f.facility_name,
             p.division_uid, p.restricted_flag, p.case_emails, p.adoption_case,
             me.provider_uid, me.facility_uid, me.medical_event_type_uid
        from medical_event me
        join patient p on p.patient_uid = me.patient_uid
        join reference_data s on s.uid = me.status_uid
        left join reference_data o on o.uid = uuid_or_null(me.detail ->> 'outcome')
        left join facility f on f.facility_uid = me.facility_uid;

    create or replace view report_medical_event_count_view as
      select d.division_uid, d.event_date, m.label as medical_event_label, s.label as status_label, o.label as outcome_label,
             d.restricted_flag, d.adoption_case, d.events, d.medical_event_type_uid
        from medical_event_day d
        join reference_data m on m.uid = d.medical_event_type_uid
        join reference_data s on s.uid = d.status_uid
        left join reference_data o on o.uid = d.outcome_uid;

    create or replace view report_overdose_view as
      select me.medical_event_uid, me.patient_uid, p.first_name, p.last_name, me.event_date,
             initcap(coalesce(nullif(me.detail ->> 'naloxoneAdministered', ''), 'unknown')) as naloxone_given,
             case me.detail ->> 'naloxoneAdministeredBy' when 'ems' then 'EMS' when 'law_enforcement' then 'Law Enforcement' when 'other_individual' then 'Other Individual'
               else initcap(replace(nullif(me.detail ->> 'naloxoneAdministeredBy', ''), '_', ' ')) end as naloxone_given_by,
             case when (me.detail ->> 'amountOfNaloxoneGiven') ~ '^[0-9]{1,6}([.][0-9]{1,3})?$' then (me.detail ->> 'amountOfNaloxoneGiven')::numeric end as naloxone_amount,
             case me.detail ->> 'wasOverdoseFatal' when 'yes' then 'Fatal' when 'no' then 'Survived' else 'Unknown' end as outcome,
             initcap(nullif(me.detail ->> 'acceptedTreatment', '')) as accepted_treatment,
             me.facility_uid, f.facility_name, me.provider_uid,
             p.division_uid, p.restricted_flag, p.case_emails, p.adoption_case,
             me.medical_event_type_uid
        from medical_event me
        join reference_data t on t.uid = me.medical_event_type_uid and t.name = 'drug_overdose'
        join patient p on p.patient_uid = me.patient_uid
        left join facility f on f.facility_uid = me.facility_uid;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
