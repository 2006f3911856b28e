import { useState } from 'react';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import SlDialog from '@shoelace-style/shoelace/dist/react/dialog/index.js';
import { allergyFormSchema, MEDICATION_ALLERGY_NAME, type AllergyFormValues } from '../../shared/schemas/allergies';
import { useEmit } from '../../shared/widget/emit';
import { ErrorSummary } from '../kit/error-summary';
import { FormButtons } from '../kit/form-buttons';
import { Field, SelectField, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { useRecordSave } from '../kit/record-save';
import { SectionPage } from '../kit/section-page';
import { toast, Toasts } from '../kit/toasts';
import { choicesOf, useReferenceList, type ReferenceOption } from '../kit/use-reference-list';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { useAllergy, useDeleteAllergy, useSaveAllergy, type Allergy } from './allergies.resource';
import { whenClosed } from '../kit/dialog-closed';

const LABELS: Record<keyof AllergyFormValues, string> = {
  allergyUid: 'Allergy',
  medicationUid: 'Medication',
  comments: 'Comments',
};
/** Spec 001 section 8: allergy saves. */
export const SAVED = 'Successfully Saved!';
export const SAVE_FAILED = 'Oops, something went wrong!';
/** Spec 001 section 8 gives these for a document's delete; an allergy's reads the same. */
export const DELETED = 'Successfully deleted!';
export const DELETE_FAILED = 'Oops, something went wrong.';

const valuesOf = (a: Allergy | null): AllergyFormValues => ({
  allergyUid: a?.allergyUid ?? '',
  medicationUid: a?.medicationUid ?? '',
  comments: a?.comments ?? '',
});

/** The allergens in their list order, one group per kind (Medication, Drug class, Food, ...). */
function groupsOf(allergens: ReferenceOption[]): [string, ReferenceOption[]][] {
  const groups = new Map<string, ReferenceOption[]>();
  for (const a of allergens) {
    const kind = a.refDataType ?? 'Other';
    groups.set(kind, [...(groups.get(kind) ?? []), a]);
  }
  return [...groups];
}

function AllergyFields({ patientId, allergy, allergens, medications }: { patientId: string; allergy: Allergy | null; allergens: ReferenceOption[]; medications: ReferenceOption[] }) {
  const emit = useEmit();
  const medicationAllergy = allergens.find((a) => a.name === MEDICATION_ALLERGY_NAME)?.uid ?? null;
  const save = useSaveAllergy(patientId, allergy?.patientAllergyUid ?? null);
  const form = useCareForm(allergyFormSchema(medicationAllergy), { mode: 'onSubmit', reValidateMode: 'onSubmit', defaultValues: valuesOf(allergy) });
  // Spec 001 section 5: the medication is asked for, and required, only for a Medication allergy.
  const needsMedication = form.watch('allergyUid') === medicationAllergy && medicationAllergy !== null;
  const list = `/patients/${encodeURIComponent(patientId)}/allergies`;

  const { onSubmit, busy } = useRecordSave(form, {
    submissionKey: `allergy-${patientId}-${allergy?.patientAllergyUid ?? 'new'}`,
    save: (v, key) => save(v, needsMedication, key),
    type: 'patient-allergy',
    patientId,
    next: list,
    saved: SAVED,
    failed: SAVE_FAILED,
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <ErrorSummary form={form} labels={LABELS} />
      <Field form={form} name="allergyUid" label={LABELS.allergyUid}>
        {(control) => (
          <select {...control} {...form.register('allergyUid')}>
            <option value="">Choose an allergy</option>
            {groupsOf(allergens).map(([kind, entries]) => (
              <optgroup key={kind} label={kind}>
                {entries.map((a) => (
                  <option key={a.uid} value={a.uid}>
                    {a.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        )}
      </Field>
      {needsMedication && (
        <SelectField form={form} name="medicationUid" label={LABELS.medicationUid} options={choicesOf(medications)} empty="Choose a medication" />
      )}
      <Field form={form} name="comments" label={LABELS.comments}>
        {(control) => <textarea {...control} rows={3} placeholder="Reaction, severity, when it was noticed" {...form.register('comments')} />}
      </Field>
      <FormButtons busy={busy} onCancel={() => emit('care-navigate', { path: list })} />
    </form>
  );
}

/** Spec 001 section 4: an allergy is removed only after the user confirms. */
function DeleteAllergy({ patientId, allergy }: { patientId: string; allergy: Allergy }) {
  const emit = useEmit();
  const remove = useDeleteAllergy();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await remove(allergy.patientAllergyUid);
    } catch {
      setBusy(false);
      setConfirming(false);
      toast(DELETE_FAILED, 'danger');
      return;
    }
    toast(DELETED, 'success');
    emit('care-saved', { type: 'patient-allergy', patientUid: patientId });
    emit('care-navigate', { path: `/patients/${encodeURIComponent(patientId)}/allergies` });
  };

  return (
    <>
      <div>
        <SlButton variant="danger" outline onClick={() => setConfirming(true)}>
          Delete Allergy
        </SlButton>
      </div>
      <SlDialog label="Delete Allergy" open={confirming} onSlAfterHide={whenClosed(() => setConfirming(false))}>
        The allergy {allergy.allergenLabel} will be removed from the patient's record. Delete it?
        <SlButton slot="footer" onClick={() => setConfirming(false)} disabled={busy}>
          Cancel
        </SlButton>
        <SlButton slot="footer" variant="danger" onClick={confirm} disabled={busy}>
          {busy ? 'Working ...' : 'Delete'}
        </SlButton>
      </SlDialog>
    </>
  );
}

/** Spec 001 section 2 `allergies/{allergyId}`: id `add` is a new allergy (section 4), any other is loaded for editing. */
export function AllergyForm({ patientId, params }: Pick<RecordPageProps, 'patientId' | 'params'>) {
  const allergyId = params.allergyId && params.allergyId !== 'add' ? params.allergyId : null;
  const allergy = useAllergy(allergyId);
  const allergens = useReferenceList('reference-allergy');
  const medications = useReferenceList('reference-medication');
  const error = allergy.error ?? allergens.error ?? medications.error;
  const ready = !allergy.isLoading && allergens.data && medications.data;
  return (
    <SectionPage title={allergyId ? 'Edit Allergy' : 'Add Allergy'}>
      <LoadState isLoading={!ready && !error} error={error} lines={4}>
        {ready && (
          <>
            <AllergyFields patientId={patientId} allergy={allergy.data} allergens={allergens.data!} medications={medications.data!} />
            {allergy.data && <DeleteAllergy patientId={patientId} allergy={allergy.data} />}
          </>
        )}
      </LoadState>
      <Toasts />
    </SectionPage>
  );
}
