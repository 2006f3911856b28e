import fs from 'node:fs/promises';
import path from 'node:path';
import { csvLine } from '../../../server/identity/csv';
import { columnsOf, SOURCE_TABLES } from '../../../server/identity/source-tables';

export type ExtractRows = Record<string, Record<string, string | null>[]>;

/** Writes an identity extract folder (one CSV per source given, columns in docs/identity-import.md order); `tail` adds raw text at the end of a file. */
export async function writeExtractFolder(folder: string, sources: ExtractRows, tail: Record<string, string> = {}): Promise<string> {
  await fs.mkdir(folder, { recursive: true });
  for (const source of SOURCE_TABLES) {
    const rows = sources[source.name];
    if (!rows) continue;
    const columns = columnsOf(source);
    await fs.writeFile(path.join(folder, `${source.name}.csv`), csvLine(columns) + rows.map((r) => csvLine(columns.map((c) => r[c] ?? null))).join('') + (tail[source.name] ?? ''));
  }
  return folder;
}
