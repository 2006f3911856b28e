import { useId, useState } from 'react';
import { useController, type UseFormReturn } from 'react-hook-form';
import { formatDate } from '../../shared/format';
import { ReminderFormSchema, type ReminderFormValues } from '../../shared/schemas/reminders';
import { useEmit } from '../../shared/widget/emit';
import { ErrorSummary } from '../kit/error-summary';
import { FormButtons } from '../kit/form-buttons';
import { applyServerErrors, Field, useCareForm, type FieldControlProps } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { toast, Toasts } from '../kit/toasts';
import { patientPath } from './reminder-item';
import { RemindersStyles } from './reminders.styles';
import { toFormErrors, useAssignees, useCreateReminder, usePatientSearch, type Navigator, type PatientOption } from './reminders.resource';

const LABELS: Record<keyof ReminderFormValues, string> = { patientUid: 'Patient', reminderDate: 'Date', targetUid: 'Assigned To', note: 'Note' };
export const SAVE_FAILED = 'The reminder could not be saved. Please try again.';

const optionLabel = (p: PatientOption) => `${p.lastName}, ${p.firstName}${p.birthDate ? ` (${formatDate(p.birthDate)})` : ''}`;

/** The inline form's asynchronous patient search; the chosen patient's id is the form's patientUid. */
function PatientSearch({ form, control }: { form: UseFormReturn<ReminderFormValues>; control: FieldControlProps }) {
  const { field } = useController({ control: form.control, name: 'patientUid' });
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<PatientOption | null>(null);
  const results = usePatientSearch(chosen ? '' : text);
  const statusId = useId();
  const status = results.isLoading
    ? 'Searching ...'
    : results.error
      ? 'Oops, something went wrong!'
      : results.data?.length === 0
        ? 'No options'
        : !chosen && !results.data
          ? 'Begin typing to search ...'
          : '';
  const choose = (patient: PatientOption) => {
    setChosen(patient);
    setText(optionLabel(patient));
    field.onChange(patient.id);
  };
  return (
    <>
      <input
        {...control}
        aria-describedby={[control['aria-describedby'], statusId].filter(Boolean).join(' ')}
        ref={field.ref}
        type="search"
        autoComplete="off"
        placeholder="Search for patients ..."
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          // Typing again un-chooses: the field shows what will be saved.
          if (chosen) {
            setChosen(null);
            field.onChange('');
          }
        }}
      />
      <span id={statusId} className="field-hint" aria-live="polite">
        {status}
      </span>
      {!chosen && results.data && results.data.length > 0 && (
        <ul className="patient-options" aria-label="Matching patients">
          {results.data.map((p) => (
            <li key={p.id}>
              <button type="button" className="link-button" onClick={() => choose(p)}>
                {optionLabel(p)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function ReminderFields({ patientId, navigators, me }: { patientId?: string; navigators: Navigator[]; me: string | null }) {
  const emit = useEmit();
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
      <ErrorSummary form={form} labels={LABELS} />
      {!patientId && <Field form={form} name="patientUid" label={LABELS.patientUid}>{(control) => <PatientSearch form={form} control={control} />}</Field>}
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
