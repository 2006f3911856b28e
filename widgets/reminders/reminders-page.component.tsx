/**
 * The full reminders page in a module of its own: the home's first load
 * carries today's card (reminders.component), not this page's table.
 */
import { useMemo } from 'react';
import { formatDate } from '../../shared/format';
import { useTranslate } from '../../shared/i18n';
import { DataTable, type Column } from '../kit/data-table';
import { Toasts } from '../kit/toasts';
import { patientPath } from './reminder-item';
import { RemindersCard, UPDATE_FAILED, useFailureReport, useNavigate } from './reminders.component';
import { useReminderPage, type Reminder } from './reminders.resource';
import { RemindersStyles } from './reminders.styles';

/** Full page /home/reminders (spec 000 "Home dashboard"): every unread reminder I may see. */
export function RemindersPage() {
  const navigate = useNavigate();
  const failed = useFailureReport();
  const { fetchPage, markDone } = useReminderPage();
  const tr = useTranslate();
  const columns = useMemo<Column<Reminder & Record<string, unknown>>[]>(
    () => [
      { columnName: 'patientFirstName', displayHeader: tr('Patient First Name') },
      { columnName: 'patientLastName', displayHeader: tr('Patient Last Name') },
      { columnName: 'note', displayHeader: 'Reminder', primary: true },
      { columnName: 'assignedTo', displayHeader: 'Assigned To' },
      { columnName: 'reminderDate', displayHeader: 'Due', format: (value) => formatDate(value as string) },
      {
        columnName: 'markAsDone',
        displayHeader: 'Mark as Done',
        sortable: false,
        action: true,
        format: (_, row) => (
          // The row itself opens the patient: the button's click and Enter stay with the button.
          <button
            type="button"
            className="care-button"
            onClick={(e) => {
              e.stopPropagation();
              void markDone(row).catch(failed(UPDATE_FAILED));
            }}
            onKeyDown={(e) => e.stopPropagation()}
          >
            Mark as Done
          </button>
        ),
      },
    ],
    [markDone, failed, tr],
  );
  return (
    <section className="reminders-page">
      <RemindersStyles />
      <a href="/home" onClick={(e) => navigate('/home', e)}>
        Go back
      </a>
      <h1>Reminders</h1>
      <DataTable tableId="reminders" columns={columns} fetchPage={fetchPage} defaultSort="-reminderDate" onRowClick={(row) => navigate(patientPath(row.patientUid))} />
      <Toasts />
    </section>
  );
}

export interface RemindersWidgetProps {
  variant?: 'card' | 'page';
}

export function RemindersWidget({ variant = 'card' }: RemindersWidgetProps) {
  return variant === 'page' ? <RemindersPage /> : <RemindersCard />;
}
