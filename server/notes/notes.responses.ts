import { Bool, Day, Int, Link, Nullable, One, Resource, Text, Timestamp, Uuid } from '../api-docs/json-api';

/** A note as its details page shows it: the columns findNote reads (notes.repository.ts). */
export const NoteDocument = One(
  Resource(
    'notes',
    {
      note_uid: Uuid(),
      patient_uid: Uuid(),
      note_type: Text(),
      note: Text(),
      activity_date: Day(),
      session_duration_minutes: Nullable(Int()),
      is_archived: Bool(),
      created_date: Timestamp(),
      author_first_name: Nullable(Text()),
      author_last_name: Nullable(Text()),
    },
    { patient: Link('patients') },
  ),
);
