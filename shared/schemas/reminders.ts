import { boolean, defaulted, define, literal, nullable, object, optional, refine, string, type Infer } from 'superstruct';
import { isCalendarDay, isIsoDate } from '../dates';
import { boundedText, MAX_LENGTH, requiredText } from './strings';

// Date and payload helpers live apart from the schemas so the home's first load carries no superstruct (issue 15).
export { isIsoDate } from '../dates';
export { endOfDay, reminderPayload } from './reminder-payload';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Date-times carry their zone: a reminder is due at one instant wherever the reader is.
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
export const uuid = () => define<string>('uuid', (v) => (typeof v === 'string' && UUID.test(v)) || 'Must be an id');

export const isoDateTime = () =>
  define<string>('isoDateTime', (v) => {
    const m = typeof v === 'string' ? ISO_DATE_TIME.exec(v) : null;
    return (m !== null && isCalendarDay(m[1], m[2], m[3]) && !Number.isNaN(Date.parse(v as string))) || 'Must be a date';
  });

/**
 * Spec 002 "Reminder form": note required; reminderDate required and a date;
 * patient required (on the route form the patient comes from the path).
 * `targetUid` is a navigator's provider id, '' for unassigned.
 */
export const ReminderFormSchema = object({
  patientUid: requiredText(MAX_LENGTH.code),
  reminderDate: refine(string(), 'reminderDate', (v) => (v.trim() === '' ? 'Required' : isIsoDate(v) || 'Must be a date')),
  targetUid: boundedText(MAX_LENGTH.code),
  note: requiredText(MAX_LENGTH.note),
});
export type ReminderFormValues = Infer<typeof ReminderFormSchema>;

/** A reminder's route holds a path with ids (`/patients/{uuid}/details`). */
const REMINDER_ROUTE_MAX = 500;
const nullableText = (max: number) => defaulted(nullable(boundedText(max)), null);

/** Spec 002 "Reminder payload", as `POST /api/reminders` takes it (JSON:API, camelCase after conversion). */
export const ReminderPayloadSchema = object({
  data: object({
    type: literal('reminders'),
    attributes: object({
      subjectUid: uuid(),
      subjectType: literal('patient'),
      createdDate: optional(isoDateTime()),
      updatedDate: optional(isoDateTime()),
      reminderDate: isoDateTime(),
      // Spec 002 "New reminders": active, not urgent, unread, not saved.
      isActive: defaulted(boolean(), true),
      isUrgent: defaulted(boolean(), false),
      isRead: defaulted(boolean(), false),
      isSaved: defaulted(boolean(), false),
      note: requiredText(MAX_LENGTH.note),
      displayName: nullableText(MAX_LENGTH.fullName),
      targetUid: defaulted(nullable(uuid()), null),
      reminderType: nullableText(MAX_LENGTH.code),
      eventTypeUid: defaulted(nullable(uuid()), null),
      eventTypeName: nullableText(MAX_LENGTH.name),
      uiModelName: nullableText(MAX_LENGTH.code),
      route: nullableText(REMINDER_ROUTE_MAX),
    }),
    relationships: object({ patient: object({ data: object({ type: literal('patients'), id: uuid() }) }) }),
  }),
});
export type ReminderPayload = Infer<typeof ReminderPayloadSchema>;

/** Spec 000 section 7 "Update reminder": Mark as Done, reassign or unassign, snooze. */
export const ReminderUpdateSchema = object({
  data: object({
    type: optional(boundedText(MAX_LENGTH.code)),
    id: optional(boundedText(MAX_LENGTH.code)),
    attributes: object({
      isRead: optional(boolean()),
      displayName: optional(nullable(boundedText(MAX_LENGTH.fullName))),
      targetUid: optional(nullable(uuid())),
      reminderDate: optional(isoDateTime()),
    }),
  }),
});
export type ReminderUpdate = Infer<typeof ReminderUpdateSchema>['data']['attributes'];
