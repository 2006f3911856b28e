import { sql, type Kysely } from 'kysely';

/**
 * Issue 11 section 3, the record in identity mode: the source tables the six
 * identity pages, the identity face sheet and the alert badges read (spec 001
 * "Identity pages and their panels"), shaped as migration 040's (division_uid,
 * the CSV file's columns, sacwis_person_id; docs/identity-import.md), and one
 * read view per panel source.
 *
 * Each view `list_view_cs_tbl_<x>` gives the rows of children whose SACWIS
 * match is Approved (match status 1) with their patient_uid and the facts the
 * patient access guard needs (division_uid, restricted_flag, case_emails,
 * adoption_case: server/dataviews/scopes.ts). A health record (a row with a
 * source_name) is left out while that source's match of the child is Rejected
 * (3) or Disputed (4): spec 001 section 4, "its medical data is hidden until
 * resolved".
 */
interface SourceDef {
  table: string;
  id: string;
  columns: string;
  /** Health records carry the hospital or EHR they come from. */
  health: boolean;
  /** The view's columns, when more than the table's. */
  view?: string;
}

const TEXT = 'text';
const SOURCES: SourceDef[] = [
  {
    table: 'tbl_intake_allegation',
    id: 'allegation_id',
    health: false,
    columns: `intake_id ${TEXT} not null, case_id ${TEXT}, intake_date date not null, allegation_type ${TEXT} not null, finding ${TEXT} not null, perpetrator_relationship ${TEXT}`,
  },
  {
    table: 'tbl_agency_contact',
    id: 'contact_id',
    health: false,
    columns: `case_id ${TEXT} not null, contact_role ${TEXT} not null, contact_name ${TEXT} not null, phone ${TEXT}, email ${TEXT}`,
  },
  {
    table: 'tbl_leave',
    id: 'leave_id',
    health: false,
    columns: `leave_type ${TEXT} not null, leave_date date not null, return_date date`,
  },
  {
    table: 'tbl_mcp',
    id: 'mcp_id',
    health: false,
    columns: `mcp_name ${TEXT} not null, medicaid_id ${TEXT}, mcp_enrollment_date date not null, mcp_end_date date`,
  },
  {
    table: 'tbl_hospitalization',
    id: 'encounter_id',
    health: true,
    columns: `admit_time timestamp not null, discharge_date date, chief_complaint ${TEXT}, location ${TEXT}, dep_address ${TEXT}, dep_city ${TEXT}, dep_state ${TEXT}, dep_zip ${TEXT}, phone ${TEXT}, bed ${TEXT}, room ${TEXT}, resyn ${TEXT} not null`,
  },
  { table: 'tbl_allergy', id: 'allergy_id', health: true, columns: `allergen ${TEXT} not null, reaction ${TEXT}, severity ${TEXT}, noted_date date` },
  { table: 'tbl_immunization', id: 'immunization_id', health: true, columns: `vaccine ${TEXT} not null, given_date date not null` },
  {
    table: 'tbl_medication',
    id: 'medication_id',
    health: true,
    columns: `medication_name ${TEXT} not null, dose ${TEXT}, frequency ${TEXT}, prescriber ${TEXT}, start_date date, end_date date, discontinue_date date`,
  },
  {
    table: 'tbl_pharmacy',
    id: 'pharmacy_id',
    health: true,
    columns: `pharmacy_name ${TEXT} not null, pharmacy_type ${TEXT} not null, phone ${TEXT}, address ${TEXT}, last_fill_date date`,
  },
  { table: 'tbl_problem_list', id: 'problem_id', health: true, columns: `diagnosis ${TEXT} not null, diagnosis_code ${TEXT}, noted_date date, resolved_date date` },
  { table: 'tbl_surgery', id: 'surgery_id', health: true, columns: `procedure_name ${TEXT} not null, surgery_date date not null, surgeon ${TEXT}, location ${TEXT}` },
  { table: 'tbl_screening', id: 'screening_id', health: true, columns: `screening_type ${TEXT} not null, screening_date date not null, result ${TEXT}` },
  { table: 'tbl_lab', id: 'lab_id', health: true, columns: `lab_category ${TEXT} not null, result_date date not null, result_value ${TEXT} not null, units ${TEXT}` },
  {
    table: 'tbl_visit',
    id: 'visit_id',
    health: true,
    columns: `visit_kind ${TEXT} not null, visit_type ${TEXT}, visit_date date not null, provider_name ${TEXT}, department ${TEXT}, reason ${TEXT}, notes ${TEXT}`,
  },
  {
    table: 'tbl_appointment',
    id: 'appointment_id',
    health: true,
    columns: `appointment_time timestamp not null, appointment_category ${TEXT} not null, department ${TEXT}, provider_name ${TEXT}, reason ${TEXT}`,
    // Spec 001 section 9: upcoming lists leave out the category Missed.
    view: `t.*, t.appointment_category = 'Missed' as is_missed`,
  },
  {
    table: 'tbl_referral',
    id: 'referral_id',
    health: true,
    columns: `referral_date date not null, referral_status ${TEXT} not null, specialty ${TEXT}, referred_to ${TEXT}, reason ${TEXT}`,
  },
  { table: 'tbl_hospital_note', id: 'note_id', health: true, columns: `note_date date not null, note_type ${TEXT}, author ${TEXT}, note_text ${TEXT} not null` },
  {
    table: 'tbl_primary_provider',
    id: 'pcp_id',
    health: true,
    columns: `provider_name ${TEXT} not null, practice_name ${TEXT}, phone ${TEXT}, address ${TEXT}, start_date date, end_date date`,
  },
];

/** The approved child's patient and the access guard's facts; health rows of a rejected or disputed source left out. */
const viewSql = (view: string, table: string, health: boolean, columns = 't.*') => `
  create view ${view} as
  select ${columns}, m.patient_uid, p.restricted_flag, p.case_emails, p.adoption_case
    from ${table} t
    join tbl_match_results m on m.division_uid = t.division_uid and m.sacwis_person_id = t.sacwis_person_id and m.source_name = 'SACWIS' and m.match_status_id = 1
    join patient p on p.patient_uid = m.patient_uid
   ${health ? `where not exists (select 1 from tbl_match_results d where d.division_uid = t.division_uid and d.sacwis_person_id = t.sacwis_person_id and d.source_name = t.source_name and d.match_status_id in (3, 4))` : ''};`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of SOURCES) {
    const view = s.table.replace(/^tbl_/, 'list_view_cs_tbl_');
    await sql
      .raw(
        `create table ${s.table} (
           division_uid uuid not null references division,
           ${s.id} text not null,
           sacwis_person_id text not null,
           ${s.health ? 'source_name text not null,' : ''}
           ${s.columns},
           primary key (division_uid, ${s.id})
         );
         create index ${s.table}_person on ${s.table} (division_uid, sacwis_person_id);
         ${viewSql(view, s.table, s.health, s.view)}`,
      )
      .execute(db);
  }
  // The Children's Services panels read migration 040's tables the same way.
  await sql
    .raw(
      [
      viewSql('list_view_cs_tbl_custody_history', 'tbl_custody_episode', false),
      viewSql('list_view_cs_tbl_placement_history', 'tbl_placement', false),
      viewSql(
        'list_view_cs_tbl_source_case',
        'tbl_source_case',
        false,
        't.division_uid, t.case_id, t.sacwis_person_id, t.county, t.agency_name, t.case_category, t.legal_status, t.wkr_name, t.wkr_email, t.sup_name, t.sup_email, t.chf_email, t.restricted_flag as case_restricted, t.adoption_flag',
      ),
      // Healthcare Organization Contacts: the hospitals holding the child's records, with the MRN, while that match stands.
      viewSql('list_view_cs_tbl_healthcare_contact', 'tbl_identity_source', true),
    ].join('\n'),
    )
    .execute(db);

  // Issue 11 section 4: a dispute of one source's match of a child (spec 001 "Dispute"). The import's
  // matching keeps the source's match Disputed (4) on every later run while the dispute stands.
  await sql`
    create table identity_dispute (
      dispute_uid uuid primary key default gen_random_uuid(),
      division_uid uuid not null references division,
      patient_uid uuid not null references patient on delete cascade,
      sacwis_person_id text not null,
      source_name text not null,
      dispute_comment text not null,
      user_uid uuid not null references app_user,
      created_at timestamptz not null default now(),
      unique (division_uid, sacwis_person_id, source_name)
    );
    create index identity_dispute_patient on identity_dispute (patient_uid);
  `.execute(db);

  // The six identity pages (spec 001 "Identity pages and their panels"), for identity users only, after the face sheet.
  await sql`
    insert into nav_item (ref_data_type, nav_item_label, app_module, route, default_sort_order, feature_flag) values
      ('patient', 'Primary Contacts', 'identity', 'primary-contacts', 1, '{hasAppIdentity}'),
      ('patient', 'Children''s Services', 'identity', 'childrens-services', 2, '{hasAppIdentity}'),
      ('patient', 'Completed Visits', 'identity', 'completed-visits', 3, '{hasAppIdentity}'),
      ('patient', 'Reports', 'identity', 'reports', 4, '{hasAppIdentity}'),
      ('patient', 'Health Information', 'identity', 'health-information', 5, '{hasAppIdentity}'),
      ('patient', 'Referrals & Appointments', 'identity', 'referrals-appointments', 6, '{hasAppIdentity}')
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
