import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { hasAnyFlag } from '../../shared/permissions';
import { DocumentPayloadSchema, extensionOf, FILE_NOT_ACCEPTED, FILE_TOO_LARGE, MAX_DOCUMENT_BYTES, type DocumentPayload } from '../../shared/schemas/documents';
import type { AppContext } from '../app-context';
import { auditSourceOf } from '../audit/audit-source';
import { recordChange } from '../audit/audit.repository';
import { requireAuth } from '../auth/context';
import type { Db } from '../db/connect';
import { badRequest, HttpError, notFound, parseBody } from '../errors';
import { FileInspector, type FileKind, type Verdict } from '../files/file-signature';
import { fileStore, FileTooLargeError, type StagedFile } from '../files/file-store';
import { requirePatient, visibleRow } from '../patients/patient-access';
import { onceOnly } from '../public-forms/idempotency';
import { libraryFile, patientResourceFile } from '../resources/resources.repository';
import { allow, CARE_FLAGS, signedIn } from '../security/access';
import { deleteAttachment, fileInUse, findAttachment, insertAttachment, lockFile, visibleFile, type Attachment } from './documents.repository';

const DOCUMENT_NOT_FOUND = 'Document not found';
/** How long a download link works (spec: short-lived), as the CIT PDF links. */
export const DOCUMENT_LINK_SECONDS = 5 * 60;

/** Every message about the file goes under the file field of the form. */
const FILE_FIELD = 'data.attributes.file_name';
export const FILE_EMPTY = 'The file is empty';
export const FILE_EXECUTABLE = 'Executable files are not accepted';
export const SVG_SCRIPT = 'SVG images with scripts are not accepted';
/** "This file is a PDF but its name ends in .png" */
export const contentMismatch = (kind: FileKind, ending: string) => `This file is ${kind.label} but its name ends in .${ending}`;

const fileError = (status: number, message: string) => new HttpError(status, [{ field: FILE_FIELD, message }]);
/** The size limit is met by the store's meter or by the multipart parser, whichever counts first. */
const tooLarge = (error: unknown) => error instanceof FileTooLargeError || (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
/** The client went away mid-upload: nobody hears the answer, but it is the client's doing, not a server failure to log. */
const cutOff = (error: unknown) => (error as { code?: string } | null)?.code === 'ECONNRESET';
const uploadError = (error: unknown) => (tooLarge(error) ? fileError(413, FILE_TOO_LARGE) : cutOff(error) ? badRequest('The upload was cut off before the file ended') : error);
const REFUSALS: Record<Extract<Verdict, { refused: unknown }>['refused'], () => HttpError> = {
  empty: () => fileError(422, FILE_EMPTY),
  executable: () => fileError(415, FILE_EXECUTABLE),
  'svg-script': () => fileError(415, SVG_SCRIPT),
  unknown: () => fileError(415, FILE_NOT_ACCEPTED),
};

/** The multipart form's text fields, in the order the form sends them (before the file). */
const FIELDS = ['patient_uid', 'doc_type', 'title', 'description', 'link'] as const;

type Attributes = DocumentPayload['data']['attributes'];
interface Upload {
  staged: StagedFile;
  kind: FileKind;
}

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
  await app.register(multipart, { limits: { fieldSize: 4096, fields: FIELDS.length, files: 1, parts: FIELDS.length + 1, headerPairs: 100, fileSize: MAX_DOCUMENT_BYTES } });

  /** Removes a stored file once no document names it (its last document deleted, or a write that failed after placing it). */
  const releaseFile = (key: string) =>
    db.transaction().execute(async (trx) => {
      await lockFile(trx, key);
      if (!(await fileInUse(trx, key))) await store.delete(key);
    });

  /**
   * Reads the multipart body as it arrives: the fields, checked as soon as
   * the file starts, then the file, streamed to the store while it is
   * inspected. A refusal still reads the rest of the body, so the client
   * gets the answer rather than a broken pipe; nothing refused is kept.
   */
  async function receive(request: FastifyRequest): Promise<{ attributes: Attributes; upload: Upload | null }> {
    const fields: Record<string, string> = {};
    let attributes: Attributes | null = null;
    let upload: Upload | null = null;
    let refused: unknown = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if ((FIELDS as readonly string[]).includes(part.fieldname)) fields[part.fieldname] = String(part.value);
          continue;
        }
        if (refused) {
          part.file.resume();
          continue;
        }
        try {
          if (part.fieldname !== 'file') throw badRequest('The file must be sent in the field named "file"');
          attributes = parseBody(DocumentPayloadSchema, { data: { type: 'attachments', attributes: { ...fields, file_name: part.filename ?? '' } } }).data.attributes;
          await requirePatient(db, request, attributes.patientUid);
          const inspector = new FileInspector();
          const staged = await store.put(part.file, { maxBytes: MAX_DOCUMENT_BYTES, observe: (chunk) => inspector.update(chunk) });
          const verdict = inspector.finish();
          if ('refused' in verdict) {
            await staged.discard();
            throw REFUSALS[verdict.refused]();
          }
          const ending = extensionOf(attributes.fileName);
          if (!verdict.kind.extensions.includes(ending)) {
            await staged.discard();
            throw fileError(415, contentMismatch(verdict.kind, ending));
          }
          upload = { staged, kind: verdict.kind };
        } catch (error) {
          refused = uploadError(error);
          part.file.resume();
        }
      }
    } catch (error) {
      await (upload as Upload | null)?.staged.discard();
      throw uploadError(error);
    }
    if (refused) throw refused;
    // No file part: a Link, or a missing file ('Required' from the schema).
    attributes ??= parseBody(DocumentPayloadSchema, { data: { type: 'attachments', attributes: fields } }).data.attributes;
    return { attributes, upload };
  }

  /** Stores the document once per Idempotency-Key; a file is placed inside the transaction that records it. */
  async function save(request: FastifyRequest, reply: FastifyReply, attributes: Attributes, upload: Upload | null): Promise<FastifyReply> {
    const auth = requireAuth(request);
    // The retry fingerprint covers the file's content, which a streamed body does not otherwise show.
    request.body = { ...attributes, fileKey: upload?.staged.key ?? null };
    let placed = false;
    try {
      return await onceOnly(db, request, reply, 'attachments', async (trx) => {
        const patient = await requirePatient(trx, request, attributes.patientUid);
        if (upload) {
          await lockFile(trx, upload.staged.key);
          await upload.staged.commit();
          placed = true;
        }
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
    } catch (error) {
      if (placed && upload) await releaseFile(upload.staged.key);
      throw error;
    } finally {
      // A replayed retry or a refusal never placed its copy.
      await upload?.staged.discard();
    }
  }

  app.get<{ Params: { id: string } }>('/attachments/:id', docs, async (request) => ({ data: resource(await visibleAttachment(db, request, request.params.id)) }));

  /** Multipart for a file (fields first, then `file`); JSON for a Link. */
  app.post('/attachments', docs, async (request, reply) => {
    if (!request.isMultipart()) {
      const { attributes } = parseBody(DocumentPayloadSchema, request.body).data;
      return save(request, reply, attributes, null);
    }
    const { attributes, upload } = await receive(request);
    return save(request, reply, attributes, upload);
  });

  app.delete<{ Params: { id: string } }>('/attachments/:id', docs, async (request, reply) => {
    const removed = await db.transaction().execute(async (trx) => {
      const row = await visibleAttachment(trx, request, request.params.id);
      await deleteAttachment(trx, row.attachment_uid);
      await recordChange(trx, auditSourceOf(request), { patientUid: row.patient_uid, action: 'DeletedDocument', did: 'deleted a document', targetType: 'attachments', targetUid: row.attachment_uid });
      return row;
    });
    if (removed.attachment_type === 'file') {
      // The document is gone either way; a file left behind is unreachable and is logged.
      await releaseFile(removed.attachment_link).catch((error: unknown) => request.log.error({ err: error }, 'could not remove a deleted document file'));
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
  app.get<{ Querystring: { link?: string } }>('/get-s3-link', signedIn, async (request) => {
    const auth = requireAuth(request);
    const key = String(request.query.link ?? '');
    const care = hasAnyFlag(auth.flags, CARE_FLAGS);
    const file = (care && ((await visibleFile(db, auth, key)) ?? (await patientResourceFile(db, auth, key)))) || (await libraryFile(db, key));
    if (!file) throw notFound(DOCUMENT_NOT_FOUND);
    const link = await store.signedLink({ key, fileName: file.file_name!, contentType: file.content_type! }, DOCUMENT_LINK_SECONDS);
    return { data: { link } };
  });
};
