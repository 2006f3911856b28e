import { defineWidget } from '../../shared/widget/define-widget';
import { RemindersWidget } from './reminders-page.component';

/**
 * Reminders of the current division: today's card (assigned to me and
 * unassigned, with Mark as Done, reassign, snooze and delete) or the full page.
 *
 * @element care-reminders
 * @attr variant - `card` (default): today's unread reminders and "View all"; `page`: a table of every unread reminder with Mark as Done and "Go back".
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-navigate - `detail.path`: `/patients/{patientUid}/details` from a patient name or row, `/home/reminders` from "View all", `/home` from "Go back". Cancelable.
 * @fires care-error - `detail.message`, `detail.status`: an update or delete the server refused; the reminder is left as it was.
 * @cssprop --care-color-primary - Links, focus ring and primary buttons.
 * @csspart root - The widget's outer box.
 */
export const CareRemindersElement = defineWidget('care-reminders', RemindersWidget, {
  props: { variant: 'string' },
});
