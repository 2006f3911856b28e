import { defineWidget } from '../../shared/widget/define-widget';
import { ReminderForm } from './reminder-form.component';

/**
 * The reminder form (spec 002 "Reminder form"): Date, Assigned To and note,
 * plus an asynchronous patient search when no patient is given.
 *
 * @element care-reminder-form
 * @attr patient-id - The patient the reminder is about; when absent the form searches for a patient (`GET summary-patients`).
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-saved - `detail.type` `'reminders'` and `detail.patientUid` after the reminder is created.
 * @fires care-navigate - `detail.path` `/patients/{patient_id}/details` after Save or on Cancel (`/home` on Cancel before a patient is chosen). Cancelable.
 * @cssprop --care-color-primary - Links, focus ring and the Save button.
 * @csspart root - The widget's outer box.
 */
export const CareReminderFormElement = defineWidget('care-reminder-form', ReminderForm, {
  props: { patientId: 'string' },
});
