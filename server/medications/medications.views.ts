import type { ColumnKind, ViewDefinition } from '../dataviews/types';
import { patientScope } from '../dataviews/scopes';
import { CARE_FLAGS } from '../security/access';

/** Spec 001 section 3 "Patient medication"; the routes are listed by id. */
const MEDICATION_COLUMNS: Record<string, ColumnKind> = {
  patient_medication_uid: 'uuid',
  patient_uid: 'uuid',
  medication_uid: 'uuid',
  dosage: 'text',
  frequency: 'text',
  started_date: 'date',
  finished_date: 'date',
  is_primary: 'boolean',
  is_prescription: 'boolean',
  is_still_taking: 'boolean',
  medication_route_uids: 'uuid[]',
  patient_reported_improvement: 'text',
  relief_rating: 'text',
  relief_duration: 'text',
  comments: 'text',
  created_at: 'timestamp',
  updated_at: 'timestamp',
};

const patientMedications = (name: string, columns: Record<string, ColumnKind>): ViewDefinition => ({
  name,
  source: 'patient_medication_view',
  idColumn: 'patient_medication_uid',
  columns,
  // Primary medications first, then the latest started.
  defaultSort: '-is_primary,-started_date,medication_label',
  scope: patientScope('v'),
  access: { anyFlag: CARE_FLAGS },
  patientColumn: 'patient_uid',
});

/**
 * `GET /api/data/public/patient-medication?patient_uid=<id>` (spec 001 section 7):
 * one patient's medications as stored. The call must name a patient the caller may see.
 */
export const patientMedicationView = patientMedications('patient-medication', { ...MEDICATION_COLUMNS, medication_label: 'text' });

/** `GET /api/data/public/nav-list-view-medication?patient_uid=<id>`: the Medications page's list, with the medication's and routes' names. */
export const medicationListView = patientMedications('nav-list-view-medication', { ...MEDICATION_COLUMNS, medication_label: 'text', medication_route_labels: 'text[]' });

export const medicationsViews: ViewDefinition[] = [patientMedicationView, medicationListView];
