import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { hasAnyFlag } from '../../shared/permissions';
import { DocumentPayloadSchema, FILE_NOT_ACCEPTED, FILE_TOO_LARGE, MAX_DOCUMENT_BYTES, type DocumentPayload } from '../../shared/schemas/documents';
import { NoContent } from '../api-docs/json-api';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { auditSourceOf } from '../audit/audit-source';
import { recordChange } from '../audit/audit.repository';
import { requireAuth } from '../auth/context';
import type { Db } from '../db/connect';
import { notFound, parseBody } from '../errors';
import { fileStore } from '../files/file-store';
import { multipartLimits, receiveUpload, recordUploadOnce, releaseFile, type Upload } from '../files/upload';
import { requirePatient, visibleRow } from '../patients/patient-access';
import { libraryFile, patientResourceFile } from '../resources/resources.repository';
import { allow, CARE_FLAGS, signedIn } from '../security/access';
import { AttachmentDocument, DownloadLinkDocument } from './documents.responses';
import { deleteAttachment, findAttachment, insertAttachment, visibleFile, type Attachment } from './documents.repository';

const DOCUMENT_NOT_FOUND = 'Document not found';
/** How long a download link works (spec: short-lived), as the CIT PDF links. */
export const DOCUMENT_LINK_SECONDS = 5 * 60;

/** The multipart form's text fields, in the order the form sends them (before the file). */
const FIELDS = ['patient_uid', 'doc_type', 'title', 'description', 'link'] as const;

type Attributes = DocumentPayload['data']['attributes'];

const resource = (a: Attachment) => ({
  type: 'attachments',
  id: a.attachment_uid,
  attributes: a,
  relationships: { patient: { data: { type: 'patients', id: a.patient_uid } } },
});

const visibleAttachment = (db: Db, request: FastifyRequest, id: string) => visibleRow(db, request, id, findAttachment, DOCUMENT_NOT_FOUND);

/**
 * The record's Documents section (spec 001 sections 2, 5, 7 and 8): links and
 * files of a patient. The list is the `patient-attachment` data view.
 */
export const documentsRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  const docs = allow(...CARE_FLAGS);
  const store = await fileStore(config);
  // Registered here, so only these routes take multipart bodies.
  await app.register(multipart, { limits: multipartLimits(FIELDS, MAX_DOCUMENT_BYTES) });

  const parse = (fields: Record<string, string>) => parseBody(DocumentPayloadSchema, { data: { type: 'attachments', attributes: fields } }).data.attributes;
  /** A file's fields are checked, and its patient, before a byte of it is stored; without a file part it is a Link, or a missing file ('Required'). */
  const receive = (request: FastifyRequest) =>
    receiveUpload(request, store, {
      fields: FIELDS,
      fileField: 'data.attributes.file_name',
      maxBytes: MAX_DOCUMENT_BYTES,
      notAccepted: FILE_NOT_ACCEPTED,
      tooLarge: FILE_TOO_LARGE,
      accept: async (fields, fileName) => {
        const attributes = parse({ ...fields, file_name: fileName });
        await requirePatient(db, request, attributes.patientUid);
        return attributes;
      },
      withoutFile: parse,
    });

  /** Stores the document once per Idempotency-Key; a file is placed inside the transaction that records it. */
  async function save(request: FastifyRequest, reply: FastifyReply, attributes: Attributes, upload: Upload | null): Promise<FastifyReply> {
    const auth = requireAuth(request);
    // The retry fingerprint covers the file's content, which a streamed body does not otherwise show.
    request.body = { ...attributes, fileKey: upload?.staged.key ?? null };
    return recordUploadOnce(db, store, upload, request, reply, 'attachments', async (trx, place) => {
      const patient = await requirePatient(trx, request, attributes.patientUid);
      await place(trx);
      const id = await insertAttachment(trx, {
        patientUid: patient.patient_uid,
        authorUid: auth.userUid,
        docType: attributes.docType,
        title: attributes.title,
        description: attributes.description,
        link: upload ? upload.staged.key : attributes.link.trim(),
        file: upload ? { name: attributes.fileName, contentType: upload.kind.type, size: upload.staged.size } : null,
      });
      await recordChange(trx, auditSourceOf(request), { patientUid: patient.patient_uid, action: 'AddedDocument', did: 'added a document', targetType: 'attachments', targetUid: id });
      return { status: 201, body: { data: resource((await findAttachment(trx, id))!) } };
    });
  }

  app.get<{ Params: { id: string } }>('/attachments/:id', withSchemas(docs, { 200: AttachmentDocument }), async (request) => ({ data: resource(await visibleAttachment(db, request, request.params.id)) }));

  /** Multipart for a file (fields first, then `file`); JSON for a Link. */
  app.post('/attachments', withSchemas(docs, { 201: AttachmentDocument }, { body: DocumentPayloadSchema }), async (request, reply) => {
    if (!request.isMultipart()) {
      const { attributes } = parseBody(DocumentPayloadSchema, request.body).data;
      return save(request, reply, attributes, null);
    }
    const { values, upload } = await receive(request);
    return save(request, reply, values, upload);
  });

  app.delete<{ Params: { id: string } }>('/attachments/:id', withSchemas(docs, { 204: NoContent }), async (request, reply) => {
    const removed = await db.transaction().execute(async (trx) => {
      const row = await visibleAttachment(trx, request, request.params.id);
      await deleteAttachment(trx, row.attachment_uid);
      await recordChange(trx, auditSourceOf(request), { patientUid: row.patient_uid, action: 'DeletedDocument', did: 'deleted a document', targetType: 'attachments', targetUid: row.attachment_uid });
      return row;
    });
    if (removed.attachment_type === 'file') {
      // The document is gone either way; a file left behind is unreachable and is logged.
      await releaseFile(db, store, removed.attachment_link).catch((error: unknown) => request.log.error({ err: error }, 'could not remove a deleted document file'));
    }
    return reply.status(204).send();
  });

  /**
   * Spec 001 section 7 `get-s3-link?link=`: a short-lived download link for a
   * stored file the caller may see: a document of a visible patient or a File
   * resource on such a patient's list (the care modes), or a File resource of
   * the library (anyone signed in, as the library itself). Anything else is
   * the same 404, whoever asks.
   */
  app.get<{ Querystring: { link?: string } }>('/get-s3-link', withSchemas(signedIn, { 200: DownloadLinkDocument }), async (request) => {
    const auth = requireAuth(request);
    const key = String(request.query.link ?? '');
    const care = hasAnyFlag(auth.flags, CARE_FLAGS);
    const file = (care && ((await visibleFile(db, auth, key)) ?? (await patientResourceFile(db, auth, key)))) || (await libraryFile(db, key));
    if (!file) throw notFound(DOCUMENT_NOT_FOUND);
    const link = await store.signedLink({ key, fileName: file.file_name!, contentType: file.content_type! }, DOCUMENT_LINK_SECONDS);
    return { data: { link } };
  });
};
