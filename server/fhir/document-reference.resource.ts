import type { DocumentReference } from '@medplum/fhirtypes';
import { sql } from 'kysely';
import { DOCUMENT_LINK_SECONDS } from '../documents/documents.routes';
import { fileStore } from '../files/file-store';
import { compartmentResource, patientRef } from './compartment';

interface Row {
  id: string;
  patient_uid: string;
  last_updated: Date;
  doc_type: string;
  attachment_type: 'link' | 'file';
  attachment_title: string;
  attachment_link: string;
  file_name: string | null;
  content_type: string | null;
  file_size: number | null;
}

/**
 * Issue 35 section 1: a patient's document. A stored file is fetched by a
 * signed link that dies within minutes (the shell's own download links), so
 * a Bundle kept by the client does not keep the file open; a document that
 * is a link gives its address. The description stays in Careweave.
 */
export const documentReferenceResource = compartmentResource<Row>(
  'DocumentReference',
  sql`select attachment_uid as id, patient_uid, created_at as last_updated, doc_type, attachment_type, attachment_title, attachment_link,
             file_name, content_type, file_size
        from patient_attachment`,
  async (r, config): Promise<DocumentReference> => {
    const file = r.attachment_type === 'file' && r.file_name && r.content_type;
    const url = file
      ? await (await fileStore(config)).signedLink({ key: r.attachment_link, fileName: r.file_name!, contentType: r.content_type! }, DOCUMENT_LINK_SECONDS)
      : r.attachment_link;
    return {
      resourceType: 'DocumentReference',
      id: r.id,
      meta: { lastUpdated: r.last_updated.toISOString() },
      status: 'current',
      type: { text: r.doc_type },
      subject: patientRef(r.patient_uid),
      date: r.last_updated.toISOString(),
      description: r.attachment_title,
      content: [
        {
          attachment: {
            ...(file && { contentType: r.content_type!, title: r.file_name!, ...(r.file_size !== null && { size: r.file_size }) }),
            ...(!file && { title: r.attachment_title }),
            url,
          },
        },
      ],
    };
  },
);
