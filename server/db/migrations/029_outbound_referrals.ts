import { sql, type Kysely } from 'kysely';
import { OUTBOUND_REFERRAL_STATUSES, REFERRAL_SPECIALTIES } from '../reference-lists/outbound-referrals';

/**
 * The record's Outbound Referrals section (spec 001 section 2
 * `outbound-referrals`, section 3 "Outbound referral"):
 *
 * - `outbound_referral`: a referral of the patient to a provider, a facility or
 *   another division of Careweave (exactly one, named by `to_type`). A referral
 *   to a division is also that division's inbound referral of its own patient
 *   record (`received_patient_uid`, `inbound_referral_uid`), which puts it in
 *   the division's "new referrals" queue; its status is then the receiver's to set.
 * - `outbound_referral_view`: the list rows with the target's, status's and
 *   specialty's names, carrying the sending patient's division and restriction
 *   so the data-view engine scopes it like every patient row.
 * - The statuses (reference-status of type 'outbound referral') and the
 *   specialties (reference-provider-role of type 'Specialty'; mental-health ones
 *   marked for the CIT face sheet) every install needs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [i, label] of OUTBOUND_REFERRAL_STATUSES.entries()) {
    await sql`
      insert into reference_data (model, name, label, ref_data_type, default_sort_order)
      select 'reference-status', ${label.toLowerCase()}, ${label}, 'outbound referral', ${i}
       where not exists (select 1 from reference_data where model = 'reference-status' and ref_data_type = 'outbound referral' and label = ${label})`.execute(db);
  }
  for (const [i, s] of REFERRAL_SPECIALTIES.entries()) {
    await sql`
      insert into reference_data (model, name, label, ref_data_type, default_sort_order, attributes)
      select 'reference-provider-role', ${s.label.toLowerCase().replace(/\W+/g, '_')}, ${s.label}, 'Specialty', ${100 + i}, ${JSON.stringify({ mentalHealth: s.mentalHealth })}::jsonb
       where not exists (select 1 from reference_data where model = 'reference-provider-role' and label = ${s.label})`.execute(db);
  }

  await sql`
    create table outbound_referral (
      outbound_referral_uid uuid primary key default gen_random_uuid(),
      patient_uid uuid not null references patient on delete cascade,
      specialty_uid uuid not null references reference_data,
      event_date date not null,
      status_uid uuid not null references reference_data,
      -- When the status last changed: the sender's list shows it beside the status.
      status_changed_at timestamptz not null default now(),
      from_provider_uid uuid references provider on delete set null,
      to_type text not null check (to_type in ('provider', 'facility', 'division')),
      to_provider_uid uuid references provider,
      to_facility_uid uuid references facility,
      to_division_uid uuid references division,
      priority text not null check (priority in ('routine', 'urgent', 'emergent')),
      reason text,
      notes text,
      received_patient_uid uuid references patient on delete set null,
      inbound_referral_uid uuid references inbound_referral on delete set null,
      created_by uuid references app_user,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint outbound_referral_one_target check (
        (to_type = 'provider') = (to_provider_uid is not null)
        and (to_type = 'facility') = (to_facility_uid is not null)
        and (to_type = 'division') = (to_division_uid is not null))
    );
    create index outbound_referral_patient on outbound_referral (patient_uid, event_date desc);
    create index outbound_referral_received on outbound_referral (received_patient_uid) where received_patient_uid is not null;

    create view outbound_referral_view as
      select r.outbound_referral_uid, r.patient_uid, p.division_uid, p.restricted_flag, p.case_emails, p.adoption_case,
             r.event_date, r.specialty_uid, sp.label as provider_role_name,
             r.status_uid, st.label as status_label, r.status_changed_at,
             r.to_type, r.to_provider_uid, r.to_facility_uid, r.to_division_uid,
             coalesce(tp.display_name, tf.facility_name, td.division_name) as to_name,
             r.priority, initcap(r.priority) as priority_label, r.reason, r.notes,
             r.from_provider_uid, fp.display_name as from_provider_name, r.created_at
        from outbound_referral r
        join patient p on p.patient_uid = r.patient_uid
        join reference_data sp on sp.uid = r.specialty_uid
        join reference_data st on st.uid = r.status_uid
        left join provider tp on tp.provider_uid = r.to_provider_uid
        left join facility tf on tf.facility_uid = r.to_facility_uid
        left join division td on td.division_uid = r.to_division_uid
        left join provider fp on fp.provider_uid = r.from_provider_uid;

    insert into nav_item (ref_data_type, nav_item_label, app_module, route, default_sort_order, feature_flag) values
      ('patient', 'Outbound Referrals', 'patient', 'outbound-referrals', 65, '{hasAppNavigator|hasAppCommunity|hasAppSponsor|hasHwc|hasAppCit}');
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
