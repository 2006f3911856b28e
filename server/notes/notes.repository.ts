import type { Db } from '../db/connect';
import type { NotePayload } from '../../shared/schemas/notes';

const NOTE_COLUMNS = ['note_uid', 'patient_uid', 'note_type', 'note', 'activity_date', 'session_duration_minutes', 'is_archived', 'created_date', 'author_first_name', 'author_last_name'] as const;

/** One active note with its author, as the details page shows it; the caller checks the patient. */
export function findNote(db: Db, noteUid: string) {
  return db.selectFrom('patient_note_view').select(NOTE_COLUMNS).where('note_uid', '=', noteUid).where('is_archived', '=', false).executeTakeFirst();
}

export async function insertNote(db: Db, patientUid: string, authorUid: string, attributes: NotePayload['data']['attributes']) {
  const { note_uid } = await db
    .insertInto('patient_note')
    .values({
      patient_uid: patientUid,
      author_uid: authorUid,
      note_type: attributes.noteType,
      note: attributes.note,
      activity_date: attributes.activityDate,
      session_duration_minutes: attributes.sessionDurationMinutes,
    })
    .returning('note_uid')
    .executeTakeFirstOrThrow();
  return (await findNote(db, note_uid))!;
}

/** Spec 001 section 4: a note is deactivated, never edited or deleted. False when it was not active. */
export async function archiveNote(db: Db, noteUid: string): Promise<boolean> {
  const result = await db.updateTable('patient_note').set({ is_archived: true }).where('note_uid', '=', noteUid).where('is_archived', '=', false).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
