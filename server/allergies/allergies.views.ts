import type { ColumnKind, ViewDefinition } from '../dataviews/types';
import { patientScope } from '../dataviews/scopes';
import { CARE_FLAGS } from '../security/access';

/** Spec 001 section 3 "Patient allergy". */
const ALLERGY_COLUMNS: Record<string, ColumnKind> = {
  patient_allergy_uid: 'uuid',
  patient_uid: 'uuid',
  allergy_uid: 'uuid',
  medication_uid: 'uuid',
  comments: 'text',
  created_at: 'timestamp',
  updated_at: 'timestamp',
};

const patientAllergies = (name: string, columns: Record<string, ColumnKind>): ViewDefinition => ({
  name,
  source: 'patient_allergy_view',
  idColumn: 'patient_allergy_uid',
  columns,
  defaultSort: '-created_at',
  scope: patientScope('v'),
  access: { anyFlag: CARE_FLAGS },
  patientColumn: 'patient_uid',
});

/**
 * `GET /api/data/public/patient-allergy?patient_uid=<id>` (spec 001 section 7):
 * one patient's allergies as stored. The call must name a patient the caller may see.
 */
export const patientAllergyView = patientAllergies('patient-allergy', ALLERGY_COLUMNS);

/**
 * `GET /api/data/public/nav-list-view-allergy?patient_uid=<id>`: the Allergies
 * page's list, with the names; `allergen_label` is what the patient reacts to
 * (the medication for a Medication allergy, otherwise the allergy).
 */
export const allergyListView = patientAllergies('nav-list-view-allergy', { ...ALLERGY_COLUMNS, allergy_label: 'text', allergy_type: 'text', medication_label: 'text', allergen_label: 'text' });

export const allergiesViews: ViewDefinition[] = [patientAllergyView, allergyListView];
