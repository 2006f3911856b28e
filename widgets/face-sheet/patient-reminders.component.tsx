import type { RecordPageProps } from '../patient-record/record-pages';
import { NavLink } from '../kit/nav-link';
import { Card, ReminderRows } from './face-sheet-cards';
import { usePatientList, type PatientReminder } from './face-sheet.resource';
import { FaceSheetStyles } from './face-sheet.styles';

/** The record's Reminders page (/patients/{id}/reminders): this patient's unread reminders, newest first. */
export function PatientReminders({ patientId }: RecordPageProps) {
  const reminders = usePatientList<PatientReminder>(patientId, 'reminders');
  return (
    <div className="patient-reminders">
      <FaceSheetStyles />
      <Card title="Reminders" action={<NavLink path={`/patients/${encodeURIComponent(patientId)}/reminders/add`}>Add Reminder</NavLink>}>
        <ReminderRows reminders={reminders} />
      </Card>
    </div>
  );
}
