import { define, enums, object, type Infer } from 'superstruct';
import { MAX_LENGTH } from './strings';
import { date, id, name, optional, optionalDate, optionalEmail, required } from './identity-import';

/**
 * Rows of the identity source files the record pages read (issue 11 section
 * 3; columns in docs/identity-import.md): child-welfare facts (intakes and
 * allegations, agency contacts, leaves, MCP) and health records, each of the
 * latter from one hospital or EHR (`source_name`, as in identity_source.csv).
 */

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(:\d{2})?$/;
const timestamp = () =>
  define<string>('timestamp', (v) => {
    if (v === null || v === '') return 'Required';
    const m = typeof v === 'string' ? TIMESTAMP.exec(v) : null;
    return (!!m && !Number.isNaN(Date.parse(`${m[1]}T00:00:00Z`)) && Number(m[2]) < 24 && Number(m[3]) < 60) || 'Must be a date and time (YYYY-MM-DD HH:MM)';
  });
const text = () => optional(MAX_LENGTH.name);
const longText = () => optional(500);
const source = () => name();
/** A hospital note's text; longer notes are cut by the source system. */
export const MAX_HOSPITAL_NOTE = 4000;

export const IntakeAllegationRow = object({
  allegation_id: id(),
  intake_id: id(),
  sacwis_person_id: id(),
  case_id: optional(MAX_LENGTH.code),
  intake_date: date(),
  allegation_type: name(),
  finding: name(),
  perpetrator_relationship: text(),
});

export const AGENCY_CONTACT_ROLES = ['Case Worker', 'Supervisor', 'Section Chief'] as const;
export const AgencyContactRow = object({
  contact_id: id(),
  sacwis_person_id: id(),
  case_id: id(),
  contact_role: enums(AGENCY_CONTACT_ROLES),
  contact_name: required(MAX_LENGTH.fullName),
  phone: optional(MAX_LENGTH.phone),
  email: optionalEmail(),
});

export const LeaveRow = object({ leave_id: id(), sacwis_person_id: id(), leave_type: name(), leave_date: date(), return_date: optionalDate() });

export const McpRow = object({ mcp_id: id(), sacwis_person_id: id(), mcp_name: name(), medicaid_id: optional(MAX_LENGTH.code), mcp_enrollment_date: date(), mcp_end_date: optionalDate() });

export const HospitalizationRow = object({
  encounter_id: id(),
  sacwis_person_id: id(),
  source_name: source(),
  admit_time: timestamp(),
  discharge_date: optionalDate(),
  chief_complaint: longText(),
  location: text(),
  dep_address: text(),
  dep_city: text(),
  dep_state: optional(2),
  dep_zip: optional(10),
  phone: optional(MAX_LENGTH.phone),
  bed: optional(20),
  room: optional(20),
  /** '0': hospitalized, '1': residential care. */
  resyn: enums(['0', '1']),
});

export const AllergyRow = object({ allergy_id: id(), sacwis_person_id: id(), source_name: source(), allergen: name(), reaction: text(), severity: text(), noted_date: optionalDate() });

export const ImmunizationRow = object({ immunization_id: id(), sacwis_person_id: id(), source_name: source(), vaccine: name(), given_date: date() });

export const MedicationRow = object({
  medication_id: id(),
  sacwis_person_id: id(),
  source_name: source(),
  medication_name: name(),
  dose: text(),
  frequency: text(),
  prescriber: optional(MAX_LENGTH.fullName),
  start_date: optionalDate(),
  end_date: optionalDate(),
  discontinue_date: optionalDate(),
});

export const PharmacyRow = object({
  pharmacy_id: id(),
  sacwis_person_id: id(),
  source_name: source(),
  pharmacy_name: name(),
  pharmacy_type: name(),
  phone: optional(MAX_LENGTH.phone),
  address: longText(),
  last_fill_date: optionalDate(),
});

export const ProblemListRow = object({
  problem_id: id(),
  sacwis_person_id: id(),
  source_name: source(),
  diagnosis: required(500),
  diagnosis_code: optional(MAX_LENGTH.code),
  noted_date: optionalDate(),
  resolved_date: optionalDate(),
});

export const SurgeryRow = object({ surgery_id: id(), sacwis_person_id: id(), source_name: source(), procedure_name: required(500), surgery_date: date(), surgeon: optional(MAX_LENGTH.fullName), location: text() });

export const ScreeningRow = object({ screening_id: id(), sacwis_person_id: id(), source_name: source(), screening_type: name(), screening_date: date(), result: longText() });

export const LAB_CATEGORIES = ['Lead', 'Hgb', 'Hcv'] as const;
/** Spec 001 section 9: the pharmacies listed are the most recent ones; older ones stay in the extract. */
export const PHARMACY_TYPE = 'Most Recent';
/** A negative hepatitis C result comes without a value, as the source systems store it (spec 001 section 5: the filter's 'negative' is 'null'). */
export const LabRow = object({ lab_id: id(), sacwis_person_id: id(), source_name: source(), lab_category: enums(LAB_CATEGORIES), result_date: date(), result_value: text(), units: optional(MAX_LENGTH.code) });

/** Completed Visits' panels (spec 001): each visit is one of these kinds. */
export const VISIT_KINDS = ['Foster Care Clinic', 'Outpatient', 'Therapy', 'Emergency'] as const;
export const VisitRow = object({
  visit_id: id(),
  sacwis_person_id: id(),
  source_name: source(),
  visit_kind: enums(VISIT_KINDS),
  visit_type: optional(MAX_LENGTH.code),
  visit_date: date(),
  provider_name: optional(MAX_LENGTH.fullName),
  department: text(),
  reason: longText(),
  notes: optional(MAX_HOSPITAL_NOTE),
});

export const AppointmentRow = object({
  appointment_id: id(),
  sacwis_person_id: id(),
  source_name: source(),
  appointment_time: timestamp(),
  appointment_category: name(),
  department: text(),
  provider_name: optional(MAX_LENGTH.fullName),
  reason: longText(),
});

export const ReferralRow = object({
  referral_id: id(),
  sacwis_person_id: id(),
  source_name: source(),
  referral_date: date(),
  referral_status: name(),
  specialty: text(),
  referred_to: text(),
  reason: longText(),
});

export const HospitalNoteRow = object({
  note_id: id(),
  sacwis_person_id: id(),
  source_name: source(),
  note_date: date(),
  note_type: text(),
  author: optional(MAX_LENGTH.fullName),
  note_text: required(MAX_HOSPITAL_NOTE),
});

export const PrimaryProviderRow = object({
  pcp_id: id(),
  sacwis_person_id: id(),
  source_name: source(),
  provider_name: required(MAX_LENGTH.fullName),
  practice_name: text(),
  phone: optional(MAX_LENGTH.phone),
  address: longText(),
  start_date: optionalDate(),
  end_date: optionalDate(),
});

export type VisitRow = Infer<typeof VisitRow>;
