import { sql, type Kysely } from 'kysely';
import { NEW_REFERRAL_COLUMNS } from '../reference-lists/queue-columns';

/**
 * Issue 35: a referral an EHR sent by FHIR shows in the division's New
 * Referrals queue "with its source, reason and codes". Its inbound referral
 * has no Referral Source or reason from Careweave's lists (the EHR sends
 * neither), so the queue reads them from the FHIR referral it came from.
 *
 * - patient.latest_referral_uid: the newest inbound referral itself, kept
 *   with its date, status and source (refresh_latest_referral), so the view
 *   reaches what that referral carries by key.
 * - fhir_referral_codes(): the codes the EHR sent (what the ServiceRequest
 *   asks for, its reasons, the Conditions it came with), each once as
 *   "display (system code)", the first 10, each part bounded: the one
 *   reading of them, for the queue and the record's EHR referrals card.
 * - queue_patient_view: the source falls back to the sending system's name;
 *   referral_reason (the reason from the list, else the EHR's) and
 *   referral_codes come last, so the view's columns keep their places. Its
 *   joins are by unique keys, so a count or a page's key scan that reads none
 *   of their columns leaves them out.
 * - Every New Referrals queue (the label the queue page knows it by) shows
 *   the two new columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table patient add column latest_referral_uid uuid;

    create or replace function refresh_latest_referral(target uuid) returns void language sql as $fn$
      update patient p
         set (latest_referral_date, latest_referral_status, latest_referral_source_uid, latest_referral_uid) = (
               select ir.referral_date, ir.status, ir.referral_source_uid, ir.referral_uid
                 from inbound_referral ir
                where ir.patient_uid = p.patient_uid
                order by ir.referral_date desc, ir.created_at desc
                limit 1)
       where p.patient_uid = target
    $fn$;

    update patient p
       set latest_referral_uid = r.referral_uid
      from (select distinct on (patient_uid) patient_uid, referral_uid
              from inbound_referral
             order by patient_uid, referral_date desc, created_at desc) r
     where r.patient_uid = p.patient_uid;

    create unique index fhir_referral_inbound on fhir_referral (inbound_referral_uid);

    create function fhir_referral_codes(request jsonb, supporting jsonb) returns text[] language sql immutable parallel safe as $fn$
      select coalesce(array_agg(label order by first), '{}')
        from (select label, min(n) as first
                from (select e.n, concat_ws(' ', left(nullif(btrim(e.c->>'display'), ''), 200),
                                            '(' || coalesce(s.name, left(e.c->>'system', 200), 'no system') || ' ' || left(e.c->>'code', 100) || ')') as label
                        from jsonb_array_elements(jsonb_path_query_array(request, '$.code.coding[*]')
                                                  || jsonb_path_query_array(request, '$.reasonCode[*].coding[*]')
                                                  || jsonb_path_query_array(supporting, '$[*] ? (@.resourceType == "Condition").code.coding[*]'))
                             with ordinality as e(c, n)
                        left join (values ('http://snomed.info/sct', 'SNOMED CT'), ('http://hl7.org/fhir/sid/icd-10-cm', 'ICD-10-CM'), ('http://loinc.org', 'LOINC')) s(system, name)
                          on s.system = e.c->>'system'
                       where nullif(e.c->>'code', '') is not null) codes
               group by label
               order by first
               limit 10) firsts
    $fn$;

    create or replace view queue_patient_view as
      select p.patient_uid, p.division_uid, p.first_name, p.last_name, p.birth_date,
             p.gender_label, p.episode_status_label,
             p.latest_referral_date as referral_date, p.latest_referral_status as referral_status,
             coalesce(p.referral_source_label, c.display_name) as referral_source_label,
             p.restricted_flag, p.created_at, p.updated_at,
             p.case_emails, p.adoption_case,
             coalesce(why.label, fr.reason) as referral_reason,
             nullif(array_to_string(fhir_referral_codes(fr.service_request, fr.supporting), '; '), '') as referral_codes
        from patient p
        left join inbound_referral ir on ir.referral_uid = p.latest_referral_uid
        left join reference_data why on why.uid = ir.reason_uid
        left join fhir_referral fr on fr.inbound_referral_uid = p.latest_referral_uid
        left join fhir_client c on c.client_id = fr.client_id;
  `.execute(db);
  await sql`
    update queue
       set column_map = column_map || ${JSON.stringify(NEW_REFERRAL_COLUMNS)}::jsonb
     where view_name = 'queue-patient-view'
       and lower(btrim(queue_label)) = 'new referrals'
       and not column_map @> '[{"column_name": "referral_reason"}]'::jsonb
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
