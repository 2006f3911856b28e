import { sql, type Kysely } from 'kysely';
import { REPORT_CONFIGURATIONS } from '../reference-lists/report-configurations';

/**
 * Reports (spec 002 "Reports area", "Report configuration"; issue 12):
 * - three report views over the real tables, each carrying the division (and
 *   for patients the case facts the access rule reads), so a report is scoped
 *   by division like every data view: inbound referrals (source, status,
 *   reason, age, custody, badges), medical events (type, status, referral
 *   outcome) and CIT sheets (disposition, approval, agency);
 * - the starting `reference-report-configuration` rows, the definition in
 *   `attributes.reportConfigurationDefinition` beside a description;
 * - one Reports menu item per configuration (ref_data_type 'reports', route
 *   configured/{name}, shown with hasReports).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create view report_inbound_referral_view as
      select r.referral_uid, r.patient_uid, p.first_name, p.last_name, r.referral_date,
             src.label as referral_source_label, r.status as referral_status, why.label as referral_reason_label,
             r.referral_method, r.referred_to,
             date_part('year', age(current_date, p.birth_date))::int as patient_age,
             p.in_custody,
             coalesce((select array_agg(pb.badge_uid order by pb.badge_uid) from patient_badge pb where pb.patient_uid = p.patient_uid), '{}') as badge_uids,
             p.division_uid, p.restricted_flag, p.case_emails, p.adoption_case
        from inbound_referral r
        join patient p on p.patient_uid = r.patient_uid
        left join reference_data src on src.uid = r.referral_source_uid
        left join reference_data why on why.uid = r.reason_uid;

    create view report_medical_event_view as
      select me.medical_event_uid, me.patient_uid, p.first_name, p.last_name, me.event_date,
             m.label as medical_event_label, s.label as status_label, o.label as outcome_label, f.facility_name,
             p.division_uid, p.restricted_flag, p.case_emails, p.adoption_case
        from medical_event me
        join patient p on p.patient_uid = me.patient_uid
        join reference_data m on m.uid = me.medical_event_type_uid
        join reference_data s on s.uid = me.status_uid
        left join reference_data o on o.uid::text = me.detail ->> 'outcome'
        left join facility f on f.facility_uid = me.facility_uid;

    -- The sheet's names stay out: a report counts sheets, the CIT screens show them.
    create view report_cit_submission_view as
      select s.submission_uid, s.created_at, nullif(s.submission_json ->> 'dateTime', '')::timestamp as incident_date_time,
             s.approval_status, d.label as disposition_label, a.agency_name, s.officer_name, s.division_uid
        from cit_submission s
        join cit_agency a on a.agency_uid = s.agency_uid
        left join reference_data d on d.uid::text = s.submission_json ->> 'dispositionUid';
  `.execute(db);

  const rows = REPORT_CONFIGURATIONS.map((c, order) => ({ ...c, order }));
  await sql`
    insert into reference_data (model, name, label, ref_data_type, default_sort_order, attributes)
    select 'reference-report-configuration', r.name, r.label, null, r.ord,
           jsonb_build_object('reportConfigurationDescription', r.description, 'reportConfigurationDefinition', r.definition)
      from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ ...r, ord: r.order })))}::jsonb) as r(name text, label text, description text, definition jsonb, ord integer)`.execute(db);
  await sql`
    insert into nav_item (ref_data_type, nav_item_label, app_module, route, default_sort_order, feature_flag)
    select 'reports', r.label, 'reports', 'configured/' || r.name, r.ord, '{hasReports}'
      from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ name: r.name, label: r.label, ord: r.order })))}::jsonb) as r(name text, label text, ord integer);
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
