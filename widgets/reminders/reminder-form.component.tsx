import { ReminderFormSchema, type ReminderFormValues } from '../../shared/schemas/reminders';
import { useEmit } from '../../shared/widget/emit';
import { useTranslate } from '../../shared/i18n';
import { ErrorSummary } from '../kit/error-summary';
import { FormButtons } from '../kit/form-buttons';
import { applyServerErrors, Field, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { PatientPicker } from '../kit/patient-picker';
import { toast, Toasts } from '../kit/toasts';
import { patientPath } from './reminder-item';
import { RemindersStyles } from './reminders.styles';
import { toFormErrors, useAssignees, useCreateReminder } from './reminder-form.resource';
import type { Navigator } from './reminders.resource';

const LABELS: Record<keyof ReminderFormValues, string> = { patientUid: 'Patient', reminderDate: 'Date', targetUid: 'Assigned To', note: 'Note' };
export const SAVE_FAILED = 'The reminder could not be saved. Please try again.';

function ReminderFields({ patientId, navigators, me }: { patientId?: string; navigators: Navigator[]; me: string | null }) {
  const emit = useEmit();
  const tr = useTranslate();
  const labels = { ...LABELS, patientUid: tr(LABELS.patientUid) };
  const create = useCreateReminder();
  // Spec 002 "Reminder form": validation runs on submit only, never on blur or change.
  const form = useCareForm(ReminderFormSchema, {
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { patientUid: patientId ?? '', reminderDate: '', targetUid: me ?? '', note: '' },
  });
  const chosenPatient = form.watch('patientUid');
  // Cancel and Save go back to the patient; an inline form with no patient chosen yet goes home.
  const back = () => emit('care-navigate', { path: chosenPatient ? patientPath(chosenPatient) : '/home' });

  const onSubmit = form.handleSubmit(async (values) => {
    const assigneeName = navigators.find((n) => n.providerUid === values.targetUid)?.displayName ?? null;
    try {
      await create(values, assigneeName);
    } catch (error) {
      if (!applyServerErrors(form, toFormErrors(error))) toast(SAVE_FAILED, 'danger');
      return;
    }
    emit('care-saved', { type: 'reminders', patientUid: values.patientUid });
    emit('care-navigate', { path: patientPath(values.patientUid) });
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <ErrorSummary form={form} labels={labels} />
      {!patientId && <Field form={form} name="patientUid" label={labels.patientUid}>{(control) => <PatientPicker form={form} name="patientUid" control={control} />}</Field>}
      <Field form={form} name="reminderDate" label={LABELS.reminderDate} type="date" />
      <Field form={form} name="targetUid" label={LABELS.targetUid}>
        {(control) => (
          <select {...control} {...form.register('targetUid')}>
            <option value="">Unassigned</option>
            {navigators.map((n) => (
              <option key={n.providerUid} value={n.providerUid}>
                {n.displayName}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field form={form} name="note" label={LABELS.note}>
        {(control) => <textarea {...control} rows={4} {...form.register('note')} />}
      </Field>
      <FormButtons busy={form.formState.isSubmitting} onCancel={back} />
    </form>
  );
}

export interface ReminderFormProps {
  /** The patient the reminder is about; without it the form searches for one (inline form). */
  patientId?: string;
}

/** Spec 002 "Reminder form": inline with a patient search, or for the patient of /patients/{patient_id}/reminders/add. */
export function ReminderForm({ patientId }: ReminderFormProps) {
  const assignees = useAssignees();
  return (
    <section className="reminder-form">
      <RemindersStyles />
      <h1>Add Reminder</h1>
      <LoadState isLoading={assignees.isLoading} error={assignees.error}>
        {assignees.data && <ReminderFields patientId={patientId || undefined} navigators={assignees.data.navigators} me={assignees.data.me} />}
      </LoadState>
      <Toasts />
    </section>
  );
}
