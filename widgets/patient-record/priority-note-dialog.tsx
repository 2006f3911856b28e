import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import SlDialog from '@shoelace-style/shoelace/dist/react/dialog/index.js';
import { PriorityNoteSchema } from '../../shared/schemas/demographics';
import { MAX_LENGTH } from '../../shared/schemas/strings';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { ErrorSummary } from '../kit/error-summary';
import { applyServerErrors, Field, useCareForm } from '../kit/forms';
import { SAVE_FAILED, type HeaderDialogProps } from './episode-status-dialog';
import { formErrors } from '../kit/forms';
import { savePriorityNote } from './patient-header.resource';

/** Priority note add/edit (spec 001 "Patient header"): the banner under the header; saving it empty removes it. */
export function PriorityNoteDialog({ onClose, onSaved, patientUid, note }: HeaderDialogProps & { patientUid: string; note: string | null }) {
  const client = useWidgetApi();
  const form = useCareForm(PriorityNoteSchema, { defaultValues: { note: note ?? '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await savePriorityNote(client, patientUid, values.note.trim());
    } catch (error) {
      if (!applyServerErrors(form, formErrors(error))) form.setError('root.server', { type: 'server', message: SAVE_FAILED });
      return;
    }
    onSaved();
    onClose();
  });

  return (
    <SlDialog label={note ? 'Edit Priority Note' : 'Add Priority Note'} open onSlAfterHide={(e) => e.target === e.currentTarget && onClose()}>
      <form noValidate onSubmit={onSubmit}>
        <ErrorSummary form={form} labels={{ note: 'Priority Note' }} />
        <Field form={form} name="note" label="Priority Note" hint={`Shown to everyone who opens the record. Up to ${MAX_LENGTH.note} characters; leave empty to remove it.`}>
          {(control) => <textarea {...control} rows={4} maxLength={MAX_LENGTH.note} {...form.register('note')} />}
        </Field>
      </form>
      <SlButton slot="footer" onClick={onClose}>
        Cancel
      </SlButton>
      <SlButton slot="footer" variant="primary" disabled={form.formState.isSubmitting} onClick={() => void onSubmit()}>
        {form.formState.isSubmitting ? 'Working ...' : 'Save'}
      </SlButton>
    </SlDialog>
  );
}
