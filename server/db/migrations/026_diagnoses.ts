import { sql, type Kysely } from 'kysely';
import { DIAGNOSIS_STATUSES, ICD10_DIAGNOSES, REGION_SETS, REGIONS } from '../reference-lists/icd10-diagnoses';

/** Spec 001 section 7: the reference event whose diagnoses and statuses the form offers. */
const EVENT_TYPE = 'Diagnosis';

const slug = (label: string) => label.toLowerCase().replace(/\W+/g, '-');

/**
 * The record's Diagnoses section (spec 001 sections 2, 3 "Diagnosis", 4 and 7):
 * - `patient_diagnosis`: one diagnosis of a patient (the payload's
 *   `ref_diagnoses_ids` is a list of one), with its status, provider,
 *   optional region and onset date. The patient access guard reads the
 *   patient through `patient_uid`.
 * - the reference event of type Diagnosis; its diagnoses (ICD-10-CM, from
 *   the data module) and statuses are the reference rows of that type.
 * - `reference_region`: which regions (sides, body sites) a reference row
 *   takes, by source list; `reference-data/region?source=&source_uid=` reads it.
 * - the left-menu item, for the modes that edit the record (as Notes).
 *
 * The demo's external referral form seeded a few untyped diagnoses before
 * this list existed; they stay (referrals may point at them) and are not part
 * of the Diagnosis event.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table reference_region (
      source text not null,
      source_uid uuid not null references reference_data on delete cascade,
      region_uid uuid not null references reference_data,
      primary key (source, source_uid, region_uid)
    );

    create table patient_diagnosis (
      diagnosis_uid uuid primary key default gen_random_uuid(),
      patient_uid uuid not null references patient on delete cascade,
      ref_diagnosis_uid uuid not null references reference_data,
      status_uid uuid not null references reference_data,
      provider_uid uuid not null references provider,
      region_uid uuid references reference_data,
      onset_date date,
      is_primary_diagnosis boolean not null default false,
      note text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index patient_diagnosis_patient on patient_diagnosis (patient_uid, is_primary_diagnosis desc, onset_date desc nulls last);

    insert into reference_data (model, name, label, ref_data_type, default_sort_order) values
      ('reference-event', 'diagnosis', 'Diagnosis', ${sql.lit(EVENT_TYPE)}, 0);

    insert into nav_item (ref_data_type, nav_item_label, app_module, route, default_sort_order, feature_flag) values
      ('patient', 'Diagnoses', 'patient', 'diagnoses', 35, '{!hasAppCit,hasAppNavigator|hasAppCommunity|hasAppSponsor|hasHwc}');
  `.execute(db);

  const rows = (model: string, labels: readonly { name: string; label: string }[]) =>
    sql.join(labels.map((l, i) => sql`(${model}, ${l.name}, ${l.label}, ${EVENT_TYPE}, ${i})`));
  await sql`
    insert into reference_data (model, name, label, ref_data_type, default_sort_order) values
      ${rows('reference-status', DIAGNOSIS_STATUSES.map((label) => ({ name: slug(label), label })))},
      ${rows('reference-region', REGIONS.map((label) => ({ name: slug(label), label })))},
      ${rows('reference-diagnosis', ICD10_DIAGNOSES.map(([code, description]) => ({ name: code, label: `${code} ${description}` })))}
  `.execute(db);

  const links = ICD10_DIAGNOSES.flatMap(([code, , set]) => (set ? REGION_SETS[set].map((region) => sql`(${code}, ${slug(region)})`) : []));
  await sql`
    insert into reference_region (source, source_uid, region_uid)
    select 'reference-diagnosis', d.uid, r.uid
      from (values ${sql.join(links)}) as link (code, region)
      join reference_data d on d.model = 'reference-diagnosis' and d.ref_data_type = ${EVENT_TYPE} and d.name = link.code
      join reference_data r on r.model = 'reference-region' and r.name = link.region
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
