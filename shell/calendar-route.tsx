import { NotFoundPage } from './not-found-page';

/** /home/calendar?startDate=: the full calendar (issue 3, calendar). */
export function CalendarRoute() {
  return <NotFoundPage />;
}
