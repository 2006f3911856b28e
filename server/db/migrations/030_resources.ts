import { sql, type Kysely } from 'kysely';
import { RESOURCE_LIBRARY } from '../reference-lists/resource-library';

/**
 * The resource library (spec 002 "Resource library") and the record's
 * Resources page (spec 001 section 2 `resource`, "Patient resource").
 * - `reference_resource`: the library, shared by every organisation like the
 *   other reference lists. `resource_target` says who a resource is for: the
 *   library page shows clinician resources first, a patient's list takes
 *   patient resources. Only links for now (`resource_type` 'Link'); file
 *   resources come with file storage.
 * - `patient_resource`: a resource handed to a patient, once per patient.
 *   Removing it deletes the row; the activity log keeps who added and removed it.
 * - `patient_resource_view`: a patient's resources with the library's fields
 *   and the patient's division, restriction and case facts, so the data-view engine
 *   scopes it like every patient row.
 * The record's menu item is for the modes that edit records.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table reference_resource (
      resource_uid uuid primary key default gen_random_uuid(),
      title text not null,
      category text not null,
      sort_order integer not null default 0,
      resource_type text not null default 'Link' check (resource_type = 'Link'),
      resource_link text not null check (resource_link ~ '^https?://'),
      resource_target text not null check (resource_target in ('clinician', 'patient')),
      is_active boolean not null default true
    );
    create index reference_resource_list on reference_resource (resource_target, category, sort_order);

    create table patient_resource (
      patient_resource_uid uuid primary key default gen_random_uuid(),
      patient_uid uuid not null references patient on delete cascade,
      resource_uid uuid not null references reference_resource,
      added_by uuid references app_user,
      created_at timestamptz not null default now(),
      unique (patient_uid, resource_uid)
    );

    create view patient_resource_view as
      select pr.patient_resource_uid, pr.patient_uid, pr.resource_uid, r.title, r.category, r.sort_order, r.resource_type, r.resource_link,
             pr.created_at as created_date, u.first_name as added_by_first_name, u.last_name as added_by_last_name,
             p.division_uid, p.restricted_flag, p.case_emails, p.adoption_case
        from patient_resource pr
        join reference_resource r on r.resource_uid = pr.resource_uid
        join patient p on p.patient_uid = pr.patient_uid
        left join app_user u on u.user_uid = pr.added_by;

    insert into nav_item (ref_data_type, nav_item_label, app_module, route, default_sort_order, feature_flag) values
      ('patient', 'Resources', 'patient', 'resource', 85, '{hasAppNavigator|hasAppCommunity|hasAppSponsor|hasHwc}');
  `.execute(db);

  const rows = RESOURCE_LIBRARY.map((r, i) => sql`(${r.title}, ${r.category}, ${(i + 1) * 10}, ${r.link}, ${r.target})`);
  await sql`insert into reference_resource (title, category, sort_order, resource_link, resource_target) values ${sql.join(rows)}`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
