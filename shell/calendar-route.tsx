import { useSearch } from 'wouter';
import { CalendarPage } from '../widgets/calendar/calendar.component';
import { usePageTitle } from './page-title';
import { WidgetMount } from './widget-mount';

/** /home/calendar?startDate=YYYY-MM-DD: the full calendar at that date (today without one). */
export function CalendarRoute() {
  usePageTitle('Calendar');
  const startDate = new URLSearchParams(useSearch()).get('startDate') ?? undefined;
  return (
    <main className="care-page">
      <WidgetMount>
        <CalendarPage startDate={startDate} />
      </WidgetMount>
    </main>
  );
}
