import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { MAX_DOCUMENT_BYTES } from '../../../shared/schemas/documents';
import type { FileStore } from '../../files/file-store';
import { lockFile } from '../../files/upload';
import { handoutPdf } from '../../pdf/handout';
import type { Db } from '../connect';
import { HANDOUTS } from '../reference-lists/resource-handouts';
import type { DemoIds } from './demo';

/**
 * The library's File resources: the one-page handouts, built as PDFs, stored
 * the way an upload is (a temporary name, fsynced, renamed into place inside
 * the transaction that records it) and listed after their category's links.
 */
export async function seedResourceFiles(db: Db, _ids: DemoIds, files: FileStore): Promise<void> {
  for (const handout of HANDOUTS) {
    const staged = await files.put(Readable.from([Buffer.from(await handoutPdf(handout))]), { maxBytes: MAX_DOCUMENT_BYTES });
    try {
      await lockFile(db, staged.key);
      await staged.commit();
      await db
        .insertInto('reference_resource')
        .values({
          title: handout.title,
          category: handout.category,
          sort_order: sql<number>`(select coalesce(max(sort_order), 0) + 10 from reference_resource where category = ${handout.category})`,
          resource_type: 'File',
          resource_link: staged.key,
          resource_target: handout.target,
          file_name: handout.fileName,
          content_type: 'application/pdf',
          file_size: staged.size,
        })
        .execute();
    } finally {
      await staged.discard();
    }
  }
}
