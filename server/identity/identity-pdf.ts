import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { Patient } from '../patients/patient-access';
import { Sheet } from '../pdf/sheet';
import { formatDate, formatDateTime, formatPhone, personName } from '../../shared/format';
import { legalStatusOf } from '../../shared/legal-status';
import type { Flag } from '../../shared/permissions';
import { now } from '../../shared/clock';

/**
 * Issue 11 section 4, spec 001 sections 4, 6 and 7: the identity printables, each
 * built from the child's identity sources (migration 044's views: the approved
 * match's rows, without a rejected or disputed source's health data).
 */

export const IDENTITY_PDF_KINDS = ['patient', 'child-health-form', 'hospital-registration-sheet'] as const;
export type IdentityPdfKind = (typeof IDENTITY_PDF_KINDS)[number];

export const IDENTITY_PDF_TITLES: Record<IdentityPdfKind, string> = {
  patient: 'Identity Record',
  'child-health-form': "Child's Health Information Form",
  'hospital-registration-sheet': 'Hospital Registration Sheet',
};

/** Spec 001 section 6: who may ask for each (the link's owner must still hold it when the link is opened). */
export const IDENTITY_PDF_FLAG: Record<IdentityPdfKind, Flag> = {
  patient: 'hasAppIdentity',
  'child-health-form': 'hasIdentityViewFull',
  'hospital-registration-sheet': 'isIdentityHealthcareUser',
};

export { NO_LEGAL_STATUS } from '../../shared/legal-status';

/**
 * Spec 001 section 4, for a child the caller may see (the access guard already
 * limits restricted cases to case-linked users and those with restricted view):
 * the Child's Health Information Form needs an agency legal status unless the
 * case is restricted; the others need one ("Printing and PDF are enabled only
 * when the patient has an agencyLegalStatus").
 */
export function mayPrint(kind: IdentityPdfKind, patient: Pick<Patient, 'agency_legal_status' | 'restricted_flag'>): boolean {
  if (kind === 'child-health-form' && patient.restricted_flag === '1') return true;
  return !!patient.agency_legal_status;
}

type Row = Record<string, string | null>;

/** The rows of one identity view for the child, newest first where the view has a date. */
async function rows(db: Db, view: string, patientUid: string, order: string): Promise<Row[]> {
  const found = await sql<Row>`select * from ${sql.table(view)} where patient_uid = ${patientUid} order by ${sql.raw(order)}`.execute(db);
  return found.rows;
}

const date = (v: unknown) => (v ? formatDate(v instanceof Date ? v : String(v)) : '');
const isCurrent = (r: Row, ...ends: string[]) => ends.every((e) => !r[e] || new Date(r[e]!) >= new Date(now().toDateString()));
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

interface ChildData {
  gender: string | null;
  cases: Row[];
  custody: Row[];
  placements: Row[];
  contacts: Row[];
  mcp: Row[];
  mrns: Row[];
  pcp: Row[];
  allergies: Row[];
  medications: Row[];
  immunizations: Row[];
  problems: Row[];
  surgeries: Row[];
  hospitalizations: Row[];
}

async function loadChild(db: Db, patient: Patient): Promise<ChildData> {
  const id = patient.patient_uid;
  const gender = patient.gender_uid
    ? ((await sql<{ label: string }>`select label from reference_data where uid = ${patient.gender_uid}`.execute(db)).rows[0]?.label ?? null)
    : null;
  return {
    gender,
    cases: await rows(db, 'list_view_cs_tbl_source_case', id, 'case_id'),
    custody: await rows(db, 'list_view_cs_tbl_custody_history', id, 'start_date desc nulls last'),
    placements: await rows(db, 'list_view_cs_tbl_placement_history', id, 'start_date desc nulls last, placement_id'),
    contacts: await rows(db, 'list_view_cs_tbl_agency_contact', id, `case_id, case contact_role when 'Case Worker' then 0 when 'Supervisor' then 1 else 2 end, contact_id`),
    mcp: await rows(db, 'list_view_cs_tbl_mcp', id, 'mcp_enrollment_date desc nulls last'),
    mrns: await rows(db, 'list_view_cs_tbl_healthcare_contact', id, 'source_name, mrn'),
    pcp: await rows(db, 'list_view_cs_tbl_primary_provider', id, 'start_date desc nulls last, pcp_id'),
    allergies: await rows(db, 'list_view_cs_tbl_allergy', id, 'allergen'),
    medications: await rows(db, 'list_view_cs_tbl_medication', id, 'start_date desc nulls last'),
    immunizations: await rows(db, 'list_view_cs_tbl_immunization', id, 'given_date desc nulls last'),
    problems: await rows(db, 'list_view_cs_tbl_problem_list', id, 'noted_date desc nulls last'),
    surgeries: await rows(db, 'list_view_cs_tbl_surgery', id, 'surgery_date desc nulls last'),
    hospitalizations: await rows(db, 'list_view_cs_tbl_hospitalization', id, 'admit_time desc nulls last'),
  };
}

function childFields(sheet: Sheet, patient: Patient, data: ChildData) {
  const currentCase = data.cases[0];
  sheet.section('Child');
  sheet.fields([
    ['Name', personName(patient.first_name, patient.middle_name, patient.last_name)],
    ['Birth Date', date(patient.birth_date)],
    ['Gender', data.gender],
    ['SACWIS Person ID', patient.sacwis_person_id],
    ['Legal Status', legalStatusOf(patient.agency_legal_status).label],
    ['PCSA County', currentCase?.county],
    ['Custodial Agency', currentCase?.agency_name],
  ]);
}

function placementFields(sheet: Sheet, data: ChildData) {
  const current = data.placements.find((p) => isCurrent(p, 'end_date'));
  sheet.section('Current Placement');
  sheet.fields([
    ['Placement', current ? `${text(current.provider_name)} (provider ${text(current.provider_id)})` : null],
    ['Placement Type', current?.placement_type],
    ['Placed Since', date(current?.start_date)],
  ]);
}

function contactsTable(sheet: Sheet, data: ChildData) {
  sheet.section('Agency Contacts');
  sheet.table(
    [
      { label: 'Role', width: 0.14, value: (r: Row) => text(r.contact_role) },
      { label: 'Name', width: 0.2, value: (r: Row) => text(r.contact_name) },
      { label: 'Phone', width: 0.16, value: (r: Row) => formatPhone(r.phone) },
      { label: 'E-mail', width: 0.38, value: (r: Row) => text(r.email) },
      { label: 'Case', width: 0.12, value: (r: Row) => text(r.case_id) },
    ],
    data.contacts,
    'No agency contacts on record',
  );
}

/** The case's worker and supervisor: the Case panel's data, so for the full identity view's form only. */
function caseworkerFields(sheet: Sheet, data: ChildData) {
  const c = data.cases[0];
  sheet.section('Caseworker');
  sheet.fields([
    ['Caseworker', c?.wkr_name],
    ['Caseworker E-mail', c?.wkr_email],
    ['Supervisor', c?.sup_name],
    ['Supervisor E-mail', c?.sup_email],
    ['SACWIS Case ID', c?.case_id],
  ]);
}

function insuranceFields(sheet: Sheet, data: ChildData) {
  const mcp = data.mcp.find((m) => isCurrent(m, 'mcp_end_date'));
  sheet.section('Insurance');
  sheet.fields([
    ['Medicaid ID', mcp?.medicaid_id],
    ['Managed Care Plan', mcp?.mcp_name],
    ['Enrolled Since', date(mcp?.mcp_enrollment_date)],
  ]);
}

function pcpFields(sheet: Sheet, data: ChildData) {
  const pcp = data.pcp.find((p) => isCurrent(p, 'end_date'));
  sheet.section('Primary Care Provider');
  if (!pcp) return sheet.empty('No PCP on record');
  sheet.fields([
    ['Provider', pcp.provider_name],
    ['Practice', pcp.practice_name],
    ['Phone', formatPhone(pcp.phone)],
    ['Address', pcp.address],
  ]);
}

function allergiesTable(sheet: Sheet, data: ChildData) {
  sheet.section('Allergies');
  sheet.table(
    [
      { label: 'Allergen', width: 0.28, value: (r: Row) => text(r.allergen) },
      { label: 'Reaction', width: 0.3, value: (r: Row) => text(r.reaction) },
      { label: 'Severity', width: 0.11, value: (r: Row) => text(r.severity) },
      { label: 'Noted', width: 0.13, value: (r: Row) => date(r.noted_date) },
      { label: 'Source', width: 0.18, value: (r: Row) => text(r.source_name) },
    ],
    data.allergies,
    'No known allergies on record',
  );
}

function medicationsTable(sheet: Sheet, data: ChildData) {
  sheet.section('Current Medications');
  sheet.table(
    [
      { label: 'Medication', width: 0.28, value: (r: Row) => text(r.medication_name) },
      { label: 'Dose', width: 0.16, value: (r: Row) => text(r.dose) },
      { label: 'Frequency', width: 0.19, value: (r: Row) => text(r.frequency) },
      { label: 'Prescriber', width: 0.23, value: (r: Row) => text(r.prescriber) },
      { label: 'Since', width: 0.14, value: (r: Row) => date(r.start_date) },
    ],
    data.medications.filter((m) => !m.end_date && !m.discontinue_date),
    'No current medications on record',
  );
}

function healthHistory(sheet: Sheet, data: ChildData) {
  sheet.section('Immunizations');
  sheet.table(
    [
      { label: 'Vaccine', width: 0.5, value: (r: Row) => text(r.vaccine) },
      { label: 'Given', width: 0.2, value: (r: Row) => date(r.given_date) },
      { label: 'Source', width: 0.3, value: (r: Row) => text(r.source_name) },
    ],
    data.immunizations,
    'No immunizations on record',
  );
  sheet.section('Problem List');
  sheet.table(
    [
      { label: 'Diagnosis', width: 0.42, value: (r: Row) => text(r.diagnosis) },
      { label: 'Code', width: 0.1, value: (r: Row) => text(r.diagnosis_code) },
      { label: 'Noted', width: 0.14, value: (r: Row) => date(r.noted_date) },
      { label: 'Resolved', width: 0.14, value: (r: Row) => date(r.resolved_date) || 'Current' },
      { label: 'Source', width: 0.2, value: (r: Row) => text(r.source_name) },
    ],
    data.problems,
    'No problems on record',
  );
  sheet.section('Surgeries');
  sheet.table(
    [
      { label: 'Procedure', width: 0.46, value: (r: Row) => text(r.procedure_name) },
      { label: 'Date', width: 0.14, value: (r: Row) => date(r.surgery_date) },
      { label: 'Surgeon', width: 0.2, value: (r: Row) => text(r.surgeon) },
      { label: 'Location', width: 0.2, value: (r: Row) => text(r.location) },
    ],
    data.surgeries,
    'No surgeries on record',
  );
}

const FOOTNOTE = 'Read-only copy of the data extracted nightly from the electronic health record and child-welfare systems. Confidential: for the care of this child only.';

/** The PDF of one printable for a child the caller may see and print. */
export async function identityPdf(db: Db, kind: IdentityPdfKind, patient: Patient): Promise<Uint8Array> {
  const data = await loadChild(db, patient);
  const title = IDENTITY_PDF_TITLES[kind];
  const details = [patient.birth_date && `Birth Date ${date(patient.birth_date)}`, `Printed ${formatDateTime(now())}`].filter(Boolean).join(' - ');
  const sheet = await Sheet.create(title, { name: personName(patient.first_name, patient.middle_name, patient.last_name), details });
  childFields(sheet, patient, data);
  if (kind === 'hospital-registration-sheet') {
    sheet.section('Medical Record Numbers');
    sheet.table(
      [
        { label: 'Hospital', width: 0.5, value: (r: Row) => text(r.source_name) },
        { label: 'MRN', width: 0.5, value: (r: Row) => text(r.mrn) },
      ],
      data.mrns,
      'No matched MRNs',
    );
    insuranceFields(sheet, data);
    placementFields(sheet, data);
    contactsTable(sheet, data);
    allergiesTable(sheet, data);
    medicationsTable(sheet, data);
  } else if (kind === 'child-health-form') {
    placementFields(sheet, data);
    insuranceFields(sheet, data);
    pcpFields(sheet, data);
    caseworkerFields(sheet, data);
    allergiesTable(sheet, data);
    medicationsTable(sheet, data);
    healthHistory(sheet, data);
    contactsTable(sheet, data);
  } else {
    sheet.section('Custody History');
    sheet.table(
      [
        { label: 'Legal Status', width: 0.44, value: (r: Row) => legalStatusOf(r.legal_status).label },
        { label: 'County', width: 0.24, value: (r: Row) => text(r.county) },
        { label: 'Start', width: 0.16, value: (r: Row) => date(r.start_date) },
        { label: 'End', width: 0.16, value: (r: Row) => date(r.end_date) || 'Current' },
      ],
      data.custody,
      'No custody episodes on record',
    );
    sheet.section('Placement History');
    sheet.table(
      [
        { label: 'Placement', width: 0.44, value: (r: Row) => `${text(r.provider_name)} (${text(r.provider_id)})` },
        { label: 'Type', width: 0.24, value: (r: Row) => text(r.placement_type) },
        { label: 'Start', width: 0.16, value: (r: Row) => date(r.start_date) },
        { label: 'End', width: 0.16, value: (r: Row) => date(r.end_date) || 'Current' },
      ],
      data.placements,
      'No placements on record',
    );
    contactsTable(sheet, data);
    pcpFields(sheet, data);
    allergiesTable(sheet, data);
    medicationsTable(sheet, data);
    sheet.section('Hospitalizations');
    sheet.table(
      [
        { label: 'Admitted', width: 0.22, value: (r: Row) => formatDateTime(r.admit_time) },
        { label: 'Discharged', width: 0.14, value: (r: Row) => date(r.discharge_date) || 'Current' },
        { label: 'Chief Complaint', width: 0.38, value: (r: Row) => text(r.chief_complaint) },
        { label: 'Hospital', width: 0.26, value: (r: Row) => text(r.source_name) },
      ],
      data.hospitalizations,
      'No hospitalizations on record',
    );
  }
  sheet.note(FOOTNOTE);
  return sheet.finish();
}
