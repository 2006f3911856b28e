import { sql } from 'kysely';
import type { AuthContext } from '../auth/context';
import type { Db } from '../db/connect';
import { patientScope } from '../dataviews/scopes';

const DOCUMENT_COLUMNS = [
  'attachment_uid', 'patient_uid', 'doc_type', 'attachment_type', 'attachment_title', 'attachment_description', 'attachment_link',
  'file_name', 'content_type', 'file_size', 'created_date', 'author_first_name', 'author_last_name',
] as const;

/** One document; the caller checks that its patient is visible. */
export function findAttachment(db: Db, attachmentUid: string) {
  return db.selectFrom('patient_attachment_view').select(DOCUMENT_COLUMNS).where('attachment_uid', '=', attachmentUid).executeTakeFirst();
}

export type Attachment = NonNullable<Awaited<ReturnType<typeof findAttachment>>>;

/** The newest stored file under `key` among the documents of patients the caller may see. */
export function visibleFile(db: Db, auth: AuthContext, key: string) {
  return db
    .selectFrom('patient_attachment_view as v')
    .select(['v.attachment_uid', 'v.patient_uid', 'v.file_name', 'v.content_type'])
    .where('v.attachment_type', '=', 'file')
    .where('v.attachment_link', '=', key)
    .where(sql<boolean>`${patientScope('v')(auth)}`)
    .orderBy('v.created_date', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export interface NewAttachment {
  patientUid: string;
  authorUid: string;
  /** One of DOC_TYPES (the schema checked it). */
  docType: string;
  title: string;
  description: string;
  /** A link's URL; for a file, what the file store named it. */
  link: string;
  file: { name: string; contentType: string; size: number } | null;
}

export async function insertAttachment(db: Db, a: NewAttachment): Promise<string> {
  const row = await db
    .insertInto('patient_attachment')
    .values({
      patient_uid: a.patientUid,
      author_uid: a.authorUid,
      doc_type: a.docType,
      attachment_type: a.file ? 'file' : 'link',
      attachment_title: a.title.trim(),
      attachment_description: a.description.trim() || null,
      attachment_link: a.link,
      file_name: a.file?.name ?? null,
      content_type: a.file?.contentType ?? null,
      file_size: a.file?.size ?? null,
    })
    .returning('attachment_uid')
    .executeTakeFirstOrThrow();
  return row.attachment_uid;
}

export async function deleteAttachment(db: Db, attachmentUid: string): Promise<void> {
  await db.deleteFrom('patient_attachment').where('attachment_uid', '=', attachmentUid).execute();
}
