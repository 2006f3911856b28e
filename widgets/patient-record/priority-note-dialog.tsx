import { PriorityNoteSchema } from '../../shared/schemas/demographics';
import { MAX_LENGTH } from '../../shared/schemas/strings';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { FormDialog } from '../kit/form-dialog';
import { applyServerErrors, Field, formErrors, useCareForm } from '../kit/forms';
import { SAVE_FAILED, type HeaderDialogProps } from './episode-status-dialog';
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
    <FormDialog label={note ? 'Edit Priority Note' : 'Add Priority Note'} form={form} labels={{ note: 'Priority Note' }} onClose={onClose} onSubmit={() => void onSubmit()}>
        <Field form={form} name="note" label="Priority Note" hint={`Shown to everyone who opens the record. Up to ${MAX_LENGTH.note} characters; leave empty to remove it.`}>
          {(control) => <textarea {...control} rows={4} maxLength={MAX_LENGTH.note} {...form.register('note')} />}
        </Field>
    </FormDialog>
  );
}
