import { useEffect, useRef, useState } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import SlAlert from '@shoelace-style/shoelace/dist/react/alert/index.js';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import SlDialog from '@shoelace-style/shoelace/dist/react/dialog/index.js';
import { SUCCESS_MESSAGE_DELAY_MS } from '../../shared/constants';
import { formatDate, formatDateTime } from '../../shared/format';
import { HWC_DISMISS_CONFIRM, HWC_DISMISSED, HWC_NEED_EMAIL, HWC_SENT, HwcDetailSchema, NEW_FACILITY, type HwcDetailValues } from '../../shared/schemas/hwc';
import { useEmit } from '../../shared/widget/emit';
import { ErrorSummary } from '../kit/error-summary';
import { applyServerErrors, errorOf, Field, fieldText, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { toast, Toasts } from '../kit/toasts';
import { HwcStyles } from './hwc.styles';
import { toDetailErrors, useDismiss, useDistributionList, useHwcRecord, useSaveAndResend, type HwcNotice, type HwcRecord, type Option } from './hwc.resource';
import { whenClosed } from '../kit/dialog-closed';

export const SAVE_FAILED = 'The entry could not be saved. Please try again.';
const STATUS_LABEL: Record<HwcNotice['status'], string> = { pending: 'Queued', delivered: 'Delivered', failed: 'Failed' };
const LABELS: Record<string, string> = { facilityUid: 'School', facilityName: 'New School Name', facilityDistributionLists: 'Distribution List' };

function Deliveries({ notices }: { notices: HwcNotice[] }) {
  if (notices.length === 0) return <p className="load-state load-state-empty">No notice has been sent for this entry yet.</p>;
  return (
    <table className="hwc-deliveries" aria-label="Notices sent">
      <thead>
        <tr>
          <th>Recipient</th>
          <th>Email</th>
          <th>School</th>
          <th>Sent</th>
          <th>Status</th>
        </tr>
      </thead>
      <tbody>
        {notices.map((n) => (
          <tr key={n.noticeUid}>
            <td data-label="Recipient">{n.recipientName}</td>
            <td data-label="Email">{n.emailAddress}</td>
            <td data-label="School">{n.facilityName ?? ''}</td>
            <td data-label="Sent">{formatDateTime(n.createdAt)}</td>
            <td data-label="Status">
              <span className={`hwc-notice-status ${n.status}`}>{STATUS_LABEL[n.status]}</span>
              {n.deliveredAt && <> {formatDateTime(n.deliveredAt)}</>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DistributionList({ form }: { form: UseFormReturn<HwcDetailValues> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'facilityDistributionLists', keyName: 'key' });
  const listError = errorOf(form as never, 'facilityDistributionLists');
  return (
    <fieldset>
      <legend>Distribution List</legend>
      {fields.length === 0 && <p className="field-hint">No email addresses for this school yet.</p>}
      <ul className="hwc-entries">
        {fields.map((entry, index) =>
          entry.id ? (
            // Saved entries are locked (spec 002): shown, never edited or removed.
            <li key={entry.key} className="hwc-entry locked" data-testid="locked-entry">
              <span>{entry.name}</span>
              <span>{entry.emailAddress}</span>
              <span className="locked-note">Saved</span>
            </li>
          ) : (
            <li key={entry.key} className="hwc-entry" data-testid="new-entry">
              <Field form={form} name={`facilityDistributionLists.${index}.name`} label="Name" />
              <Field form={form} name={`facilityDistributionLists.${index}.emailAddress`} label="Email Address" type="email" />
              <SlButton variant="default" onClick={() => remove(index)} aria-label={`Remove entry ${index + 1}`}>
                Remove
              </SlButton>
            </li>
          ),
        )}
      </ul>
      {listError && (
        <p className="field-error" role="alert">
          {fieldText('Distribution List', listError)}
        </p>
      )}
      <SlButton onClick={() => append({ name: '', emailAddress: '' })}>Add Email</SlButton>
    </fieldset>
  );
}

function DetailForm({ record, schools }: { record: HwcRecord; schools: Option[] }) {
  const emit = useEmit();
  const loadList = useDistributionList();
  const saveAndResend = useSaveAndResend();
  const dismiss = useDismiss();
  const [choices, setChoices] = useState(schools);
  const [done, setDone] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [working, setWorking] = useState(false);
  const leaveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const form = useCareForm(HwcDetailSchema, {
    defaultValues: record.facilityUid
      ? { facilityUid: record.facilityUid, facilityName: record.facilityName, facilityDistributionLists: [] }
      : { facilityUid: NEW_FACILITY, facilityName: record.facilityName, facilityDistributionLists: [] },
  });
  const facilityUid = form.watch('facilityUid');
  const [listState, setListState] = useState<'idle' | 'loading' | 'error'>('idle');

  useEffect(() => () => clearTimeout(leaveTimer.current), []);

  // The chosen school's saved addresses come with it; a new school starts empty.
  useEffect(() => {
    let live = true;
    const keepNew = form.getValues('facilityDistributionLists').filter((e) => !e.id);
    if (!facilityUid || facilityUid === NEW_FACILITY) {
      form.setValue('facilityDistributionLists', keepNew);
      return;
    }
    setListState('loading');
    loadList(facilityUid).then(
      (saved) => {
        if (!live) return;
        form.setValue('facilityDistributionLists', [...saved, ...keepNew]);
        setListState('idle');
      },
      () => live && setListState('error'),
    );
    return () => {
      live = false;
    };
  }, [facilityUid, form, loadList]);

  const locked = record.isIgnored || done !== null;

  const onSubmit = form.handleSubmit(
    async (values) => {
      setWorking(true);
      try {
        await saveAndResend(record, values, (progress) => {
          // A finished step is kept, so a retry does not create the school or an address twice.
          if (progress.facilityUid !== form.getValues('facilityUid')) {
            setChoices((c) => (c.some((s) => s.id === progress.facilityUid) ? c : [...c, { id: progress.facilityUid, label: progress.facilityName }]));
          }
          form.reset(progress, { keepErrors: true, keepSubmitCount: true });
        });
      } catch (error) {
        if (!applyServerErrors(form, toDetailErrors(error))) toast(SAVE_FAILED, 'danger');
        setWorking(false);
        return;
      }
      setDone(HWC_SENT);
      toast(HWC_SENT, 'success');
      emit('care-saved', { type: 'hwc-patient', hwcPatientUid: record.hwcPatientUid });
      leaveTimer.current = setTimeout(() => emit('care-navigate', { path: '/home' }), SUCCESS_MESSAGE_DELAY_MS);
    },
    () => {
      // The kit shows an empty list as "is required"; the spec's words are 'Need at least one email!'.
      if (form.getValues('facilityDistributionLists').length === 0) form.setError('facilityDistributionLists', { type: 'min', message: HWC_NEED_EMAIL });
    },
  );

  const onDismiss = async () => {
    setWorking(true);
    try {
      await dismiss(record.hwcPatientUid);
    } catch (error) {
      setWorking(false);
      setConfirming(false);
      toast(error instanceof Error && 'status' in error && (error as { status: number }).status === 409 ? 'This entry was already dismissed.' : SAVE_FAILED, 'danger');
      return;
    }
    setConfirming(false);
    setDone(HWC_DISMISSED);
    toast(HWC_DISMISSED, 'success');
    emit('care-saved', { type: 'hwc-patient', hwcPatientUid: record.hwcPatientUid, isIgnored: true });
    emit('care-navigate', { path: '/home' });
  };

  if (record.isIgnored) return <SlAlert variant="neutral" open>This entry was dismissed and cannot be changed.</SlAlert>;

  return (
    <form noValidate onSubmit={onSubmit}>
      <ErrorSummary form={form} labels={LABELS} />
      <fieldset disabled={locked || working}>
        <legend>School</legend>
        <Field form={form} name="facilityUid" label={LABELS.facilityUid}>
          {(control) => (
            <select {...control} {...form.register('facilityUid')}>
              <option value="">Select a school ...</option>
              {choices.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
              <option value={NEW_FACILITY}>New school ...</option>
            </select>
          )}
        </Field>
        {facilityUid === NEW_FACILITY && <Field form={form} name="facilityName" label={LABELS.facilityName} />}
        {listState === 'loading' && <p className="field-hint">Loading the distribution list ...</p>}
        {listState === 'error' && <p className="field-error">Oops, something went wrong!</p>}
      </fieldset>
      {!locked && <DistributionList form={form} />}
      {done && (
        <SlAlert variant="success" open className="hwc-sent">
          {done}
        </SlAlert>
      )}
      <div className="hwc-buttons">
        <SlButton variant="danger" outline size="large" disabled={locked || working} onClick={() => setConfirming(true)}>
          Dismiss
        </SlButton>
        <SlButton type="submit" variant="primary" size="large" disabled={locked || working || listState !== 'idle'}>
          {working ? 'Working ...' : 'Save and Resend'}
        </SlButton>
      </div>
      <SlDialog label="Dismiss Entry" open={confirming} onSlAfterHide={whenClosed(() => setConfirming(false))}>
        <p>{HWC_DISMISS_CONFIRM}</p>
        <SlButton slot="footer" onClick={() => setConfirming(false)} disabled={working}>
          Cancel
        </SlButton>
        <SlButton slot="footer" variant="danger" onClick={() => void onDismiss()} disabled={working}>
          Dismiss
        </SlButton>
      </SlDialog>
    </form>
  );
}

export interface HwcDetailProps {
  /** The hwc_patient id (`/hwc/{id}`). */
  hwcId: string;
}

/** Spec 002 "Handle with Care detail (/hwc/{id})": the record, the deliveries, assign a school, save then resend, or dismiss. */
export function HwcDetail({ hwcId }: HwcDetailProps) {
  const loaded = useHwcRecord(hwcId);
  const record = loaded.data?.record;
  const notFound = loaded.error && typeof loaded.error === 'object' && 'status' in loaded.error && (loaded.error as { status: number }).status === 404;
  return (
    <section className="hwc hwc-detail">
      <HwcStyles />
      <h1>Handle with Care</h1>
      <LoadState isLoading={loaded.isLoading} error={notFound ? null : loaded.error} isEmpty={Boolean(notFound)} emptyText="Entry not found" lines={6}>
        {record && loaded.data && (
          <>
            <dl className="hwc-facts">
              <dt>Name</dt>
              <dd data-testid="hwc-name">{record.name}</dd>
              <dt>Gender</dt>
              <dd>{record.genderLabel ?? ''}</dd>
              <dt>Age</dt>
              <dd>{record.age}</dd>
              <dt>School</dt>
              <dd>{record.facilityName}</dd>
              <dt>Officer</dt>
              <dd>{record.officerName}</dd>
              <dt>Created</dt>
              <dd>{formatDate(record.createdDate)}</dd>
              {record.didntSendReason && (
                <>
                  <dt>Not Sent</dt>
                  <dd data-testid="didnt-send-reason">{record.didntSendReason}</dd>
                </>
              )}
            </dl>
            <h2>Notices Sent</h2>
            <Deliveries notices={record.notices} />
            <h2>Assign a School</h2>
            <DetailForm record={record} schools={loaded.data.schools} />
          </>
        )}
      </LoadState>
      <Toasts />
    </section>
  );
}
