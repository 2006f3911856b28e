import { useState } from 'react';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import SlDialog from '@shoelace-style/shoelace/dist/react/dialog/index.js';
import { PatientResourceFormSchema, type PatientResourceFormValues } from '../../shared/schemas/resources';
import { formatDate, personName } from '../../shared/format';
import { useEmit } from '../../shared/widget/emit';
import { AddAction } from '../kit/add-action';
import { FormDialog } from '../kit/form-dialog';
import { applyServerErrors, Field, formErrors, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { useIdempotentSubmit } from '../kit/public-submit';
import { SectionPage } from '../kit/section-page';
import { toast, Toasts } from '../kit/toasts';
import { PatientPageView } from '../patient-record/patient-page-view';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { ResourceLink, siteOf, type ResourceEntry } from './resource-link';
import { useAddPatientResource, usePatientLibrary, usePatientResources, useRemovePatientResource, type LibraryOption, type PatientResource } from './resources.resource';
import { ResourcesStyles } from './resources.styles';
import { whenClosed } from '../kit/dialog-closed';

export const RESOURCES_EMPTY = 'No Resources';
/** Spec 001 section 8. */
export const SAVED = 'Successfully saved!';
export const SAVE_FAILED = 'Oops, something went wrong!';
export const REMOVED = 'Successfully deleted!';
export const REMOVE_FAILED = 'Oops, something went wrong.';
export const NOTHING_LEFT = 'Every resource of the library is already on this patient’s list.';

const asEntry = (r: PatientResource): ResourceEntry => ({ title: r.title, type: r.resourceType, link: r.resourceLink, fileName: r.fileName, fileSize: r.fileSize });

const LABELS: Record<keyof PatientResourceFormValues, string> = { resourceUid: 'Resource' };

/** The library's patient resources by category, for the dialog's grouped list. */
function byCategory(options: LibraryOption[]): [string, LibraryOption[]][] {
  const groups = new Map<string, LibraryOption[]>();
  for (const o of options) groups.set(o.category, [...(groups.get(o.category) ?? []), o]);
  return [...groups];
}

/** Add Resource: one of the library's patient resources the patient does not have yet. */
function AddResourceDialog({ patientId, have, onClose, onAdded }: { patientId: string; have: Set<string>; onClose: () => void; onAdded: () => void }) {
  const library = usePatientLibrary();
  const add = useAddPatientResource(patientId);
  const { submit } = useIdempotentSubmit(`patient-resource-${patientId}`);
  const form = useCareForm(PatientResourceFormSchema, { mode: 'onSubmit', reValidateMode: 'onSubmit', defaultValues: { resourceUid: '' } });
  const offered = (library.data ?? []).filter((o) => !have.has(o.resourceUid));

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (!(await submit((key) => add(values.resourceUid, key)))) return;
    } catch (error) {
      if (!applyServerErrors(form, formErrors(error))) toast(SAVE_FAILED, 'danger');
      return;
    }
    toast(SAVED, 'success');
    onAdded();
    onClose();
  });

  return (
    <FormDialog label="Add Resource" form={form} labels={LABELS} onClose={onClose} onSubmit={() => void onSubmit()}>
      <LoadState isLoading={library.isLoading} error={library.error} isEmpty={offered.length === 0} emptyText={NOTHING_LEFT} lines={2}>
        <Field form={form} name="resourceUid" label={LABELS.resourceUid} hint="Resources from the library for patients and families.">
          {(control) => (
            <select {...control} {...form.register('resourceUid')}>
              <option value="">Choose</option>
              {byCategory(offered).map(([category, options]) => (
                <optgroup key={category} label={category}>
                  {options.map((o) => (
                    <option key={o.resourceUid} value={o.resourceUid}>
                      {o.title}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          )}
        </Field>
      </LoadState>
    </FormDialog>
  );
}

/** Asks before a resource leaves the patient's list. */
function RemoveDialog({ resource, onClose, onRemoved }: { resource: PatientResource; onClose: () => void; onRemoved: () => void }) {
  const remove = useRemovePatientResource();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await remove(resource.patientResourceUid);
    } catch {
      setBusy(false);
      toast(REMOVE_FAILED, 'danger');
      onClose();
      return;
    }
    toast(REMOVED, 'success');
    onRemoved();
    onClose();
  };
  return (
    <SlDialog label="Remove Resource" open onSlAfterHide={whenClosed(onClose)}>
      Remove “{resource.title}” from this patient’s resources? It stays in the resource library.
      <SlButton slot="footer" onClick={onClose} disabled={busy}>
        Cancel
      </SlButton>
      <SlButton slot="footer" variant="danger" onClick={() => void confirm()} disabled={busy}>
        {busy ? 'Working ...' : 'Remove'}
      </SlButton>
    </SlDialog>
  );
}

/**
 * Spec 001 section 2 `resource`: the library resources handed to the patient
 * (each opens in a new tab, a file through its signed link), added from the library and removed after a
 * confirmation.
 */
export function PatientResources({ patientId }: Pick<RecordPageProps, 'patientId'>) {
  const emit = useEmit();
  const resources = usePatientResources(patientId);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PatientResource | null>(null);
  const rows = resources.data ?? [];
  const changed = () => {
    resources.reload();
    emit('care-saved', { type: 'patient-resources', patientUid: patientId });
  };
  return (
    <SectionPage title="Resources" action={<AddAction onClick={() => setAdding(true)} label="Add Resource" />}>
      <ResourcesStyles />
      <LoadState isLoading={resources.isLoading} error={resources.error} isEmpty={rows.length === 0} emptyText={RESOURCES_EMPTY} lines={3}>
        <div className="data-table resource-rows">
          <table>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Category</th>
                <th scope="col">Type</th>
                <th scope="col">Link</th>
                <th scope="col">Added</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.patientResourceUid}>
                  <td>
                    <ResourceLink resource={asEntry(r)} />
                  </td>
                  <td data-label="Category">{r.category}</td>
                  <td data-label="Type">{r.resourceType}</td>
                  <td data-label="Link">
                    <span className="resource-site">{siteOf(asEntry(r))}</span>
                  </td>
                  <td data-label="Added" className="resource-added">
                    {formatDate(r.createdDate)}
                    {personName(r.addedByFirstName, r.addedByLastName) && <div>{personName(r.addedByFirstName, r.addedByLastName)}</div>}
                  </td>
                  <td className="resource-actions">
                    <SlButton size="small" variant="danger" outline onClick={() => setRemoving(r)}>
                      Remove<span className="visually-hidden"> {r.title}</span>
                    </SlButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </LoadState>
      {adding && <AddResourceDialog patientId={patientId} have={new Set(rows.map((r) => r.resourceUid))} onClose={() => setAdding(false)} onAdded={changed} />}
      {removing && <RemoveDialog resource={removing} onClose={() => setRemoving(null)} onRemoved={changed} />}
      <Toasts />
    </SectionPage>
  );
}

/** The resources page on its own (`<care-patient-resources>`): its own page view of the patient. */
export function PatientResourcesWidget({ patientId }: { patientId: string }) {
  return (
    <PatientPageView key={patientId} patientId={patientId}>
      <PatientResources patientId={patientId} />
    </PatientPageView>
  );
}
