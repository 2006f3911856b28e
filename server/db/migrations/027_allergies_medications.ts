import { sql, type Kysely } from 'kysely';
import { ALLERGENS } from '../reference-lists/allergens';
import { MEDICATION_NAMES, MEDICATION_ROUTES } from '../reference-lists/medications';
import { referenceName } from '../reference-lists/names';

/**
 * The record's Allergies and Medications sections (spec 001 sections 2, 3, 5
 * and 7). The reference lists (medications, allergens, routes) are what a real
 * install needs, so they come with the schema rather than the demo seed. The
 * two views carry the patient's division and restriction, so the data-view
 * engine scopes them like every patient row; the menu items are for the modes
 * that edit records.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const medications = [...MEDICATION_NAMES].sort((a, b) => a.localeCompare(b));
  const rows = [
    ...medications.map((label, i) => ({ model: 'reference-medication', name: referenceName(label), label, ref_data_type: null, default_sort_order: i })),
    ...ALLERGENS.map((a, i) => ({ model: 'reference-allergy', name: a.name, label: a.label, ref_data_type: a.type, default_sort_order: i })),
    ...MEDICATION_ROUTES.map((label, i) => ({ model: 'reference-medication-route', name: referenceName(label), label, ref_data_type: null, default_sort_order: i })),
  ];
  await db.insertInto('reference_data' as never).values(rows as never).execute();

  await sql`
    create table patient_allergy (
      patient_allergy_uid uuid primary key default gen_random_uuid(),
      patient_uid uuid not null references patient on delete cascade,
      allergy_uid uuid not null references reference_data,
      medication_uid uuid references reference_data,
      comments text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index patient_allergy_patient on patient_allergy (patient_uid, created_at);

    create table patient_medication (
      patient_medication_uid uuid primary key default gen_random_uuid(),
      patient_uid uuid not null references patient on delete cascade,
      medication_uid uuid not null references reference_data,
      dosage text,
      frequency text,
      started_date date,
      finished_date date,
      is_primary boolean not null default false,
      is_prescription boolean not null default false,
      is_still_taking boolean not null default false,
      patient_reported_improvement text check (patient_reported_improvement in ('Yes', 'No')),
      relief_rating text check (relief_rating in ('Small', 'Moderate', 'Large', 'None')),
      relief_duration text check (relief_duration in ('Short term', 'Long term', 'No relief')),
      comments text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index patient_medication_patient on patient_medication (patient_uid, started_date desc);

    create table patient_medication_route (
      patient_medication_uid uuid not null references patient_medication on delete cascade,
      route_uid uuid not null references reference_data,
      primary key (patient_medication_uid, route_uid)
    );

    create view patient_allergy_view as
      select a.patient_allergy_uid, a.patient_uid, a.allergy_uid, al.label as allergy_label, al.ref_data_type as allergy_type,
             a.medication_uid, m.label as medication_label, coalesce(m.label, al.label) as allergen_label, a.comments, a.created_at, a.updated_at,
             p.division_uid, p.restricted_flag, p.case_emails, p.adoption_case
        from patient_allergy a
        join patient p on p.patient_uid = a.patient_uid
        join reference_data al on al.uid = a.allergy_uid
        left join reference_data m on m.uid = a.medication_uid;

    create view patient_medication_view as
      select pm.patient_medication_uid, pm.patient_uid, pm.medication_uid, m.label as medication_label, pm.dosage, pm.frequency,
             pm.started_date, pm.finished_date, pm.is_primary, pm.is_prescription, pm.is_still_taking,
             pm.patient_reported_improvement, pm.relief_rating, pm.relief_duration, pm.comments,
             coalesce(r.route_uids, '{}') as medication_route_uids, coalesce(r.route_labels, '{}') as medication_route_labels,
             pm.created_at, pm.updated_at, p.division_uid, p.restricted_flag, p.case_emails, p.adoption_case
        from patient_medication pm
        join patient p on p.patient_uid = pm.patient_uid
        join reference_data m on m.uid = pm.medication_uid
        left join lateral (
          select array_agg(pr.route_uid order by rd.default_sort_order) as route_uids, array_agg(rd.label order by rd.default_sort_order) as route_labels
            from patient_medication_route pr join reference_data rd on rd.uid = pr.route_uid
           where pr.patient_medication_uid = pm.patient_medication_uid
        ) r on true;

    insert into nav_item (ref_data_type, nav_item_label, app_module, route, default_sort_order, feature_flag) values
      ('patient', 'Allergies', 'patient', 'allergies', 50, '{!hasAppCit,hasAppNavigator|hasAppCommunity|hasAppSponsor|hasHwc}'),
      ('patient', 'Medications', 'patient', 'medications', 55, '{!hasAppCit,hasAppNavigator|hasAppCommunity|hasAppSponsor|hasHwc}');
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
