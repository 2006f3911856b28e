import { useCallback } from 'react';
import type { ApiClient, Document, Resource } from '../../shared/api/client';
import type { DocumentFormValues } from '../../shared/schemas/documents';
import { useWidgetApi } from '../../shared/widget/widget-context';
import type { PageRequest, PageResult } from '../kit/data-table';
import { idempotencyHeader } from '../kit/public-submit';
import { useLoaded, type Loaded } from '../kit/use-loaded';
import { pageQuery } from '../kit/view-page';

/** A row of the `patient-attachment` view, in wire form (snake_case) so its column names go back as sort and filter keys. */
export type DocumentRow = Record<string, unknown> & {
  attachment_uid: string;
  doc_type: string;
  attachment_type: 'link' | 'file';
  attachment_title: string;
  attachment_description: string | null;
  attachment_link: string;
  file_name: string | null;
  created_date: string;
  author_first_name: string | null;
  author_last_name: string | null;
};

/** Spec 001 section 3 "Attachment (document)". */
export interface PatientDocument {
  attachmentUid: string;
  patientUid: string;
  docType: string;
  attachmentType: 'link' | 'file';
  attachmentTitle: string;
  attachmentDescription: string | null;
  /** A link's URL; for a file, the key `get-s3-link` turns into a download link. */
  attachmentLink: string;
  fileName: string | null;
  contentType: string | null;
  fileSize: number | null;
  createdDate: string;
  authorFirstName: string | null;
  authorLastName: string | null;
}

/** One page of the patient's documents (spec 001 section 7: `data/public/patient-attachment`, `patient_uid`). */
export async function fetchDocumentsPage(api: ApiClient, patientId: string, request: PageRequest): Promise<PageResult<DocumentRow>> {
  const query = { ...pageQuery(request), patientUid: patientId };
  const doc = await api.request<{ data: { attributes: DocumentRow }[]; meta?: { total?: number } }>('GET', 'data/public/patient-attachment', { query, raw: true });
  return { rows: doc.data.map((r) => r.attributes), total: doc.meta?.total ?? doc.data.length };
}

export function useDocument(docId: string): Loaded<PatientDocument> {
  const client = useWidgetApi();
  return useLoaded(async () => (await client.get<Document<Resource<PatientDocument>>>(`attachments/${encodeURIComponent(docId)}`)).data.attributes, [client, docId]);
}

/**
 * `POST /api/attachments` as multipart: the fields first, then the file, so
 * the server checks them before it stores a byte. One Idempotency-Key per
 * submission.
 */
export function useCreateDocument(patientId: string) {
  const client = useWidgetApi();
  return useCallback(
    (values: DocumentFormValues, file: File | null, key: string) => {
      const body = new FormData();
      body.append('patient_uid', patientId);
      body.append('doc_type', values.docType);
      body.append('title', values.title);
      body.append('description', values.description);
      if (values.docType === 'Link') body.append('link', values.link.trim());
      else if (file) body.append('file', file, file.name);
      return client.request<Document<Resource<PatientDocument>>>('POST', 'attachments', { body, headers: idempotencyHeader(key) });
    },
    [client, patientId],
  );
}

export function useDeleteDocument() {
  const client = useWidgetApi();
  return useCallback((docId: string) => client.request<void>('DELETE', `attachments/${encodeURIComponent(docId)}`), [client]);
}

/**
 * Spec 001 section 7 `get-s3-link?link=`: a short-lived link to the stored
 * file, followed at once. The server serves it as an attachment, so the
 * browser saves it rather than leaving the page.
 */
export function useDownloadDocument() {
  const client = useWidgetApi();
  return useCallback(
    async (document: Pick<PatientDocument, 'attachmentLink' | 'fileName'>) => {
      const { data } = await client.get<{ data: { link: string } }>('get-s3-link', { link: document.attachmentLink });
      const anchor = window.document.createElement('a');
      anchor.href = data.link;
      anchor.download = document.fileName ?? '';
      anchor.rel = 'noopener';
      window.document.body.append(anchor);
      anchor.click();
      anchor.remove();
    },
    [client],
  );
}
