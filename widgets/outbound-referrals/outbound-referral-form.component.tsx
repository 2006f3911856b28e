import { useId, useState } from 'react';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { now } from '../../shared/clock';
import { formatDate, formatDateTime } from '../../shared/format';
import { CARE_FLAGS, hasAnyFlag } from '../../shared/permissions';
import {
  OutboundReferralFormSchema,
  PRIORITY_LABELS,
  REFERRAL_PRIORITIES,
  REFERRAL_TARGETS,
  TARGET_LABELS,
  type OutboundReferralFormValues,
  type ReferralTarget,
} from '../../shared/schemas/outbound-referrals';
import { useEmit } from '../../shared/widget/emit';
import { ErrorSummary } from '../kit/error-summary';
import { FormButtons } from '../kit/form-buttons';
import { errorOf, Field, fieldText, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { useRecordSave } from '../kit/record-save';
import { SectionPage } from '../kit/section-page';
import { toast, Toasts } from '../kit/toasts';
import { useFacilities, type FacilityOption } from '../kit/use-facilities';
import { useFlags } from '../kit/use-flags';
import { useProviders, type ProviderOption } from '../kit/use-providers';
import { useReferenceList, type ReferenceOption } from '../kit/use-reference-list';
import { useUnsavedPrompt } from '../kit/use-unsaved-prompt';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { ReferralStatus } from './outbound-referrals-list.component';
import {
  useAnswerReferral,
  useReferral,
  useReferralDivisions,
  useSaveReferral,
  type DivisionOption,
  type ReceivedReferral,
  type SentReferral,
} from './outbound-referrals.resource';
import { ReferralStyles } from './outbound-referrals.styles';

export const LABELS: Record<keyof OutboundReferralFormValues, string> = {
  specialtyUid: 'Specialty',
  eventDate: 'Referral Date',
  toType: 'Refer To',
  toProviderUid: 'Provider',
  toFacilityUid: 'Facility',
  toDivisionUid: 'Division',
  priority: 'Priority',
  statusUid: 'Status',
  reason: 'Reason',
  notes: 'Notes',
};
/** Spec 001 section 8. */
export const SAVED = 'Successfully saved!';
export const SAVE_FAILED = 'Oops, something went wrong!';
export const DIVISION_ANSWERS = 'The receiving division sets the status when it answers.';
/** `outbound-referrals/add` for a mode that reads referrals but does not refer (CIT). */
export const READ_ONLY = 'Referrals are added by care coordinators.';
export const TARGET_LOCKED = 'A referral sent to another division stays with it; add a new referral to send it elsewhere.';
export const FHIR_TARGET_LOCKED = 'A referral sent by FHIR stays with its facility; add a new referral to send it elsewhere.';

/** Where a referral sent by FHIR (issue 35) stands: sent or waiting to be, and what the facility's server last said. */
function SentByFhir({ referral }: { referral: SentReferral }) {
  const said = [referral.fhirBusinessStatus, referral.fhirOutput].filter(Boolean).join(' · ');
  return (
    <p className="referral-note">
      {referral.fhirSentAt ? `Sent to ${referral.toName} by FHIR on ${formatDateTime(referral.fhirSentAt)}` : `Waiting to be sent to ${referral.toName} by FHIR`}; {referral.toName} sets the status.
      {said && ` Last update: ${said}.`}
    </p>
  );
}

interface Options {
  specialties: ReferenceOption[];
  statuses: ReferenceOption[];
  providers: ProviderOption[];
  facilities: FacilityOption[];
  divisions: DivisionOption[];
}

const today = () => now().toLocaleDateString('en-CA');

function valuesOf(r: SentReferral | null, statuses: ReferenceOption[]): OutboundReferralFormValues {
  return {
    specialtyUid: r?.specialtyUid ?? '',
    eventDate: r?.eventDate ?? today(),
    toType: r?.toType ?? '',
    toProviderUid: r?.toProviderUid ?? '',
    toFacilityUid: r?.toFacilityUid ?? '',
    toDivisionUid: r?.toDivisionUid ?? '',
    priority: r?.priority ?? 'routine',
    statusUid: r?.statusUid ?? statuses.find((s) => s.label === 'Pending')?.uid ?? '',
    reason: r?.reason ?? '',
    notes: r?.notes ?? '',
  };
}

function Select({ control, options, placeholder, ...rest }: { control: object; options: { value: string; label: string }[]; placeholder: string } & React.SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select {...control} {...rest}>
      <option value="">{placeholder}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** The sender's form: add (`outbound-referrals/add`) or edit. */
function ReferralFields({ patientId, referral, options }: { patientId: string; referral: SentReferral | null; options: Options }) {
  const emit = useEmit();
  const radioId = useId();
  const save = useSaveReferral(patientId, referral?.outboundReferralUid ?? null);
  const form = useCareForm(OutboundReferralFormSchema, { mode: 'onSubmit', reValidateMode: 'onSubmit', defaultValues: valuesOf(referral, options.statuses) });
  const release = useUnsavedPrompt(form.formState.isDirty);
  const list = `/patients/${encodeURIComponent(patientId)}/outbound-referrals`;
  const toType = form.watch('toType') as ReferralTarget | '';
  // Once sent to a division (its inbound referral) or to a facility by FHIR (its Task), a referral cannot be redirected.
  const locked = referral?.toType === 'division' || !!referral?.sentByFhir;
  const targetError = errorOf(form as never, 'toType');

  const { onSubmit, busy } = useRecordSave(form, {
    submissionKey: `outbound-referral-${patientId}-${referral?.outboundReferralUid ?? 'new'}`,
    save,
    type: 'outbound-referrals',
    patientId,
    next: list,
    saved: SAVED,
    failed: SAVE_FAILED,
    release,
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <ErrorSummary form={form} labels={LABELS} />
      <Field form={form} name="specialtyUid" label={LABELS.specialtyUid}>
        {(control) => <Select control={control} {...form.register('specialtyUid')} placeholder="Choose a specialty" options={options.specialties.map((s) => ({ value: s.uid, label: s.label }))} />}
      </Field>
      <Field form={form} name="eventDate" label={LABELS.eventDate} type="date" />
      <fieldset className="field radio-group" data-field="toType" aria-describedby={targetError ? `${radioId}-error` : locked ? `${radioId}-hint` : undefined}>
        <legend>{LABELS.toType}</legend>
        <div className="radio-options">
          {REFERRAL_TARGETS.map((t) => (
            <label key={t} className="radio">
              <input type="radio" value={t} disabled={locked} aria-invalid={Boolean(targetError)} {...form.register('toType')} />
              {TARGET_LABELS[t]}
            </label>
          ))}
        </div>
        {locked && (
          <span id={`${radioId}-hint`} className="field-hint">
            {referral?.sentByFhir ? FHIR_TARGET_LOCKED : TARGET_LOCKED}
          </span>
        )}
        {targetError && (
          <span id={`${radioId}-error`} className="field-error">
            {fieldText(LABELS.toType, targetError)}
          </span>
        )}
      </fieldset>
      {toType === 'provider' && (
        <Field form={form} name="toProviderUid" label={LABELS.toProviderUid}>
          {(control) => (
            <Select
              control={control}
              {...form.register('toProviderUid')}
              placeholder="Choose a provider"
              options={options.providers.map((p) => ({ value: p.providerUid, label: p.providerRoleLabel ? `${p.displayName} (${p.providerRoleLabel})` : p.displayName }))}
            />
          )}
        </Field>
      )}
      {toType === 'facility' && (
        <Field form={form} name="toFacilityUid" label={LABELS.toFacilityUid}>
          {(control) => <Select control={control} {...form.register('toFacilityUid')} placeholder="Choose a facility" options={options.facilities.map((f) => ({ value: f.facilityUid, label: f.facilityName }))} />}
        </Field>
      )}
      {toType === 'division' && (
        <Field form={form} name="toDivisionUid" label={LABELS.toDivisionUid}>
          {(control) => (
            <Select
              control={control}
              {...form.register('toDivisionUid')}
              disabled={locked}
              placeholder="Choose a division"
              options={(locked && referral ? [{ divisionUid: referral.toDivisionUid!, divisionName: referral.toName }] : options.divisions).map((d) => ({ value: d.divisionUid, label: d.divisionName }))}
            />
          )}
        </Field>
      )}
      <Field form={form} name="priority" label={LABELS.priority}>
        {(control) => <Select control={control} {...form.register('priority')} placeholder="Choose a priority" options={REFERRAL_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))} />}
      </Field>
      {toType === 'division' || referral?.sentByFhir ? (
        <div className="field">
          <span>{LABELS.statusUid}</span>
          {referral ? <ReferralStatus label={referral.statusLabel} changedAt={referral.statusChangedAt} /> : null}
          {referral?.sentByFhir ? <SentByFhir referral={referral} /> : <p className="referral-note">{DIVISION_ANSWERS}</p>}
        </div>
      ) : (
        <Field form={form} name="statusUid" label={LABELS.statusUid}>
          {(control) => <Select control={control} {...form.register('statusUid')} placeholder="Choose a status" options={options.statuses.map((s) => ({ value: s.uid, label: s.label }))} />}
        </Field>
      )}
      <Field form={form} name="reason" label={LABELS.reason}>
        {(control) => <textarea {...control} rows={3} {...form.register('reason')} />}
      </Field>
      <Field form={form} name="notes" label={LABELS.notes}>
        {(control) => <textarea {...control} rows={3} {...form.register('notes')} />}
      </Field>
      <FormButtons busy={busy} onCancel={() => emit('care-navigate', { path: list })} />
    </form>
  );
}

/**
 * A referral another division sent to this record: what was asked, by whom,
 * and the receiver's answer, which goes back to the sender as the referral's
 * status and a reminder.
 */
function ReceivedReferralAnswer({ patientId, referral, statuses, canEdit }: { patientId: string; referral: ReceivedReferral; statuses: ReferenceOption[]; canEdit: boolean }) {
  const emit = useEmit();
  const answer = useAnswerReferral();
  const id = useId();
  const [statusUid, setStatusUid] = useState(referral.statusUid);
  const [shown, setShown] = useState(referral);
  const [busy, setBusy] = useState(false);
  const list = `/patients/${encodeURIComponent(patientId)}/outbound-referrals`;
  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      setShown((await answer(referral.outboundReferralUid, statusUid)).data.attributes);
      toast(SAVED, 'success');
      emit('care-saved', { type: 'outbound-referrals', patientUid: patientId });
    } catch {
      toast(SAVE_FAILED, 'danger');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <dl className="section-facts">
        <dt>From</dt>
        <dd>{[shown.fromDivisionName, shown.fromProviderName].filter(Boolean).join(', ')}</dd>
        <dt>Referral Date</dt>
        <dd>{formatDate(shown.eventDate)}</dd>
        <dt>Specialty</dt>
        <dd>{shown.providerRoleName}</dd>
        <dt>Priority</dt>
        <dd>{shown.priorityLabel}</dd>
        <dt>Reason</dt>
        <dd className="note-text">{shown.reason || '—'}</dd>
        <dt>Notes</dt>
        <dd className="note-text">{shown.notes || '—'}</dd>
        <dt>Status</dt>
        <dd>
          <ReferralStatus label={shown.statusLabel} changedAt={shown.statusChangedAt} />
        </dd>
      </dl>
      {canEdit && (
        <section className="card referral-answer" aria-labelledby={`${id}-answer`}>
          <h3 id={`${id}-answer`}>Answer the Referral</h3>
          <form noValidate onSubmit={onSubmit}>
            <div className="field">
              <label htmlFor={`${id}-status`}>{LABELS.statusUid}</label>
              <select id={`${id}-status`} value={statusUid} onChange={(e) => setStatusUid(e.target.value)}>
                {statuses.map((s) => (
                  <option key={s.uid} value={s.uid}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
            <FormButtons busy={busy} onCancel={() => emit('care-navigate', { path: list })} />
          </form>
        </section>
      )}
    </>
  );
}

/** The sender's form with the lists it chooses from. */
function EditableReferral({ patientId, referral }: { patientId: string; referral: SentReferral | null }) {
  const specialties = useReferenceList('reference-provider-role', { refDataType: 'Specialty' });
  const statuses = useReferenceList('reference-status', { refDataType: 'outbound referral' });
  const providers = useProviders();
  const facilities = useFacilities(referral?.toFacilityUid);
  const divisions = useReferralDivisions();
  const lists = [specialties, statuses, providers, facilities, divisions];
  const error = lists.find((l) => l.error)?.error ?? null;
  const ready = lists.every((l) => l.data);
  return (
    <LoadState isLoading={!ready && !error} error={error} lines={8}>
      {ready && (
        <ReferralFields
          patientId={patientId}
          referral={referral}
          options={{ specialties: specialties.data!, statuses: statuses.data!, providers: providers.data!, facilities: facilities.data!, divisions: divisions.data! }}
        />
      )}
    </LoadState>
  );
}

/** A sent referral for modes that read referrals but do not refer (CIT, from its face sheet). */
function ReferralDetails({ patientId, referral }: { patientId: string; referral: SentReferral }) {
  const emit = useEmit();
  return (
    <>
      <dl className="section-facts">
        <dt>{LABELS.eventDate}</dt>
        <dd>{formatDate(referral.eventDate)}</dd>
        <dt>{LABELS.specialtyUid}</dt>
        <dd>{referral.providerRoleName}</dd>
        <dt>Referred To</dt>
        <dd>
          {referral.toName} ({TARGET_LABELS[referral.toType]})
        </dd>
        <dt>{LABELS.priority}</dt>
        <dd>{referral.priorityLabel}</dd>
        <dt>{LABELS.statusUid}</dt>
        <dd>
          <ReferralStatus label={referral.statusLabel} changedAt={referral.statusChangedAt} />
        </dd>
        <dt>Referred By</dt>
        <dd>{referral.fromProviderName || '—'}</dd>
        <dt>{LABELS.reason}</dt>
        <dd className="note-text">{referral.reason || '—'}</dd>
        <dt>{LABELS.notes}</dt>
        <dd className="note-text">{referral.notes || '—'}</dd>
      </dl>
      <div className="form-buttons">
        <SlButton onClick={() => emit('care-navigate', { path: `/patients/${encodeURIComponent(patientId)}/outbound-referrals` })}>Back</SlButton>
      </div>
    </>
  );
}

/** The receiver's view with the statuses to answer with. */
function ReceivedReferralPage({ patientId, referral, canEdit }: { patientId: string; referral: ReceivedReferral; canEdit: boolean }) {
  const statuses = useReferenceList('reference-status', { refDataType: 'outbound referral' });
  return (
    <LoadState isLoading={statuses.isLoading} error={statuses.error} lines={6}>
      {statuses.data && <ReceivedReferralAnswer patientId={patientId} referral={referral} statuses={statuses.data} canEdit={canEdit} />}
    </LoadState>
  );
}

/**
 * Spec 001 section 2 `outbound-referrals/{outboundReferralId}` (id `add` is a
 * new one): the sender's form, a reader's details, or, on the receiving
 * division's record, the referral with the receiver's answer.
 */
export function OutboundReferralForm({ patientId, params }: Pick<RecordPageProps, 'patientId' | 'params'>) {
  const referralId = params.outboundReferralId ?? null;
  const referral = useReferral(referralId);
  const flags = useFlags();
  const canEdit = !!flags && hasAnyFlag(flags, CARE_FLAGS);
  const data = referral.data;
  const ready = !referral.isLoading && flags !== null;
  const title = !ready ? 'Outbound Referral' : data?.direction === 'received' ? `Referral From ${data.fromDivisionName}` : !data ? 'Add Outbound Referral' : canEdit ? 'Edit Outbound Referral' : 'Outbound Referral';
  return (
    <SectionPage title={title}>
      <ReferralStyles />
      <LoadState isLoading={!ready && !referral.error} error={referral.error} lines={8}>
        {ready &&
          (data?.direction === 'received' ? (
            <ReceivedReferralPage patientId={patientId} referral={data} canEdit={canEdit} />
          ) : canEdit ? (
            <EditableReferral patientId={patientId} referral={data} />
          ) : data ? (
            <ReferralDetails patientId={patientId} referral={data} />
          ) : (
            <p className="load-state load-state-empty">{READ_ONLY}</p>
          ))}
      </LoadState>
      <Toasts />
    </SectionPage>
  );
}
