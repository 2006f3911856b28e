import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import SlDialog from '@shoelace-style/shoelace/dist/react/dialog/index.js';
import { EpisodeStatusSchema } from '../../shared/schemas/demographics';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { ErrorSummary } from '../kit/error-summary';
import { applyServerErrors, Field, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { formErrors } from '../kit/forms';
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
    <SlDialog label="Change Episode Status" open onSlAfterHide={(e) => e.target === e.currentTarget && onClose()}>
      <form noValidate onSubmit={onSubmit}>
        <ErrorSummary form={form} labels={{ newStatus: 'Episode Status' }} />
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
