import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { useState } from 'react';
import { formatDate, formatDateTime } from '../../shared/format';
import { CARE_FLAGS, hasAnyFlag } from '../../shared/permissions';
import { EhrReferralAnswerSchema, REJECTION_LABELS, REJECTION_REASONS, TRANSITION_ACTIONS, type EhrReferralAnswer, type FhirTaskStatus } from '../../shared/schemas/fhir-referrals';
import { FormDialog } from '../kit/form-dialog';
import { applyServerErrors, Field, formErrors, SelectField, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { RowsTable, type RowsColumn } from '../kit/rows-table';
import { StatusBadge } from '../kit/status-badge';
import { toast } from '../kit/toasts';
import { useFlags } from '../kit/use-flags';
import { useAnswerEhrReferral, useEhrReferrals, type EhrReferral } from './outbound-referrals.resource';

export const EHR_REFERRALS_TITLE = 'Referrals From Outside Systems';
export const ANSWER_FAILED = 'Oops, something went wrong!';
const ANSWERED: Record<string, string> = { accepted: 'Referral accepted', rejected: 'Referral rejected', 'in-progress': 'Referral started', completed: 'Referral completed' };
const BADGE: Record<FhirTaskStatus, 'success' | 'danger' | 'warning'> = {
  requested: 'warning',
  received: 'warning',
  accepted: 'success',
  'in-progress': 'success',
  completed: 'success',
  rejected: 'danger',
  cancelled: 'danger',
};

type Target = EhrReferralAnswer['status'];
/** Answers that need a word from the person: why it is rejected, what was done. */
const ASKS: Partial<Record<Target, { label: string; save: string }>> = {
  rejected: { label: 'Reject Referral', save: 'Reject' },
  completed: { label: 'Complete Referral', save: 'Complete' },
};
const LABELS = { statusReason: 'Reason', output: 'What Was Done' };

/** The reason for a rejection, or what was done for a completion: the EHR reads it on its Task. */
function AnswerDialog({ referral, status, onClose, onAnswered }: { referral: EhrReferral; status: Target; onClose: () => void; onAnswered: () => void }) {
  const answer = useAnswerEhrReferral();
  const form = useCareForm(EhrReferralAnswerSchema, { defaultValues: { status, statusReason: null, output: '' } });
  const ask = ASKS[status]!;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await answer(referral.referralUid, status === 'rejected' ? { status, statusReason: values.statusReason } : { status, output: values.output });
    } catch (error) {
      if (!applyServerErrors(form, formErrors(error))) form.setError('root.server', { type: 'server', message: ANSWER_FAILED });
      return;
    }
    toast(ANSWERED[status], 'success');
    onAnswered();
  });
  return (
    <FormDialog label={ask.label} form={form} labels={LABELS} onClose={onClose} onSubmit={() => void onSubmit()} saveLabel={ask.save}>
      <p className="referral-note">
        {referral.whatFor}, from {referral.fromSystemName}. {referral.fromSystemName} sees this answer on its referral.
      </p>
      {status === 'rejected' ? (
        <SelectField form={form} name="statusReason" label={LABELS.statusReason} options={REJECTION_REASONS.map((r) => ({ value: r.code, label: r.label }))} />
      ) : (
        <Field form={form} name="output" label={LABELS.output} hint="What the patient was connected to, or what was done for them.">
          {(control) => <textarea {...control} rows={4} {...form.register('output')} />}
        </Field>
      )}
    </FormDialog>
  );
}

function Status({ referral }: { referral: EhrReferral }) {
  // A rejection's reason is a code of Careweave's list; a cancellation's, the referring system's own words.
  const why = referral.statusReason ? (REJECTION_LABELS[referral.statusReason] ?? referral.statusReason) : referral.outputDisplay;
  return (
    <span className="referral-status">
      <StatusBadge variant={BADGE[referral.status]}>{referral.statusLabel}</StatusBadge>
      {why && <small className="note-text">{why}</small>}
      <small className="status-time">{formatDateTime(referral.statusChangedAt)}</small>
    </span>
  );
}

/**
 * Issue 35 section 3: the referrals EHRs sent for this patient by FHIR (the
 * Gravity loop), with the answers staff who take referrals give them:
 * accept, reject with a reason, start, complete with what was done. The
 * referring system reads each on its Task.
 */
export function EhrReferrals({ patientId }: { patientId: string }) {
  const referrals = useEhrReferrals(patientId);
  const flags = useFlags();
  const answer = useAnswerEhrReferral();
  const [asking, setAsking] = useState<{ referral: EhrReferral; status: Target } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const rows = referrals.data ?? [];
  if (!referrals.isLoading && !referrals.error && rows.length === 0) return null;
  const mayAnswer = !!flags && hasAnyFlag(flags, CARE_FLAGS);

  const choose = async (referral: EhrReferral, status: Target) => {
    if (ASKS[status]) return setAsking({ referral, status });
    setBusy(referral.referralUid);
    try {
      await answer(referral.referralUid, { status });
      toast(ANSWERED[status], 'success');
      referrals.reload();
    } catch {
      toast(ANSWER_FAILED, 'danger');
    } finally {
      setBusy(null);
    }
  };

  const columns: RowsColumn<EhrReferral>[] = [
    { header: 'Date', cell: (r) => formatDate(r.eventDate) },
    { header: 'From', cell: (r) => (r.requesterName && r.requesterName !== r.fromSystemName ? `${r.requesterName} (${r.fromSystemName})` : r.fromSystemName) },
    {
      header: 'For',
      primary: true,
      cell: (r) => (
        <span className="referral-target">
          {r.reason ? `${r.whatFor}: ${r.reason}` : r.whatFor}
          {!!r.codes?.length && <small className="referral-codes">{r.codes.join(' · ')}</small>}
        </span>
      ),
    },
    { header: 'Priority', cell: (r) => r.priorityLabel },
    { header: 'Status', cell: (r) => <Status referral={r} /> },
    ...(mayAnswer
      ? [
          {
            header: 'Answer',
            cell: (r: EhrReferral) =>
              r.nextStatuses.length ? (
                <span className="referral-actions">
                  {r.nextStatuses.map((s) => (
                    <SlButton key={s} size="small" variant={s === 'rejected' ? 'default' : 'primary'} outline loading={busy === r.referralUid} onClick={() => void choose(r, s as Target)}>
                      {TRANSITION_ACTIONS[s as Target]}
                    </SlButton>
                  ))}
                </span>
              ) : (
                '—'
              ),
          },
        ]
      : []),
  ];

  return (
    <section className="card received-referrals ehr-referrals" aria-labelledby="ehr-referrals">
      <h3 id="ehr-referrals">{EHR_REFERRALS_TITLE}</h3>
      <LoadState isLoading={referrals.isLoading} error={referrals.error} lines={2}>
        <RowsTable rows={rows} columns={columns} rowKey={(r) => r.referralUid} minWidth="44rem" />
      </LoadState>
      {asking && (
        <AnswerDialog
          referral={asking.referral}
          status={asking.status}
          onClose={() => setAsking(null)}
          onAnswered={() => {
            setAsking(null);
            referrals.reload();
          }}
        />
      )}
    </section>
  );
}
