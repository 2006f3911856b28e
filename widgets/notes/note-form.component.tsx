import dayjs from 'dayjs';
import { nowMs } from '../../shared/clock';
import { NoteFormSchema, type NoteFormValues } from '../../shared/schemas/notes';
import { useEmit } from '../../shared/widget/emit';
import { ErrorSummary } from '../kit/error-summary';
import { FormButtons } from '../kit/form-buttons';
import { Field, useCareForm } from '../kit/forms';
import { useRecordSave } from '../kit/record-save';
import { SectionPage } from '../kit/section-page';
import { Toasts } from '../kit/toasts';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { useCreateNote } from './notes.resource';

const LABELS: Record<keyof NoteFormValues, string> = { note: 'Note', activityDate: 'Activity Date', sessionDurationMinutes: 'Session Duration (Minutes)' };
/** Spec 001 section 8. */
export const SAVED = 'Successfully saved!';
export const SAVE_FAILED = 'Oops, something went wrong!';

/** Spec 001 section 2 `notes/add`: after save or cancel the face sheet shows again. */
export function NoteForm({ patientId }: Pick<RecordPageProps, 'patientId'>) {
  const emit = useEmit();
  const create = useCreateNote(patientId);
  const form = useCareForm(NoteFormSchema, {
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { note: '', activityDate: dayjs(nowMs()).format('YYYY-MM-DD'), sessionDurationMinutes: '' },
  });
  const faceSheet = `/patients/${encodeURIComponent(patientId)}/face-sheet`;
  const back = () => emit('care-navigate', { path: faceSheet });

  const { onSubmit, busy } = useRecordSave(form, {
    submissionKey: `note-${patientId}`,
    save: create,
    type: 'notes',
    patientId,
    next: faceSheet,
    saved: SAVED,
    failed: SAVE_FAILED,
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
