import dayjs from 'dayjs';
import { NoteFormSchema, type NoteFormValues } from '../../shared/schemas/notes';
import { useEmit } from '../../shared/widget/emit';
import { ErrorSummary } from '../kit/error-summary';
import { FormButtons } from '../kit/form-buttons';
import { applyServerErrors, Field, formErrors, useCareForm } from '../kit/forms';
import { useIdempotentSubmit } from '../kit/public-submit';
import { SectionPage } from '../kit/section-page';
import { toast, Toasts } from '../kit/toasts';
import type { RecordPageProps } from '../patient-record/record-pages';
import { useCreateNote } from './notes.resource';

const LABELS: Record<keyof NoteFormValues, string> = { note: 'Note', activityDate: 'Activity Date', sessionDurationMinutes: 'Session Duration (Minutes)' };
/** Spec 001 section 8. */
export const SAVED = 'Successfully saved!';
export const SAVE_FAILED = 'Oops, something went wrong!';

/** Spec 001 section 2 `notes/add`: after save or cancel the face sheet shows again. */
export function NoteForm({ patientId }: Pick<RecordPageProps, 'patientId'>) {
  const emit = useEmit();
  const create = useCreateNote(patientId);
  const { submit, busy } = useIdempotentSubmit(`note-${patientId}`);
  const form = useCareForm(NoteFormSchema, {
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { note: '', activityDate: dayjs().format('YYYY-MM-DD'), sessionDurationMinutes: '' },
  });
  const back = () => emit('care-navigate', { path: `/patients/${encodeURIComponent(patientId)}/face-sheet` });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (!(await submit((key) => create(values, key)))) return;
    } catch (error) {
      if (!applyServerErrors(form, formErrors(error))) toast(SAVE_FAILED, 'danger');
      return;
    }
    toast(SAVED, 'success');
    emit('care-saved', { type: 'notes', patientUid: patientId });
    back();
  });

  return (
    <SectionPage title="Add Note">
      <form noValidate onSubmit={onSubmit}>
        <ErrorSummary form={form} labels={LABELS} />
        <Field form={form} name="note" label={LABELS.note}>
          {(control) => <textarea {...control} rows={6} {...form.register('note')} />}
        </Field>
        <Field form={form} name="activityDate" label={LABELS.activityDate} type="date" />
        <Field form={form} name="sessionDurationMinutes" label={LABELS.sessionDurationMinutes}>
          {(control) => <input {...control} type="number" min={0} step={1} inputMode="numeric" {...form.register('sessionDurationMinutes')} />}
        </Field>
        <FormButtons busy={busy} onCancel={back} />
      </form>
      <Toasts />
    </SectionPage>
  );
}
