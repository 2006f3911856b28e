import { ReminderForm } from '../widgets/reminders/reminder-form.component';
import { usePageTitle } from './page-title';
import { WidgetMount } from './widget-mount';

/** /patients/{patientId}/reminders/add: the reminder form (issue 3, reminders). */
export function ReminderFormRoute({ patientId }: { patientId: string }) {
  usePageTitle('Add Reminder');
  return (
    <main className="care-page">
      <WidgetMount>
        <ReminderForm key={patientId} patientId={patientId} />
      </WidgetMount>
    </main>
  );
}
