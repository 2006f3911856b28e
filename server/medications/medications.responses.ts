import { IMPROVEMENT_ANSWERS, RELIEF_DURATIONS, RELIEF_RATINGS } from '../../shared/schemas/medications';
import { Bool, Day, Nullable, One, OneOf, Resource, Text, Timestamp, Type, Uuid } from '../api-docs/json-api';

/** A patient's medication: the columns findMedication reads from patient_medication_view (medications.repository.ts). */
export const MedicationDocument = One(
  Resource('patient-medication', {
    patient_medication_uid: Uuid(),
    patient_uid: Uuid(),
    medication_uid: Uuid(),
    medication_label: Text(),
    dosage: Nullable(Text()),
    frequency: Nullable(Text()),
    started_date: Nullable(Day()),
    finished_date: Nullable(Day()),
    is_primary: Bool(),
    is_prescription: Bool(),
    is_still_taking: Bool(),
    medication_route_uids: Type.Array(Uuid()),
    medication_route_labels: Type.Array(Text()),
    patient_reported_improvement: Nullable(OneOf(IMPROVEMENT_ANSWERS)),
    relief_rating: Nullable(OneOf(RELIEF_RATINGS)),
    relief_duration: Nullable(OneOf(RELIEF_DURATIONS)),
    comments: Nullable(Text()),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  }),
);
