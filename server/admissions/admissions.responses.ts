import { Counted, Day, Nullable, Obj, One, Resource, Text, Timestamp, Type, Uuid } from '../api-docs/json-api';

/** An admission with its status and facility names: the columns admissions.repository.ts reads. */
const admission = {
  admission_uid: Uuid(),
  patient_uid: Uuid(),
  event_date: Day(),
  discharge_date: Nullable(Day()),
  status_uid: Uuid(),
  status_label: Text(),
  facility_uid: Nullable(Uuid()),
  facility_name: Nullable(Text()),
  comments: Nullable(Text()),
  note: Nullable(Text()),
  created_at: Timestamp(),
};

/** The patient's admissions, newest first, as many as asked for (10 unless said, at most 100). */
export const AdmissionList = Counted(Resource('admissions', admission));

/** One admission with the patient's notes written while the stay lasted (relatedNotes). */
export const AdmissionDocument = One(
  Resource('admissions', {
    ...admission,
    related_notes: Type.Array(
      Obj({ note_uid: Uuid(), note: Text(), created_date: Timestamp(), author_first_name: Nullable(Text()), author_last_name: Nullable(Text()) }),
    ),
  }),
);
