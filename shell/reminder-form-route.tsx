import { NotFoundPage } from './not-found-page';

/** /patients/{patientId}/reminders/add: the reminder form (issue 3, reminders). */
export function ReminderFormRoute(_props: { patientId: string }) {
  return <NotFoundPage />;
}
