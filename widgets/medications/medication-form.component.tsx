import { useState } from 'react';
import { IMPROVEMENT_ANSWERS, MedicationFormSchema, RELIEF_DURATIONS, RELIEF_RATINGS, type MedicationFormValues } from '../../shared/schemas/medications';
import { useEmit } from '../../shared/widget/emit';
import { useTranslate } from '../../shared/i18n';
import { ErrorSummary } from '../kit/error-summary';
import { FormButtons } from '../kit/form-buttons';
import { CheckboxGroup, Field, SelectField, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { useRecordSave } from '../kit/record-save';
import { SectionPage } from '../kit/section-page';
import { Toasts } from '../kit/toasts';
import { NarrowingSearch, searchStatus } from '../kit/narrowing-search';
import { choicesOf, useReferenceList, useReferenceSearch, type ReferenceOption } from '../kit/use-reference-list';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { useMedication, useSaveMedication, type Medication } from './medications.resource';

const LABELS: Record<keyof MedicationFormValues, string> = {
  medicationUid: 'Medication',
  dosage: 'Dosage',
  frequency: 'Frequency',
  startedDate: 'Started',
  finishedDate: 'Finished',
  isPrimary: 'Primary Medication',
  isPrescription: 'Prescription',
  isStillTaking: 'Still Taking',
  medicationRouteUids: 'Routes',
  patientReportedImprovement: 'Patient Reported Improvement',
  reliefRating: 'Relief Rating',
  reliefDuration: 'Relief Duration',
  comments: 'Comments',
};
/** Spec 001 section 8: medication saves. */
export const SAVED = 'Successfully Saved!';
export const SAVE_FAILED = 'Oops, something went wrong!';
export const MEDICATION_SEARCH_FAILED = 'Medications could not be searched. Choose from the list, or try again.';

const css = /* css */ `
.medication-pair { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); gap: 0 var(--care-space-m); }
.medication-relief { display: grid; grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr)); gap: 0 var(--care-space-m); }
.medication-flags { display: flex; flex-wrap: wrap; gap: var(--care-space-2xs) var(--care-space-l); margin-bottom: var(--care-space-s); }
`;

const valuesOf = (m: Medication | null): MedicationFormValues => ({
  medicationUid: m?.medicationUid ?? '',
  dosage: m?.dosage ?? '',
  frequency: m?.frequency ?? '',
  startedDate: m?.startedDate ?? '',
  finishedDate: m?.finishedDate ?? '',
  isPrimary: m?.isPrimary ?? false,
  isPrescription: m?.isPrescription ?? false,
  // A medication being added is usually one the patient takes now.
  isStillTaking: m?.isStillTaking ?? true,
  medicationRouteUids: m?.medicationRouteUids ?? [],
  patientReportedImprovement: m?.patientReportedImprovement ?? '',
  reliefRating: m?.reliefRating ?? '',
  reliefDuration: m?.reliefDuration ?? '',
  comments: m?.comments ?? '',
});

function MedicationFields({ patientId, medication, medications, routes }: { patientId: string; medication: Medication | null; medications: ReferenceOption[]; routes: ReferenceOption[] }) {
  const emit = useEmit();
  const save = useSaveMedication(patientId, medication?.patientMedicationUid ?? null);
  const form = useCareForm(MedicationFormSchema, { mode: 'onSubmit', reValidateMode: 'onSubmit', defaultValues: valuesOf(medication) });
  const list = `/patients/${encodeURIComponent(patientId)}/medications`;
  const tr = useTranslate();
  const labels = { ...LABELS, patientReportedImprovement: tr(LABELS.patientReportedImprovement) };
  // Spec 002 section 9's reference-data search: a name narrows the medications to those whose label holds it; the chosen one stays listed.
  const [name, setName] = useState('');
  const found = useReferenceSearch('reference-medication', name);
  const chosen = form.watch('medicationUid');
  const shown = name.trim() && found.data ? [...medications.filter((m) => m.uid === chosen && !found.data!.some((f) => f.uid === chosen)), ...found.data] : medications;

  const { onSubmit, busy } = useRecordSave(form, {
    submissionKey: `medication-${patientId}-${medication?.patientMedicationUid ?? 'new'}`,
    save,
    type: 'patient-medication',
    patientId,
    next: list,
    saved: SAVED,
    failed: SAVE_FAILED,
  });

  const choice = (name: 'patientReportedImprovement' | 'reliefRating' | 'reliefDuration', values: readonly string[]) => (
    <Field form={form} name={name} label={labels[name]}>
      {(control) => (
        <select {...control} {...form.register(name)}>
          <option value="">Not recorded</option>
          {values.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <style>{css}</style>
      <ErrorSummary form={form} labels={labels} />
      <NarrowingSearch
        label="Search Medications"
        hint="Narrows the Medication list by name."
        value={name}
        onChange={setName}
        status={searchStatus(found, name, MEDICATION_SEARCH_FAILED)}
        failed={Boolean(name.trim() && found.error)}
      />
      <SelectField form={form} name="medicationUid" label={LABELS.medicationUid} options={choicesOf(shown)} empty="Choose a medication" />
      <div className="medication-pair">
        <Field form={form} name="dosage" label={LABELS.dosage}>
          {(control) => <input {...control} placeholder="50 mg" {...form.register('dosage')} />}
        </Field>
        <Field form={form} name="frequency" label={LABELS.frequency}>
          {(control) => <input {...control} placeholder="Twice a day" {...form.register('frequency')} />}
        </Field>
        <Field form={form} name="startedDate" label={LABELS.startedDate} type="date" />
        <Field form={form} name="finishedDate" label={LABELS.finishedDate} type="date" />
      </div>
      <div className="medication-flags">
        {(['isStillTaking', 'isPrescription', 'isPrimary'] as const).map((name) => (
          <label key={name}>
            <input type="checkbox" {...form.register(name)} /> {LABELS[name]}
          </label>
        ))}
      </div>
      <CheckboxGroup form={form} name="medicationRouteUids" label={LABELS.medicationRouteUids} choices={routes.map((r) => ({ value: r.uid, label: r.label }))} />
      <div className="medication-relief">
        {choice('patientReportedImprovement', IMPROVEMENT_ANSWERS)}
        {choice('reliefRating', RELIEF_RATINGS)}
        {choice('reliefDuration', RELIEF_DURATIONS)}
      </div>
      <Field form={form} name="comments" label={LABELS.comments}>
        {(control) => <textarea {...control} rows={3} {...form.register('comments')} />}
      </Field>
      <FormButtons busy={busy} onCancel={() => emit('care-navigate', { path: list })} />
    </form>
  );
}

/** Spec 001 section 2 `medications/{medicationId}`: id `add` is a new medication (section 4), any other is loaded for editing. */
export function MedicationForm({ patientId, params }: Pick<RecordPageProps, 'patientId' | 'params'>) {
  const medicationId = params.medicationId && params.medicationId !== 'add' ? params.medicationId : null;
  const medication = useMedication(medicationId);
  const medications = useReferenceList('reference-medication');
  const routes = useReferenceList('reference-medication-route');
  const error = medication.error ?? medications.error ?? routes.error;
  const ready = !medication.isLoading && medications.data && routes.data;
  return (
    <SectionPage title={medicationId ? 'Edit Medication' : 'Add Medication'}>
      <LoadState isLoading={!ready && !error} error={error} lines={6}>
        {ready && <MedicationFields patientId={patientId} medication={medication.data} medications={medications.data!} routes={routes.data!} />}
      </LoadState>
      <Toasts />
    </SectionPage>
  );
}
