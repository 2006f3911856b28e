import { Bool, Counted, Day, Link, Nullable, Obj, One, Resource, Text, Timestamp, Uuid } from '../api-docs/json-api';

/** A patient's diagnosis as spec 001 section 3 "Diagnosis" shapes it: the columns findDiagnosis reads (diagnoses.repository.ts). */
const Diagnosis = Resource(
  'diagnoses',
  {
    id: Uuid(),
    patient_uid: Uuid(),
    diagnosis: Obj({ diagnosis_uid: Uuid(), diagnosis_label: Text(), diagnosis_code: Text() }),
    region: Nullable(Obj({ id: Uuid(), region_label: Text() })),
    onset_date: Nullable(Day()),
    status: Obj({ status_uid: Uuid(), status_label: Text() }),
    provider: Obj({ id: Uuid(), display_name: Text() }),
    is_primary_diagnosis: Bool(),
    note: Nullable(Text()),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { patient: Link('patients'), provider: Link('providers') },
);

export const DiagnosisDocument = One(Diagnosis);
/** The record's diagnoses, primary first. */
export const DiagnosisList = Counted(Diagnosis);

/** The reference events of a type (`reference-event?event-type-name=`). */
export const ReferenceEventList = Counted(Resource('reference-event', { uid: Uuid(), name: Text(), label: Text(), event_type_name: Text() }));

/** A reference list's active rows, a form's choices. */
const choices = <T extends string>(type: T) => Counted(Resource(type, { uid: Uuid(), name: Text(), label: Text() }));
export const EventDiagnosisList = choices('reference-diagnosis');
export const EventStatusList = choices('reference-status');
export const RegionList = choices('reference-region');
