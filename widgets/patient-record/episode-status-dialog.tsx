import { EpisodeStatusSchema } from '../../shared/schemas/demographics';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { FormDialog } from '../kit/form-dialog';
import { applyServerErrors, Field, formErrors, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { changeEpisodeStatus, useEpisodeStatuses } from './patient-header.resource';

export const SAVE_FAILED = 'Oops, something went wrong!';

/** A header dialog is mounted while open: each opening starts from the patient's current values. */
export interface HeaderDialogProps {
  onClose: () => void;
  /** After a change the header shows: the record reads the patient again. */
  onSaved: () => void;
}

/**
 * Spec 001 section 4 "Episode status": a modal with the reference statuses of
 * type Episode; on success the header's label updates, errors stay in the form.
 */
export function EpisodeStatusDialog({ onClose, onSaved, patientEpisodeUid, statusUid }: HeaderDialogProps & { patientEpisodeUid: string; statusUid: string | null }) {
  const client = useWidgetApi();
  const statuses = useEpisodeStatuses();
  const form = useCareForm(EpisodeStatusSchema, { defaultValues: { newStatus: statusUid ?? '' } });

  const onSubmit = form.handleSubmit(async ({ newStatus }) => {
    try {
      await changeEpisodeStatus(client, patientEpisodeUid, newStatus);
    } catch (error) {
      if (!applyServerErrors(form, formErrors(error))) form.setError('root.server', { type: 'server', message: SAVE_FAILED });
      return;
    }
    onSaved();
    onClose();
  });

  return (
    <FormDialog label="Change Episode Status" form={form} labels={{ newStatus: 'Episode Status' }} onClose={onClose} onSubmit={() => void onSubmit()}>
        <LoadState isLoading={statuses.isLoading} error={statuses.error} lines={1}>
          <Field form={form} name="newStatus" label="Episode Status">
            {(control) => (
              <select {...control} {...form.register('newStatus')}>
                <option value="">Choose a status</option>
                {statuses.data?.map((s) => (
                  <option key={s.uid} value={s.uid}>
                    {s.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </LoadState>
    </FormDialog>
  );
}
