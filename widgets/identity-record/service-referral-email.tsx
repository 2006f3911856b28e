import { useState } from 'react';
import {
  MAX_REFERRAL_MESSAGE, MAX_REFERRAL_SUBJECT, SERVICE_REFERRAL_CONFIRMATION, ServiceReferralEmailSchema,
} from '../../shared/schemas/identity-record';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { FormDialog } from '../kit/form-dialog';
import { applyServerErrors, Field, useCareForm } from '../kit/forms';
import { useIdempotentSubmit } from '../kit/public-submit';
import { toast } from '../kit/toasts';
import { sendServiceReferralEmail } from './identity.resource';

export const SERVICE_REFERRAL_LABEL = 'Service Referral Email';

/**
 * The left menu's Service Referral Email (spec 001 sections 6 and 8): for
 * identity users; the dialog says the confirmation text before the e-mail is
 * generated, and sends it to the case's worker and supervisor.
 */
export function ServiceReferralEmailMenuItem({ patientId }: { patientId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <li>
      <button type="button" className="record-menu-action" onClick={() => setOpen(true)}>
        {SERVICE_REFERRAL_LABEL}
      </button>
      {open && <ServiceReferralDialog patientId={patientId} onClose={() => setOpen(false)} />}
    </li>
  );
}

function ServiceReferralDialog({ patientId, onClose }: { patientId: string; onClose: () => void }) {
  const api = useWidgetApi();
  // One Idempotency-Key per confirmation: a double click or a retry sends nothing twice.
  const { submit, busy } = useIdempotentSubmit(`service-referral-${patientId}`);
  const form = useCareForm(ServiceReferralEmailSchema, { mode: 'onSubmit', defaultValues: { subject: 'Service Referral', additionalMessage: '' } });
  const onSubmit = form.handleSubmit(async (values) => {
    let recipients: string[] | undefined;
    try {
      recipients = await submit((key) => sendServiceReferralEmail(api, patientId, values.subject.trim(), values.additionalMessage?.trim() || null, key));
    } catch (error) {
      if (!applyServerErrors(form, error)) form.setError('root.server', { type: 'server', message: 'Oops, something went wrong!' });
      return;
    }
    if (!recipients) return;
    toast(`Service referral e-mail sent to ${recipients.join(', ')}`, 'success');
    onClose();
  });
  return (
    <FormDialog
      label={SERVICE_REFERRAL_LABEL}
      form={form}
      labels={{ subject: 'Subject', additionalMessage: 'Additional Message' }}
      onClose={onClose}
      onSubmit={() => void onSubmit()}
      saveLabel="Send"
      busy={busy}
    >
      <p role="note">{SERVICE_REFERRAL_CONFIRMATION}</p>
      <Field form={form} name="subject" label="Subject">
        {(control) => <input {...control} type="text" maxLength={MAX_REFERRAL_SUBJECT} {...form.register('subject')} />}
      </Field>
      <Field form={form} name="additionalMessage" label="Additional Message">
        {(control) => <textarea {...control} rows={4} maxLength={MAX_REFERRAL_MESSAGE} {...form.register('additionalMessage')} />}
      </Field>
    </FormDialog>
  );
}
