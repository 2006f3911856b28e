import type { RecordPageProps } from '../patient-record/record-page-props';
import { AddAction } from '../kit/add-action';
import { Card, ReminderRows } from './face-sheet-cards';
import { usePatientList, type PatientReminder } from './face-sheet.resource';
import { FaceSheetStyles } from './face-sheet.styles';

/** The record's Reminders page (/patients/{id}/reminders): this patient's unread reminders, newest first. */
export function PatientReminders({ patientId }: RecordPageProps) {
  const reminders = usePatientList<PatientReminder>(patientId, 'reminders');
  return (
    <div className="patient-reminders">
      <FaceSheetStyles />
      <Card title="Reminders" action={<AddAction path={`/patients/${encodeURIComponent(patientId)}/reminders/add`} label="Add Reminder" />}>
        <ReminderRows reminders={reminders} />
      </Card>
    </div>
  );
}
