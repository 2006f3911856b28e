import type { ViewDefinition } from '../dataviews/types';
import { patientScope } from '../dataviews/scopes';
import { CARE_FLAGS } from '../security/access';

/**
 * `GET /api/data/public/patient_note?patient_uid=<id>&is_archived=false`
 * (spec 001 section 7): one patient's notes, newest first, with the author's
 * name. The call must name a patient the caller may see.
 */
export const patientNoteView: ViewDefinition = {
  name: 'patient_note',
  source: 'patient_note_view',
  idColumn: 'note_uid',
  columns: {
    note_uid: 'uuid',
    patient_uid: 'uuid',
    note_type: 'text',
    note: 'text',
    activity_date: 'date',
    session_duration_minutes: 'number',
    is_archived: 'boolean',
    created_date: 'timestamp',
    author_first_name: 'text',
    author_last_name: 'text',
  },
  defaultSort: '-created_date,note_uid',
  scope: patientScope('v'),
  access: { anyFlag: CARE_FLAGS },
  patientColumn: 'patient_uid',
};

export const notesViews: ViewDefinition[] = [patientNoteView];
