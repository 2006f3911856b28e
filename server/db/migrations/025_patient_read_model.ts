import { sql, type Kysely } from 'kysely';

/**
 * The patient row as the lists read it (issue 15 "cheaper list reads"): the
 * labels the lists show and the facts the access rule needs are kept on the
 * patient by triggers, so a list call is an index scan of one table with no
 * joins to reference data and no per-row case look-ups.
 *
 * - gender_label, episode_status_label, referral_source_label: copies of the
 *   reference labels, set when the patient's choice changes and when a label
 *   is renamed.
 * - case_emails: the lower-cased worker, chief and supervisor e-mails of the
 *   patient's cases (a restricted case is visible to them); adoption_case:
 *   whether one of its cases is an adoption case. Both set by every change to
 *   patient_case, in the same transaction.
 *
 * Every view the patient row scope (dataviews/scopes.ts) reads carries both
 * facts next to division_uid and restricted_flag.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table patient
      add column gender_label text,
      add column episode_status_label text,
      add column referral_source_label text,
      add column case_emails text[] not null default '{}',
      add column adoption_case boolean not null default false;

    create function patient_labels() returns trigger language plpgsql as $fn$
    begin
      new.gender_label := (select label from reference_data where uid = new.gender_uid);
      new.episode_status_label := (select label from reference_data where uid = new.episode_status_uid);
      new.referral_source_label := (select label from reference_data where uid = new.latest_referral_source_uid);
      return new;
    end $fn$;
    create trigger patient_labels before insert or update of gender_uid, episode_status_uid, latest_referral_source_uid on patient
      for each row execute function patient_labels();

    create function reference_label_renamed() returns trigger language plpgsql as $fn$
    begin
      update patient set gender_label = new.label where gender_uid = new.uid;
      update patient set episode_status_label = new.label where episode_status_uid = new.uid;
      update patient set referral_source_label = new.label where latest_referral_source_uid = new.uid;
      return null;
    end $fn$;
    create trigger reference_label_renamed after update of label on reference_data
      for each row when (old.label is distinct from new.label) execute function reference_label_renamed();

    create function refresh_patient_cases(target uuid) returns void language sql as $fn$
      update patient p
         set case_emails = coalesce((select array_agg(distinct lower(e)) from patient_case pc, unnest(array[pc.wkr_email, pc.chf_email, pc.sup_email]) e
                                      where pc.patient_uid = target and e is not null), '{}'),
             adoption_case = exists (select 1 from patient_case pc where pc.patient_uid = target and pc.case_category = 'Adoption')
       where p.patient_uid = target
    $fn$;
    create function patient_case_changed() returns trigger language plpgsql as $fn$
    begin
      if tg_op <> 'INSERT' then perform refresh_patient_cases(old.patient_uid); end if;
      if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.patient_uid is distinct from old.patient_uid) then perform refresh_patient_cases(new.patient_uid); end if;
      return null;
    end $fn$;
    create trigger patient_case_changed after insert or update or delete on patient_case
      for each row execute function patient_case_changed();

    update patient p
       set gender_label = (select label from reference_data where uid = p.gender_uid),
           episode_status_label = (select label from reference_data where uid = p.episode_status_uid),
           referral_source_label = (select label from reference_data where uid = p.latest_referral_source_uid)
     where p.gender_uid is not null or p.episode_status_uid is not null or p.latest_referral_source_uid is not null;
    select refresh_patient_cases(patient_uid) from (select distinct patient_uid from patient_case) c;

    create or replace view queue_patient_view as
      select p.patient_uid, p.division_uid, p.first_name, p.last_name, p.birth_date,
             p.gender_label, p.episode_status_label,
             p.latest_referral_date as referral_date, p.latest_referral_status as referral_status, p.referral_source_label,
             p.restricted_flag, p.created_at, p.updated_at,
             p.case_emails, p.adoption_case
        from patient p;
  `.execute(db);
  await carryCaseFacts(db);
}

/**
 * The other views scoped to visible patients gain the two case facts (added
 * last: a view's existing columns keep their places).
 */
async function carryCaseFacts(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace view home_page_notifications_view as
      select n.id, n.subject_uid as patient_uid, p.division_uid, p.restricted_flag, p.first_name as patient_first_name, p.last_name as patient_last_name,
             n.reminder_date, n.note, n.is_active, n.is_urgent, n.is_read, n.is_saved, n.display_name, n.target_uid, pr.display_name as assigned_to,
             n.reminder_type, n.event_type_uid, n.event_type_name, n.ui_model_name, n.route, n.created_by, n.created_date, n.updated_date,
             p.case_emails, p.adoption_case
        from notification n
        join patient p on p.patient_uid = n.subject_uid
        left join provider pr on pr.provider_uid = n.target_uid;

    create or replace view nav_list_view_appointment as
      select a.appointment_uid as id, 'appointment'::text as event_type, t.label as appointment_type_label, a.event_date,
             (a.event_date at time zone a.event_time_zone) as event_date_no_tz, a.all_day, s.name as status_name, s.label as status_label,
             a.patient_uid, p.first_name as patient_first_name, p.last_name as patient_last_name, a.provider_uid, pr.display_name as provider_name,
             a.facility_uid, f.facility_name, p.division_uid, p.restricted_flag,
             p.case_emails, p.adoption_case
        from appointment a
        join patient p on p.patient_uid = a.patient_uid
        join reference_data t on t.uid = a.appointment_type_uid
        join reference_data s on s.uid = a.status_uid
        left join provider pr on pr.provider_uid = a.provider_uid
        left join facility f on f.facility_uid = a.facility_uid;

    create or replace view nav_list_view_medical_event as
      select me.medical_event_uid as id, 'medical_event'::text as event_type, m.name as medical_event_name, m.label as medical_event_label,
             me.event_date, (me.event_date at time zone me.event_time_zone) as event_date_no_tz, me.all_day,
             s.name as status_name, s.label as status_label, me.patient_uid, p.first_name as patient_first_name, p.last_name as patient_last_name,
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

    create or replace view patient_note_view as
      select n.note_uid, n.patient_uid, n.note_type, n.note, n.activity_date, n.session_duration_minutes, n.is_archived,
             n.created_at as created_date, n.author_uid, u.first_name as author_first_name, u.last_name as author_last_name,
             p.division_uid, p.restricted_flag, p.case_emails, p.adoption_case
        from patient_note n
        join patient p on p.patient_uid = n.patient_uid
        left join app_user u on u.user_uid = n.author_uid;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
