import dayjs from 'dayjs';
import { now } from '../clock';
import type { ReminderFormValues } from './reminders';

/** Spec 002: the reminder is due at the end of the chosen day (the user's local day). */
export const endOfDay = (day: string): string => dayjs(day).endOf('day').toISOString();

/**
 * The payload the reminder form sends (spec 002 "Reminder payload"). The
 * reminder opens the patient's details page, where the form returns to.
 */
export function reminderPayload(values: ReminderFormValues, assigneeName: string | null, at = now()) {
  const stamp = at.toISOString();
  const patientUid = values.patientUid;
  return {
    data: {
      type: 'reminders' as const,
      attributes: {
        subjectUid: patientUid,
        subjectType: 'patient' as const,
        createdDate: stamp,
        updatedDate: stamp,
        reminderDate: endOfDay(values.reminderDate),
        isActive: true,
        isUrgent: false,
        isRead: false,
        isSaved: false,
        note: values.note.trim(),
        displayName: values.targetUid ? assigneeName : null,
        targetUid: values.targetUid || null,
        reminderType: 'reminder',
        eventTypeUid: null,
        eventTypeName: null,
        uiModelName: 'patients',
        route: `/patients/${patientUid}/details`,
      },
      relationships: { patient: { data: { type: 'patients' as const, id: patientUid } } },
    },
  };
}
