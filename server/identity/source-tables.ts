import type { Struct } from 'superstruct';
import {
  AgencyContactRow, AllergyRow, AppointmentRow, HospitalizationRow, HospitalNoteRow, ImmunizationRow, IntakeAllegationRow, LabRow, LeaveRow, McpRow, MedicationRow,
  PharmacyRow, PrimaryProviderRow, ProblemListRow, ReferralRow, ScreeningRow, SurgeryRow, VisitRow,
} from '../../shared/schemas/identity-record-sources';
import { CustodyEpisodeRow, IdentitySourceRow, PatientFlagRow, PlacementRow, PreferredNameRow, SourceCaseRow, SourceChildRow } from '../../shared/schemas/identity-import';
import type { Database } from '../db/database';

/**
 * The identity source tables an extract holds, in load order (children first:
 * every other row names a child of the extract). A new source (visits,
 * medications, labs ...) is a table in a migration shaped like these
 * (division_uid, its CSV columns, sacwis_person_id), a row schema in
 * shared/schemas/identity-import.ts and one entry here; docs/identity-import.md
 * lists its columns.
 */
export interface SourceTable {
  /** The source's name in tbl_identity_source_status; the file is `<name>.csv`. */
  name: string;
  table: keyof Database & `tbl_${string}`;
  /** Checks a row (cells as text, empty as null) and gives the values to store; each source's row type differs. */
  schema: Struct<any, Record<string, Struct<any, any>>>;
  /** Columns that identify a row within the division (a repeated key is rejected). */
  key: string[];
  /** Columns added after the format was published: a file without them still loads, as no value. */
  optional?: string[];
}

export const SOURCE_TABLES: SourceTable[] = [
  { name: 'source_child', table: 'tbl_source_child', schema: SourceChildRow, key: ['sacwis_person_id'] },
  { name: 'source_case', table: 'tbl_source_case', schema: SourceCaseRow, key: ['case_id', 'sacwis_person_id'] },
  { name: 'custody_episode', table: 'tbl_custody_episode', schema: CustodyEpisodeRow, key: ['episode_id'] },
  {
    name: 'placement',
    table: 'tbl_placement',
    schema: PlacementRow,
    key: ['placement_id'],
    optional: ['provider_contact', 'provider_address', 'provider_agency', 'provider_agency_contact'],
  },
  { name: 'identity_source', table: 'tbl_identity_source', schema: IdentitySourceRow, key: ['source_name', 'mrn'] },
  // The record pages' sources (migration 044).
  { name: 'intake_allegation', table: 'tbl_intake_allegation', schema: IntakeAllegationRow, key: ['allegation_id'] },
  { name: 'agency_contact', table: 'tbl_agency_contact', schema: AgencyContactRow, key: ['contact_id'] },
  { name: 'leave', table: 'tbl_leave', schema: LeaveRow, key: ['leave_id'] },
  { name: 'mcp', table: 'tbl_mcp', schema: McpRow, key: ['mcp_id'] },
  { name: 'hospitalization', table: 'tbl_hospitalization', schema: HospitalizationRow, key: ['encounter_id'] },
  { name: 'allergy', table: 'tbl_allergy', schema: AllergyRow, key: ['allergy_id'] },
  { name: 'immunization', table: 'tbl_immunization', schema: ImmunizationRow, key: ['immunization_id'] },
  { name: 'medication', table: 'tbl_medication', schema: MedicationRow, key: ['medication_id'] },
  { name: 'pharmacy', table: 'tbl_pharmacy', schema: PharmacyRow, key: ['pharmacy_id'] },
  { name: 'problem_list', table: 'tbl_problem_list', schema: ProblemListRow, key: ['problem_id'] },
  { name: 'surgery', table: 'tbl_surgery', schema: SurgeryRow, key: ['surgery_id'] },
  { name: 'screening', table: 'tbl_screening', schema: ScreeningRow, key: ['screening_id'] },
  { name: 'lab', table: 'tbl_lab', schema: LabRow, key: ['lab_id'] },
  { name: 'visit', table: 'tbl_visit', schema: VisitRow, key: ['visit_id'] },
  { name: 'appointment', table: 'tbl_appointment', schema: AppointmentRow, key: ['appointment_id'] },
  { name: 'referral', table: 'tbl_referral', schema: ReferralRow, key: ['referral_id'] },
  { name: 'hospital_note', table: 'tbl_hospital_note', schema: HospitalNoteRow, key: ['note_id'] },
  { name: 'primary_provider', table: 'tbl_primary_provider', schema: PrimaryProviderRow, key: ['pcp_id'] },
  { name: 'patient_flags', table: 'tbl_patient_flags', schema: PatientFlagRow, key: ['flag_id'] },
  { name: 'preferred_names', table: 'tbl_patient_preferred_names', schema: PreferredNameRow, key: ['sacwis_person_id', 'source_name', 'preferred_name'] },
];

/** The columns of a source's file, in the order docs/identity-import.md lists them. */
export const columnsOf = (source: SourceTable): string[] => Object.keys(source.schema.schema);
