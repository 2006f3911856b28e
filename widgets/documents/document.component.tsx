import { useState } from 'react';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { formatDate, personName } from '../../shared/format';
import { DOC_TYPES, DocumentFormSchema, FILE_TOO_LARGE, MAX_DOCUMENT_BYTES, type DocumentFormValues } from '../../shared/schemas/documents';
import { useEmit } from '../../shared/widget/emit';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { ErrorSummary } from '../kit/error-summary';
import { FileDrop, humanSize } from '../kit/file-drop';
import { FormButtons } from '../kit/form-buttons';
import { applyServerErrors, Field, formErrors, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { NavLink } from '../kit/nav-link';
import { useIdempotentSubmit } from '../kit/public-submit';
import { SectionPage } from '../kit/section-page';
import { toast, Toasts } from '../kit/toasts';
import { useUnsavedPrompt } from '../kit/use-unsaved-prompt';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { useCreateDocument, useDeleteDocument, useDocument, useDownloadDocument } from './documents.resource';

const LABELS: Record<keyof DocumentFormValues, string> = { docType: 'Document Type', title: 'Title', description: 'Description', link: 'Link', fileName: 'File' };
/** Spec 001 section 8. */
export const SAVED = 'Successfully saved!';
export const SAVE_FAILED = 'Oops, something went wrong!';
export const DELETED = 'Successfully deleted!';
export const DELETE_FAILED = 'Oops, something went wrong.';
export const DOWNLOAD_FAILED = 'The file could not be downloaded. Please try again.';

const listPath = (patientId: string) => `/patients/${encodeURIComponent(patientId)}/docs`;

/** Spec 001 section 2 `docs/add`: a Link takes a URL, the other types a file of that type. */
function DocumentForm({ patientId }: { patientId: string }) {
  const emit = useEmit();
  const create = useCreateDocument(patientId);
  const { submit, busy } = useIdempotentSubmit(`document-${patientId}`);
  const form = useCareForm(DocumentFormSchema, { mode: 'onSubmit', reValidateMode: 'onSubmit', defaultValues: { docType: '', title: '', description: '', link: '', fileName: '' } });
  const [file, setFile] = useState<File | null>(null);
  const release = useUnsavedPrompt(form.formState.isDirty);
  const docType = form.watch('docType');

  const onSubmit = form.handleSubmit(async (values) => {
    // The server says the same; saying it first spares sending 20 MB to hear it.
    if (values.docType !== 'Link' && file && file.size > MAX_DOCUMENT_BYTES) {
      form.setError('fileName', { type: 'size', message: FILE_TOO_LARGE });
      return;
    }
    try {
      if (!(await submit((key) => create(values, values.docType === 'Link' ? null : file, key)))) return;
    } catch (error) {
      applyServerErrors(form, formErrors(error));
      toast(SAVE_FAILED, 'danger');
      return;
    }
    release();
    toast(SAVED, 'success');
    emit('care-saved', { type: 'attachments', patientUid: patientId });
    emit('care-navigate', { path: listPath(patientId) });
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <ErrorSummary form={form} labels={LABELS} />
      <Field form={form} name="docType" label={LABELS.docType}>
        {(control) => (
          <select {...control} {...form.register('docType')}>
            <option value="">Choose a type</option>
            {DOC_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field form={form} name="title" label={LABELS.title} />
      <Field form={form} name="description" label={LABELS.description}>
        {(control) => <textarea {...control} rows={3} {...form.register('description')} />}
      </Field>
      {docType === 'Link' && <Field form={form} name="link" label={LABELS.link} type="url" hint="A web address starting with http:// or https://" />}
      {docType !== '' && docType !== 'Link' && (
        <Field form={form} name="fileName" label={LABELS.fileName} hint="JSON, PDF, image or text; at most 20 MB">
          {(control) => (
            <FileDrop
              label={LABELS.fileName}
              control={control}
              onFile={(picked) => {
                setFile(picked);
                form.setValue('fileName', picked.name, { shouldDirty: true });
              }}
            />
          )}
        </Field>
      )}
      <FormButtons busy={busy} onCancel={() => emit('care-navigate', { path: listPath(patientId) })} />
    </form>
  );
}

/** Spec 001 section 2 `docs/{docId}`: one document, to open or download; deleted after a confirmation. */
function DocumentDetails({ patientId, docId }: { patientId: string; docId: string }) {
  const emit = useEmit();
  const document = useDocument(docId);
  const remove = useDeleteDocument();
  const download = useDownloadDocument();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const d = document.data;

  const confirm = async () => {
    setBusy(true);
    try {
      await remove(docId);
    } catch {
      setBusy(false);
      setConfirming(false);
      toast(DELETE_FAILED, 'danger');
      return;
    }
    toast(DELETED, 'success');
    emit('care-saved', { type: 'attachments', patientUid: patientId });
    emit('care-navigate', { path: listPath(patientId) });
  };

  return (
    <>
      <section className="card">
        <LoadState isLoading={document.isLoading} error={document.error} lines={4}>
          {d && (
            <>
              <dl className="section-facts">
                <dt>Title</dt>
                <dd>{d.attachmentTitle}</dd>
                <dt>Type</dt>
                <dd>{d.docType}</dd>
                <dt>Description</dt>
                <dd>{d.attachmentDescription || '—'}</dd>
                {d.attachmentType === 'link' ? (
                  <>
                    <dt>Link</dt>
                    <dd>
                      <a href={d.attachmentLink} target="_blank" rel="noopener noreferrer">
                        {d.attachmentLink}
                      </a>
                    </dd>
                  </>
                ) : (
                  <>
                    <dt>File</dt>
                    <dd>
                      {d.fileName} ({humanSize(d.fileSize ?? 0)})
                    </dd>
                  </>
                )}
                <dt>Added</dt>
                <dd>{formatDate(d.createdDate)}</dd>
                <dt>Added By</dt>
                <dd>{personName(d.authorFirstName, d.authorLastName) || '—'}</dd>
              </dl>
              <div className="form-buttons">
                {d.attachmentType === 'file' && (
                  <SlButton variant="primary" onClick={() => download(d).catch(() => toast(DOWNLOAD_FAILED, 'danger'))}>
                    Download
                  </SlButton>
                )}
                <SlButton variant="danger" outline onClick={() => setConfirming(true)}>
                  Delete Document
                </SlButton>
              </div>
            </>
          )}
        </LoadState>
      </section>
      <ConfirmDialog label="Delete Document" open={confirming} busy={busy} action="Delete" onConfirm={confirm} onClose={() => setConfirming(false)}>
        This document will be removed from the patient's record. Delete it?
      </ConfirmDialog>
    </>
  );
}

/** Spec 001 section 2 `docs/{docId}`, where `add` is a new document. */
export function DocumentPage({ patientId, params }: Pick<RecordPageProps, 'patientId' | 'params'>) {
  const adding = params.docId === 'add';
  return (
    <SectionPage title={adding ? 'Add Document' : 'Document Details'} action={<NavLink path={listPath(patientId)}>Back to Documents</NavLink>}>
      {adding ? <DocumentForm patientId={patientId} /> : <DocumentDetails patientId={patientId} docId={params.docId} />}
      <Toasts />
    </SectionPage>
  );
}
