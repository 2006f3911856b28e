import { Nullable, One, Resource, Text, Timestamp, Uuid } from '../api-docs/json-api';

/** One allergy with its names: the columns findAllergy reads; `allergen_label` is the medication's name for a Medication allergy, else the allergy's. */
export const AllergyDocument = One(
  Resource('patient-allergy', {
    patient_allergy_uid: Uuid(),
    patient_uid: Uuid(),
    allergy_uid: Uuid(),
    allergy_label: Text(),
    allergy_type: Nullable(Text()),
    medication_uid: Nullable(Uuid()),
    medication_label: Nullable(Text()),
    allergen_label: Text(),
    comments: Nullable(Text()),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  }),
);
