import type { ColumnKind, ViewDefinition } from '../dataviews/types';
import { patientScope } from '../dataviews/scopes';

/**
 * The identity pages' panels (spec 001 "Identity pages and their panels",
 * section 7 "Identity views"): one list view per source, served by the
 * data-view engine at `/api/data/public/list-view-cs-tbl-<name>`. Each names
 * its patient (`patient_uid=<id>`, so the patient access guard decides: a
 * restricted or adoption child the caller may not see is a 404) and takes the
 * engine's filters, among them the date filters with the `<<` / `>>`
 * suffixes (`visit_date__>>=2026-01-01`). Rows are those of the child's
 * approved match; a rejected or disputed source's health rows are not there
 * (migration 044's views).
 */

const IDENTITY = { anyFlag: ['hasAppIdentity'] } as const;
/** Spec 001 section 6: the Case and Maltreatment panels are for full identity view. */
const FULL_VIEW = { anyFlag: ['hasIdentityViewFull'] } as const;

const common = { patient_uid: 'uuid', sacwis_person_id: 'text' } as const satisfies Record<string, ColumnKind>;
const health = { ...common, source_name: 'text' } as const satisfies Record<string, ColumnKind>;

/** One patient's list of an identity source: it names its patient, and the patient access guard decides who reads it. */
export function patientListView(
  name: string,
  source: string,
  idColumn: string,
  columns: Record<string, ColumnKind>,
  defaultSort: string,
  access: ViewDefinition['access'] = IDENTITY,
): ViewDefinition {
  return {
    name,
    source,
    idColumn,
    columns: { [idColumn]: 'text', ...columns },
    defaultSort,
    scope: patientScope('v'),
    access,
    patientColumn: 'patient_uid',
  };
}

const view = (name: string, idColumn: string, columns: Record<string, ColumnKind>, defaultSort: string, access?: ViewDefinition['access']) =>
  patientListView(`list-view-cs-tbl-${name}`, `list_view_cs_tbl_${name.replace(/-/g, '_')}`, idColumn, columns, defaultSort, access);

export const identityViews: ViewDefinition[] = [
  // Children's Services and Primary Contacts.
  view('custody-history', 'episode_id', { ...common, county: 'text', legal_status: 'text', start_date: 'date', end_date: 'date' }, '-start_date'),
  view('placement-history', 'placement_id', { ...common, provider_id: 'text', provider_name: 'text', placement_type: 'text', start_date: 'date', end_date: 'date' }, '-start_date'),
  view(
    'source-case',
    'case_id',
    { ...common, county: 'text', agency_name: 'text', case_category: 'text', legal_status: 'text', wkr_name: 'text', wkr_email: 'text', sup_name: 'text', sup_email: 'text', chf_email: 'text', case_restricted: 'boolean', adoption_flag: 'boolean' },
    'case_id',
    FULL_VIEW,
  ),
  view('intake-allegation', 'allegation_id', { ...common, intake_id: 'text', case_id: 'text', intake_date: 'date', allegation_type: 'text', finding: 'text', perpetrator_relationship: 'text' }, '-intake_date,intake_id', FULL_VIEW),
  view('agency-contact', 'contact_id', { ...common, case_id: 'text', contact_role: 'text', contact_name: 'text', phone: 'text', email: 'text' }, 'case_id,contact_id'),
  view('leave', 'leave_id', { ...common, leave_type: 'text', leave_date: 'date', return_date: 'date' }, '-leave_date'),
  view('mcp', 'mcp_id', { ...common, mcp_name: 'text', medicaid_id: 'text', mcp_enrollment_date: 'date', mcp_end_date: 'date' }, '-mcp_enrollment_date'),
  view('healthcare-contact', 'mrn', { ...health }, 'source_name'),
  // Health records.
  view(
    'hospitalization',
    'encounter_id',
    { ...health, admit_time: 'timestamp', discharge_date: 'date', chief_complaint: 'text', location: 'text', dep_address: 'text', dep_city: 'text', dep_state: 'text', dep_zip: 'text', phone: 'text', bed: 'text', room: 'text', resyn: 'text' },
    '-admit_time',
  ),
  view('allergy', 'allergy_id', { ...health, allergen: 'text', reaction: 'text', severity: 'text', noted_date: 'date' }, 'allergen'),
  view('immunization', 'immunization_id', { ...health, vaccine: 'text', given_date: 'date' }, '-given_date'),
  view(
    'medication',
    'medication_id',
    { ...health, medication_name: 'text', dose: 'text', frequency: 'text', prescriber: 'text', start_date: 'date', end_date: 'date', discontinue_date: 'date' },
    '-start_date',
  ),
  view('pharmacy', 'pharmacy_id', { ...health, pharmacy_name: 'text', pharmacy_type: 'text', phone: 'text', address: 'text', last_fill_date: 'date' }, '-last_fill_date'),
  view('problem-list', 'problem_id', { ...health, diagnosis: 'text', diagnosis_code: 'text', noted_date: 'date', resolved_date: 'date' }, '-noted_date'),
  view('surgery', 'surgery_id', { ...health, procedure_name: 'text', surgery_date: 'date', surgeon: 'text', location: 'text' }, '-surgery_date'),
  view('screening', 'screening_id', { ...health, screening_type: 'text', screening_date: 'date', result: 'text' }, '-screening_date'),
  view('lab', 'lab_id', { ...health, lab_category: 'text', result_date: 'date', result_value: 'text', units: 'text' }, '-result_date'),
  view(
    'visit',
    'visit_id',
    { ...health, visit_kind: 'text', visit_type: 'text', visit_date: 'date', provider_name: 'text', department: 'text', reason: 'text', notes: 'text' },
    '-visit_date',
  ),
  view('appointment', 'appointment_id', { ...health, appointment_time: 'timestamp', appointment_category: 'text', is_missed: 'boolean', department: 'text', provider_name: 'text', reason: 'text' }, 'appointment_time'),
  view('referral', 'referral_id', { ...health, referral_date: 'date', referral_status: 'text', specialty: 'text', referred_to: 'text', reason: 'text' }, '-referral_date'),
  view('hospital-note', 'note_id', { ...health, note_date: 'date', note_type: 'text', author: 'text', note_text: 'text' }, '-note_date'),
  view('primary-provider', 'pcp_id', { ...health, provider_name: 'text', practice_name: 'text', phone: 'text', address: 'text', start_date: 'date', end_date: 'date' }, '-start_date'),
];
