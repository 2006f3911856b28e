import { RemindersPage } from '../widgets/reminders/reminders.component';
import { usePageTitle } from './page-title';
import { WidgetMount } from './widget-mount';

/** /home/reminders: all reminders (issue 3, reminders). */
export function RemindersRoute() {
  usePageTitle('Reminders');
  return (
    <main className="care-page">
      <WidgetMount>
        <RemindersPage />
      </WidgetMount>
    </main>
  );
}
