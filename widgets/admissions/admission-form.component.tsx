import { NOTES_EMPTY } from '../../shared/constants';
import { formatDate, personName } from '../../shared/format';
import { AdmissionFormSchema, type AdmissionFormValues } from '../../shared/schemas/admissions';
import { useEmit } from '../../shared/widget/emit';
import { ErrorSummary } from '../kit/error-summary';
import { FormButtons } from '../kit/form-buttons';
import { Field, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { useRecordSave } from '../kit/record-save';
import { SectionPage } from '../kit/section-page';
import { Toasts } from '../kit/toasts';
import { useReferenceList, type ReferenceOption } from '../kit/use-reference-list';
import { useUnsavedPrompt } from '../kit/use-unsaved-prompt';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { useFacilities, type FacilityOption } from '../kit/use-facilities';
import { useAdmission, useSaveAdmission, type Admission } from './admissions.resource';

const LABELS: Record<keyof AdmissionFormValues, string> = {
  eventDate: 'Admission Date',
  statusUid: 'Status',
  facilityUid: 'Facility',
  dischargeDate: 'Discharge Date',
  comments: 'Comments',
  note: 'Note',
};
/** Spec 001 section 8. */
export const SAVED = 'Successfully saved!';
export const SAVE_FAILED = 'Oops, something went wrong!';

const valuesOf = (a: Admission | null): AdmissionFormValues => ({
  eventDate: a?.eventDate ?? '',
  statusUid: a?.statusUid ?? '',
  facilityUid: a?.facilityUid ?? '',
  dischargeDate: a?.dischargeDate ?? '',
  comments: a?.comments ?? '',
  note: a?.note ?? '',
});

function AdmissionFields({ patientId, admission, statuses, facilities }: { patientId: string; admission: Admission | null; statuses: ReferenceOption[]; facilities: FacilityOption[] }) {
  const emit = useEmit();
  const save = useSaveAdmission(patientId, admission?.admissionUid ?? null);
  const form = useCareForm(AdmissionFormSchema, { mode: 'onSubmit', reValidateMode: 'onSubmit', defaultValues: valuesOf(admission) });
  // Spec 001 section 4: leaving with changes not saved asks first.
  const release = useUnsavedPrompt(form.formState.isDirty);
  const list = `/patients/${encodeURIComponent(patientId)}/admissions`;

  const { onSubmit, busy } = useRecordSave(form, {
    submissionKey: `admission-${patientId}-${admission?.admissionUid ?? 'new'}`,
    save,
    type: 'admissions',
    patientId,
    next: list,
    saved: SAVED,
    failed: SAVE_FAILED,
    release,
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <ErrorSummary form={form} labels={LABELS} />
      <Field form={form} name="eventDate" label={LABELS.eventDate} type="date" />
      <Field form={form} name="statusUid" label={LABELS.statusUid}>
        {(control) => (
          <select {...control} {...form.register('statusUid')}>
            <option value="">Choose a status</option>
            {statuses.map((s) => (
              <option key={s.uid} value={s.uid}>
                {s.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field form={form} name="facilityUid" label={LABELS.facilityUid}>
        {(control) => (
          <select {...control} {...form.register('facilityUid')}>
            <option value="">None</option>
            {facilities.map((f) => (
              <option key={f.facilityUid} value={f.facilityUid}>
                {f.facilityName}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field form={form} name="dischargeDate" label={LABELS.dischargeDate} type="date" />
      <Field form={form} name="comments" label={LABELS.comments}>
        {(control) => <textarea {...control} rows={3} {...form.register('comments')} />}
      </Field>
      <Field form={form} name="note" label={LABELS.note}>
        {(control) => <textarea {...control} rows={3} {...form.register('note')} />}
      </Field>
      <FormButtons busy={busy} onCancel={() => emit('care-navigate', { path: list })} />
    </form>
  );
}

/** Spec 001 "Admission ... related notes": the notes written during the stay. */
function RelatedNotes({ notes }: { notes: NonNullable<Admission['relatedNotes']> }) {
  return (
    <section className="card" aria-labelledby="related-notes">
      <h3 id="related-notes">Related Notes</h3>
      <LoadState isEmpty={notes.length === 0} emptyText={NOTES_EMPTY}>
        <dl className="section-facts">
          {notes.map((n) => (
            <div key={n.noteUid} style={{ display: 'contents' }}>
              <dt>
                {formatDate(n.createdDate)} {personName(n.authorFirstName, n.authorLastName)}
              </dt>
              <dd>{n.note}</dd>
            </div>
          ))}
        </dl>
      </LoadState>
    </section>
  );
}

/** Spec 001 section 2 `admissions/add` and `admissions/{id}` (id `add` is a new one). */
export function AdmissionForm({ patientId, params }: Pick<RecordPageProps, 'patientId' | 'params'>) {
  const admissionId = params.admissionId ?? null;
  const admission = useAdmission(admissionId);
  const statuses = useReferenceList('reference-status', { refDataType: 'Admission' });
  // The admission's own facility stays a choice when it is no longer offered ('Uknown Facility' when it cannot be resolved).
  const facilities = useFacilities(admission.data?.facilityUid);
  const error = admission.error ?? statuses.error ?? facilities.error;
  const ready = !admission.isLoading && statuses.data && facilities.data;
  return (
    <SectionPage title={admissionId ? 'Edit Admission' : 'Add Admission'}>
      <LoadState isLoading={!ready && !error} error={error} lines={6}>
        {ready && (
          <>
            <AdmissionFields patientId={patientId} admission={admission.data} statuses={statuses.data!} facilities={facilities.data!} />
            {admission.data?.relatedNotes && <RelatedNotes notes={admission.data.relatedNotes} />}
          </>
        )}
      </LoadState>
      <Toasts />
    </SectionPage>
  );
}
