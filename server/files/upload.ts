import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { extensionOf } from '../../shared/schemas/documents';
import type { Db } from '../db/connect';
import { badRequest, HttpError } from '../errors';
import { runOnce, sendOnce, type Stored } from '../public-forms/idempotency';
import { FileInspector, type FileKind, type Verdict } from './file-signature';
import { FileTooLargeError, type FileStore, type StagedFile } from './file-store';

export const FILE_EMPTY = 'The file is empty';
export const FILE_EXECUTABLE = 'Executable files are not accepted';
export const SVG_SCRIPT = 'SVG images with scripts are not accepted';
/** "This file is a PDF but its name ends in .png" */
export const contentMismatch = (kind: FileKind, ending: string) => `This file is ${kind.label} but its name ends in .${ending}`;

/** A file received in full, inspected and staged, with the name it was sent under. */
export interface Upload {
  staged: StagedFile;
  kind: FileKind;
  fileName: string;
}

export interface ReceiveOptions<T> {
  /** The text fields the form sends before the file; others are ignored. */
  fields: readonly string[];
  /** The form field every message about the file is put under. */
  fileField: string;
  maxBytes: number;
  /** Checks the fields (and that the caller may store a file for them) once the file starts, so nothing refused is stored; throws to refuse. */
  accept(fields: Record<string, string>, fileName: string): Promise<T>;
  /** The values of a body without a file part. */
  withoutFile(fields: Record<string, string>): T;
  /** The refusal for a file the inspector does not recognise. */
  notAccepted: string;
  /** The refusal for a file over `maxBytes`. */
  tooLarge: string;
}

/**
 * The limits of a multipart body of `fields` text fields and one file: a
 * route registers @fastify/multipart with these, so only its own routes take
 * such bodies.
 */
export const multipartLimits = (fields: readonly string[], maxBytes: number, fieldSize = 4096) => ({ fieldSize, fields: fields.length, files: 1, parts: fields.length + 1, headerPairs: 100, fileSize: maxBytes });

/** The size limit is met by the store's meter or by the multipart parser, whichever counts first. */
const tooLarge = (error: unknown) => error instanceof FileTooLargeError || (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
/** The client went away mid-upload: nobody hears the answer, but it is the client's doing, not a server failure to log. */
const cutOff = (error: unknown) => (error as { code?: string } | null)?.code === 'ECONNRESET';

/**
 * Reads a multipart body as it arrives: the fields, checked as soon as the
 * file starts, then the file, streamed to the store while it is inspected
 * (its content must be a kind the product takes, and match its name's
 * ending). A refusal still reads the rest of the body, so the client gets the
 * answer rather than a broken pipe; nothing refused is kept.
 */
export async function receiveUpload<T>(request: FastifyRequest, store: FileStore, options: ReceiveOptions<T>): Promise<{ values: T; upload: Upload | null }> {
  const fileError = (status: number, message: string) => new HttpError(status, [{ field: options.fileField, message }]);
  const refusals: Record<Extract<Verdict, { refused: unknown }>['refused'], () => HttpError> = {
    empty: () => fileError(422, FILE_EMPTY),
    executable: () => fileError(415, FILE_EXECUTABLE),
    'svg-script': () => fileError(415, SVG_SCRIPT),
    unknown: () => fileError(415, options.notAccepted),
  };
  const uploadError = (error: unknown) => (tooLarge(error) ? fileError(413, options.tooLarge) : cutOff(error) ? badRequest('The upload was cut off before the file ended') : error);

  const fields: Record<string, string> = {};
  let values: T | null = null;
  let upload: Upload | null = null;
  let refused: unknown = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (options.fields.includes(part.fieldname)) fields[part.fieldname] = String(part.value);
        continue;
      }
      if (refused) {
        part.file.resume();
        continue;
      }
      try {
        if (part.fieldname !== 'file') throw badRequest('The file must be sent in the field named "file"');
        const fileName = part.filename ?? '';
        values = await options.accept(fields, fileName);
        const inspector = new FileInspector();
        const staged = await store.put(part.file, { maxBytes: options.maxBytes, observe: (chunk) => inspector.update(chunk) });
        const verdict = inspector.finish();
        if ('refused' in verdict) {
          await staged.discard();
          throw refusals[verdict.refused]();
        }
        const ending = extensionOf(fileName);
        if (!verdict.kind.extensions.includes(ending)) {
          await staged.discard();
          throw fileError(415, contentMismatch(verdict.kind, ending));
        }
        upload = { staged, kind: verdict.kind, fileName };
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
  return { values: values ?? options.withoutFile(fields), upload };
}

/**
 * Serialises placing and removing one stored file until the transaction ends:
 * an upload of the same content cannot land between "no record uses it any
 * more" and the file's removal.
 */
export async function lockFile(db: Db, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`patient-file:${key}`}, 0))`.execute(db);
}

/** Whether a document or a library File resource (migration 033) still names the stored file. */
export async function fileInUse(db: Db, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('patient_attachment')
    .select('attachment_uid as uid')
    .where('attachment_type', '=', 'file')
    .where('attachment_link', '=', key)
    .unionAll(db.selectFrom('reference_resource').select('resource_uid as uid').where('resource_type', '=', 'File').where('resource_link', '=', key))
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** Removes a stored file once no record names it (its last record changed or deleted, or a write that failed after placing it). */
export const releaseFile = (db: Db, store: FileStore, key: string) =>
  db.transaction().execute(async (trx) => {
    await lockFile(trx, key);
    if (!(await fileInUse(trx, key))) await store.delete(key);
  });

/**
 * Runs the write that records an upload. `place` makes the staged file
 * readable under its key; call it inside the write's transaction. A write
 * that fails after placing it removes the file again unless another record
 * names the same content; a refused or replayed write never placed its copy.
 */
export async function recordUpload<R>(db: Db, store: FileStore, upload: Upload | null, write: (place: (trx: Db) => Promise<void>) => Promise<R>): Promise<R> {
  let placed = false;
  const place = async (trx: Db) => {
    if (!upload) return;
    await lockFile(trx, upload.staged.key);
    await upload.staged.commit();
    placed = true;
  };
  try {
    return await write(place);
  } catch (error) {
    if (placed && upload) await releaseFile(db, store, upload.staged.key);
    throw error;
  } finally {
    await upload?.staged.discard();
  }
}

/**
 * recordUpload for a create that runs at most once per Idempotency-Key. The
 * answer waits for recordUpload's clean-up: a client told "stored" (or a
 * retry told it again) finds no temporary copy left behind.
 */
export async function recordUploadOnce(
  db: Db,
  store: FileStore,
  upload: Upload | null,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  handler: (trx: Db, place: (trx: Db) => Promise<void>) => Promise<Stored>,
): Promise<FastifyReply> {
  const answer = await recordUpload(db, store, upload, (place) => runOnce(db, request, scope, (trx) => handler(trx, place)));
  return sendOnce(reply, answer);
}
