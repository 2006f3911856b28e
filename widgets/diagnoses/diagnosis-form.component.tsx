import { useEffect, useState } from 'react';
import { DiagnosisFormSchema, type DiagnosisFormValues } from '../../shared/schemas/diagnoses';
import { useEmit } from '../../shared/widget/emit';
import { ErrorSummary } from '../kit/error-summary';
import { FormButtons } from '../kit/form-buttons';
import { applyServerErrors, Field, formErrors, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { useIdempotentSubmit } from '../kit/public-submit';
import { SectionPage } from '../kit/section-page';
import { toast, Toasts } from '../kit/toasts';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { useDiagnosis, useDiagnosisLists, useRegions, useSaveDiagnosis, type Diagnosis, type DiagnosisLists } from './diagnoses.resource';
import { DiagnosesStyles } from './diagnoses.styles';

export const LABELS: Record<keyof DiagnosisFormValues, string> = {
  diagnosisUid: 'Diagnosis',
  regionUid: 'Region',
  statusUid: 'Status',
  providerUid: 'Provider',
  onsetDate: 'Onset Date',
  isPrimaryDiagnosis: 'Primary Diagnosis',
  note: 'Note',
};
/** Spec 001 section 8. */
export const SAVED = 'Successfully Saved!';
export const SAVE_FAILED = 'Oops, something went wrong!';

/** The server names the payload's fields; the form names its own. */
const SERVER_FIELDS = {
  'data.attributes.refDiagnosesIds': 'diagnosisUid',
  'data.relationships.provider.data.id': 'providerUid',
};

const valuesOf = (d: Diagnosis | null): DiagnosisFormValues => ({
  diagnosisUid: d?.diagnosis.diagnosisUid ?? '',
  regionUid: d?.region?.id ?? '',
  statusUid: d?.status.statusUid ?? '',
  providerUid: d?.provider.id ?? '',
  onsetDate: d?.onsetDate ?? '',
  isPrimaryDiagnosis: d?.isPrimaryDiagnosis ?? false,
  note: d?.note ?? '',
});

/** Every word typed must appear in the code or the label. */
const matches = (label: string, words: string[]) => words.every((w) => label.toLowerCase().includes(w));

function DiagnosisFields({ patientId, diagnosis, lists }: { patientId: string; diagnosis: Diagnosis | null; lists: DiagnosisLists }) {
  const emit = useEmit();
  const save = useSaveDiagnosis(patientId, diagnosis?.id ?? null);
  const { submit, busy } = useIdempotentSubmit(`diagnosis-${patientId}-${diagnosis?.id ?? 'new'}`);
  const form = useCareForm(DiagnosisFormSchema, { mode: 'onSubmit', reValidateMode: 'onChange', defaultValues: valuesOf(diagnosis) });
  const [search, setSearch] = useState('');
  const chosen = form.watch('diagnosisUid');
  const region = form.watch('regionUid');
  const regions = useRegions(chosen);
  // Regions read for an earlier choice say nothing about this one.
  const current = regions.data?.diagnosisUid === chosen ? regions.data.list : null;
  // While the regions load, the old ones (or the stored region, on opening) stay on screen so the choice does not blink to None.
  const stored = diagnosis?.region ? [{ uid: diagnosis.region.id, label: diagnosis.region.regionLabel }] : [];
  const regionOptions = current ?? regions.data?.list ?? stored;

  // Spec 001 section 4: the region resets when the chosen diagnosis does not take it.
  useEffect(() => {
    if (current && region && !current.some((r) => r.uid === region)) form.setValue('regionUid', '', { shouldDirty: true });
  }, [current, region, form]);

  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  // The chosen diagnosis stays listed whatever the search, so the select keeps showing it.
  const shown = lists.diagnoses.filter((d) => d.uid === chosen || matches(d.label, words));
  const done = `/patients/${encodeURIComponent(patientId)}/diagnoses`;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (!(await submit((key) => save(values, key)))) return;
    } catch (error) {
      if (!applyServerErrors(form, formErrors(error, SERVER_FIELDS))) toast(SAVE_FAILED, 'danger');
      return;
    }
    toast(SAVED, 'success');
    emit('care-saved', { type: 'diagnoses', patientUid: patientId });
    emit('care-navigate', { path: done });
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <ErrorSummary form={form} labels={LABELS} />
      <div className="field">
        <label htmlFor="diagnosis-search">Find a Diagnosis</label>
        <span id="diagnosis-search-hint" className="field-hint">
          Type an ICD-10 code or words to narrow the list below ({shown.length} of {lists.diagnoses.length}).
        </span>
        <input id="diagnosis-search" type="search" aria-describedby="diagnosis-search-hint" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <Field form={form} name="diagnosisUid" label={LABELS.diagnosisUid}>
        {(control) => (
          <select {...control} {...form.register('diagnosisUid')}>
            <option value="">Choose a diagnosis</option>
            {shown.map((d) => (
              <option key={d.uid} value={d.uid}>
                {d.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field form={form} name="regionUid" label={LABELS.regionUid} hint={chosen && current?.length === 0 ? 'This diagnosis takes no region.' : undefined}>
        {(control) => (
          <select {...control} {...form.register('regionUid')} value={region}>
            <option value="">None</option>
            {regionOptions.map((r) => (
              <option key={r.uid} value={r.uid}>
                {r.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field form={form} name="statusUid" label={LABELS.statusUid}>
        {(control) => (
          <select {...control} {...form.register('statusUid')}>
            <option value="">Choose a status</option>
            {lists.statuses.map((s) => (
              <option key={s.uid} value={s.uid}>
                {s.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field form={form} name="providerUid" label={LABELS.providerUid}>
        {(control) => (
          <select {...control} {...form.register('providerUid')}>
            <option value="">Choose a provider</option>
            {lists.providers.map((p) => (
              <option key={p.providerUid} value={p.providerUid}>
                {p.providerRoleLabel ? `${p.displayName} (${p.providerRoleLabel})` : p.displayName}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field form={form} name="onsetDate" label={LABELS.onsetDate} type="date" />
      <label className="check">
        <input type="checkbox" {...form.register('isPrimaryDiagnosis')} /> {LABELS.isPrimaryDiagnosis}
      </label>
      <Field form={form} name="note" label={LABELS.note}>
        {(control) => <textarea {...control} rows={3} {...form.register('note')} />}
      </Field>
      <FormButtons busy={busy} onCancel={() => emit('care-navigate', { path: diagnosis ? `${done}/${encodeURIComponent(diagnosis.id)}/details` : done })} />
    </form>
  );
}

/** Spec 001 section 2 `diagnoses/add`, `diagnoses/new` and `diagnoses/{id}/edit`. */
export function DiagnosisForm({ patientId, params }: Pick<RecordPageProps, 'patientId' | 'params'>) {
  const diagnosisId = params.diagnosisId ?? null;
  const diagnosis = useDiagnosis(diagnosisId);
  const lists = useDiagnosisLists();
  const error = diagnosis.error ?? lists.error;
  const ready = !diagnosis.isLoading && lists.data;
  return (
    <SectionPage title={diagnosisId ? 'Edit Diagnosis' : 'Add Diagnosis'}>
      <DiagnosesStyles />
      <LoadState isLoading={!ready && !error} error={error} lines={6}>
        {ready && <DiagnosisFields patientId={patientId} diagnosis={diagnosis.data} lists={lists.data!} />}
      </LoadState>
      <Toasts />
    </SectionPage>
  );
}
