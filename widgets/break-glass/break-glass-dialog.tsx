import {
  BREAK_GLASS_OTHER_MIN, BREAK_GLASS_REASON_LABELS, BREAK_GLASS_REASON_TEXT_MAX, BREAK_GLASS_REASONS, BreakGlassSchema, type BreakGlassInput,
} from '../../shared/schemas/break-glass';
import { MAX_LENGTH } from '../../shared/schemas/strings';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { FormDialog } from '../kit/form-dialog';
import { applyServerErrors, Field, SelectField, useCareForm } from '../kit/forms';
import { useIdempotentSubmit } from '../kit/public-submit';
import { breakGlass } from './break-glass.resource';
import { EMERGENCY_ACCESS } from './emergency-access-label';


const LABELS = { reason: 'Reason', reasonText: 'Reason Details', password: 'Your Password' };
const REASONS = BREAK_GLASS_REASONS.map((value) => ({ value, label: BREAK_GLASS_REASON_LABELS[value] }));

/**
 * Issue 38: breaking the glass on a record the caller may not open. Says what
 * will happen before anything does; the reason and the caller's password
 * open a read-only window (the server's division setting says how long), and
 * `onOpened` then opens the record.
 */
export function BreakGlassDialog({ patientUid, patientName, onClose, onOpened }: { patientUid: string; patientName: string; onClose: () => void; onOpened: () => void }) {
  const api = useWidgetApi();
  const { submit, busy } = useIdempotentSubmit(`break-glass-${patientUid}`);
  const form = useCareForm(BreakGlassSchema, { mode: 'onSubmit', defaultValues: { patientUid, reason: '' as BreakGlassInput['reason'], reasonText: '', password: '' } });
  const reason = form.watch('reason');
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const opened = await submit((key) => breakGlass(api, values, key));
      if (opened) onOpened();
    } catch (error) {
      form.setValue('password', '');
      if (!applyServerErrors(form, error)) form.setError('root.server', { type: 'server', message: error instanceof Error && error.message ? error.message : 'Oops, something went wrong!' });
    }
  });
  return (
    <FormDialog label={`${EMERGENCY_ACCESS}: ${patientName}`} form={form} labels={LABELS} onClose={onClose} onSubmit={() => void onSubmit()} saveLabel="Open Record" busy={busy}>
      <div className="break-glass-notice" role="note">
        <p>
          <strong>This record is restricted.</strong> Open it only for an emergency.
        </p>
        <ul>
          <li>You will see it read-only, for a limited time.</li>
          <li>Every page you open is recorded with your reason.</li>
          <li>The child&apos;s case worker, their supervisor and the privacy officer are e-mailed now, and the access is reviewed.</li>
        </ul>
      </div>
      <SelectField form={form} name="reason" label={LABELS.reason} options={REASONS} empty="Choose a reason" />
      {reason === 'other' && (
        <Field form={form} name="reasonText" label={LABELS.reasonText} hint={`At least ${BREAK_GLASS_OTHER_MIN} characters`}>
          {(control) => <textarea {...control} rows={3} maxLength={BREAK_GLASS_REASON_TEXT_MAX} {...form.register('reasonText')} />}
        </Field>
      )}
      <Field form={form} name="password" label={LABELS.password} hint="Confirms it is you">
        {(control) => <input {...control} type="password" autoComplete="current-password" maxLength={MAX_LENGTH.password} {...form.register('password')} />}
      </Field>
    </FormDialog>
  );
}
