import { sql, type Kysely } from 'kysely';
import { insertReportConfigurations, OUTBOUND_REPORT_CONFIGURATIONS } from '../reference-lists/report-configurations';

/**
 * Issue 12 names outbound referrals among the report views: what the
 * division's patients were referred out for (specialty), to whom (the
 * provider, facility or division), how urgently and where each stands, with
 * the Outbound Referrals report that reads it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create view report_outbound_referral_view as
      select r.outbound_referral_uid, r.patient_uid, p.first_name, p.last_name, r.event_date,
             sp.label as specialty_label, st.label as status_label, initcap(r.priority) as priority, r.to_type,
             coalesce(pr.display_name, f.facility_name, d.division_name) as referred_to, r.status_changed_at,
             p.division_uid, p.restricted_flag, p.case_emails, p.adoption_case
        from outbound_referral r
        join patient p on p.patient_uid = r.patient_uid
        join reference_data sp on sp.uid = r.specialty_uid
        join reference_data st on st.uid = r.status_uid
        left join provider pr on pr.provider_uid = r.to_provider_uid
        left join facility f on f.facility_uid = r.to_facility_uid
        left join division d on d.division_uid = r.to_division_uid;
  `.execute(db);
  await insertReportConfigurations(db, OUTBOUND_REPORT_CONFIGURATIONS, 200);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
