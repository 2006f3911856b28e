import { NotFoundPage } from './not-found-page';

/** /home/reminders: all reminders (issue 3, reminders). */
export function RemindersRoute() {
  return <NotFoundPage />;
}
