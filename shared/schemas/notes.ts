import { defaulted, integer, literal, nullable, object, refine, size, string, type Infer } from 'superstruct';
import { isIsoDate, uuid } from './reminders';
import { MAX_LENGTH, requiredText } from './strings';

/** spec 001 section 3 "Note": the type a note gets when none is chosen. */
export const DEFAULT_NOTE_TYPE = 'Patient Note';
/** A session longer than a day is a typing slip, not a visit. */
export const MAX_SESSION_MINUTES = 24 * 60;

/** The day the activity took place (defaults to today in the form). */
const activityDate = () => refine(string(), 'activityDate', (v) => (v.trim() === '' ? 'Required' : isIsoDate(v) || 'Must be a date'));

/** Minutes as the form's number input gives them: '' for none. */
const sessionMinutes = () =>
  refine(string(), 'sessionDurationMinutes', (v) => v === '' || (/^\d+$/.test(v) && Number(v) <= MAX_SESSION_MINUTES) || `Must be a whole number of minutes up to ${MAX_SESSION_MINUTES}`);

/** Spec 001 section 5: note required; the form's other fields are the activity date and the session's length. */
export const NoteFormSchema = object({
  note: requiredText(MAX_LENGTH.note),
  activityDate: activityDate(),
  sessionDurationMinutes: sessionMinutes(),
});
export type NoteFormValues = Infer<typeof NoteFormSchema>;

/** `POST /api/notes` (spec 001 section 7): attributes note_type, note, activity_date and the patient link. */
export const NotePayloadSchema = object({
  data: object({
    type: literal('notes'),
    attributes: object({
      noteType: defaulted(requiredText(MAX_LENGTH.code), DEFAULT_NOTE_TYPE),
      note: requiredText(MAX_LENGTH.note),
      activityDate: activityDate(),
      sessionDurationMinutes: defaulted(nullable(size(integer(), 0, MAX_SESSION_MINUTES)), null),
    }),
    relationships: object({ patient: object({ data: object({ type: literal('patients'), id: uuid() }) }) }),
  }),
});
export type NotePayload = Infer<typeof NotePayloadSchema>;
