import { useState } from 'react';
import { DisputeSchema, MAX_DISPUTE_COMMENT } from '../../shared/schemas/identity-record';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { FormDialog } from '../kit/form-dialog';
import { applyServerErrors, CheckboxGroup, Field, useCareForm } from '../kit/forms';
import { toast } from '../kit/toasts';
import { disputeMatch, useIdentityMatches } from './identity.resource';

/** Spec 001 section 8: what the dispute dialog says. */
export const DISPUTE_TEXT = 'Once you submit the dispute, the medical data from the chosen sources will no longer be displayed until the dispute is resolved.';
export const DISPUTE_LABEL = 'Dispute the match of this patient';

/** The left menu's 'Dispute the match of this patient' (spec 001 section 6): shown when some source may still be disputed. */
export function DisputeMenuItem({ patientId, onDisputed }: { patientId: string; onDisputed: () => void }) {
  const [round, setRound] = useState(0);
  const [open, setOpen] = useState(false);
  const matches = useIdentityMatches(patientId, round);
  const sources = matches.data?.disputableSources ?? [];
  if (!sources.length) return null;
  return (
    <li>
      <button type="button" className="record-menu-action" onClick={() => setOpen(true)}>
        {DISPUTE_LABEL}
      </button>
      {open && (
        <DisputeDialog
          patientId={patientId}
          sources={sources}
          onClose={() => setOpen(false)}
          onDisputed={() => {
            setRound((r) => r + 1);
            onDisputed();
          }}
        />
      )}
    </li>
  );
}

function DisputeDialog({ patientId, sources, onClose, onDisputed }: { patientId: string; sources: string[]; onClose: () => void; onDisputed: () => void }) {
  const api = useWidgetApi();
  const form = useCareForm(DisputeSchema, { mode: 'onSubmit', defaultValues: { disputeComment: '', sitenames: [] } });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await disputeMatch(api, patientId, values.disputeComment.trim(), values.sitenames);
    } catch (error) {
      if (!applyServerErrors(form, error)) form.setError('root.server', { type: 'server', message: 'Oops, something went wrong!' });
      return;
    }
    toast('Dispute submitted', 'success');
    onDisputed();
    onClose();
  });
  return (
    <FormDialog label={DISPUTE_LABEL} form={form} labels={{ disputeComment: 'Comment', sitenames: 'Sources' }} onClose={onClose} onSubmit={() => void onSubmit()}>
      <p>{DISPUTE_TEXT}</p>
      <CheckboxGroup form={form} name="sitenames" label="Sources" choices={sources.map((s) => ({ value: s, label: s }))} />
      <Field form={form} name="disputeComment" label="Comment">
        {(control) => <textarea {...control} rows={4} maxLength={MAX_DISPUTE_COMMENT} {...form.register('disputeComment')} />}
      </Field>
    </FormDialog>
  );
}
