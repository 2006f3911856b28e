import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { validate } from 'superstruct';
import type { Db } from '../db/connect';
import { refreshIdentitySearch } from '../identity-search/search-index';
import { CsvFileError, readCsvRows } from './csv';
import { matchChildren, type MatchCounts } from './matching';
import { columnsOf, SOURCE_TABLES, type SourceTable } from './source-tables';
import { now } from '../../shared/clock';

/** Spec 000 section 3, "Data source status"; a failed source's status is its error text. */
export const SOURCE_STATUS = { inProcess: 'In Process', warning: 'Warning', ok: 'Ok', complete: 'Complete' } as const;

const BATCH = 1000;
/** Rejections kept in the report (all are counted and logged). */
const MAX_REPORTED = 10_000;
/** Serialises imports into one division. */
/** The advisory lock (with the division's hash) a run holds while it loads. */
export const IMPORT_LOCK = 727_040;

export interface Rejection {
  file: string;
  line: number;
  reason: string;
}

export interface SourceResult {
  source: string;
  file: string;
  read: number;
  loaded: number;
  rejected: number;
  status: string;
  details: string;
}

export interface ImportReport {
  runUid: string;
  ok: boolean;
  sources: SourceResult[];
  rejections: Rejection[];
  matches: MatchCounts | null;
  error?: string;
}

/** A file the import cannot read as a whole (malformed CSV, missing columns): the run stops and rolls back. */
class ExtractFileError extends Error {}

/** Whatever stopped the run while one source loaded, with the source's name. */
class SourceFailure extends Error {
  constructor(
    readonly source: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Loads an extract folder (one `<source>.csv` per source table, see
 * docs/identity-import.md) into a division, all sources and the matching in
 * one transaction: readers see yesterday's rows until everything is in, and a
 * run that fails (or is killed) leaves them as they were. A bad row is
 * rejected (file, line, reason) and the rest loads; a missing file keeps its
 * source's previous rows. Each run writes its status rows per source first
 * ('In Process', committed), then their outcome.
 */
export async function importExtract(db: Db, folder: string, divisionUid: string, log: (message: string) => void = () => {}): Promise<ImportReport> {
  const runUid = randomUUID();
  await closeAbandonedRuns(db, divisionUid);
  const present = new Map(SOURCE_TABLES.map((s) => [s.name, fs.existsSync(fileOf(folder, s))]));
  const results = new Map<string, SourceResult>(
    SOURCE_TABLES.map((s) => [s.name, { source: s.name, file: `${s.name}.csv`, read: 0, loaded: 0, rejected: 0, status: SOURCE_STATUS.inProcess, details: '' }]),
  );
  await db
    .insertInto('tbl_identity_source_status')
    .values(SOURCE_TABLES.map((s) => ({ run_uid: runUid, division_uid: divisionUid, source_name: s.name, file_name: `${s.name}.csv`, status: SOURCE_STATUS.inProcess })))
    .execute();
  const rejections: Rejection[] = [];
  const reject = (r: Rejection) => {
    results.get(fileSource(r.file))!.rejected++;
    if (rejections.length < MAX_REPORTED) rejections.push(r);
    log(`  rejected ${r.file}:${r.line}: ${r.reason}`);
  };

  let matches: MatchCounts | null = null;
  let failure: { source?: string; message: string } | undefined;
  try {
    matches = await db.transaction().execute(async (trx) => {
      await sql`set local statement_timeout = 0`.execute(trx);
      await sql`select pg_advisory_xact_lock(${IMPORT_LOCK}, hashtext(${divisionUid}))`.execute(trx);
      // The children a row of another source may name: those of this extract (source_child.csv loads first).
      let children: Set<string> | null = null;
      for (const source of SOURCE_TABLES) {
        const result = results.get(source.name)!;
        if (!present.get(source.name)) {
          Object.assign(result, { status: SOURCE_STATUS.ok, details: 'Not in this extract: the previous rows are kept' });
          continue;
        }
        log(`Loading ${result.file} ...`);
        const named = source.name === 'source_child' ? null : (children ??= await childrenOf(trx, divisionUid));
        try {
          await loadSource(trx, source, fileOf(folder, source), divisionUid, named, result, reject);
        } catch (err) {
          throw new SourceFailure(source.name, (err as Error).message);
        }
        Object.assign(result, {
          status: result.rejected ? SOURCE_STATUS.warning : SOURCE_STATUS.complete,
          details: `${result.loaded} of ${result.read} rows loaded${result.rejected ? `, ${result.rejected} rejected` : ''}`,
        });
      }
      // The planner's statistics still describe the tables before this run (a first extract of 100,000 children
      // into a database of 200): matching and the search rebuild then pick plans fit for a few rows and run for
      // half an hour. ANALYZE in the transaction samples the rows it loaded.
      await sql.raw(`analyze ${SOURCE_TABLES.map((s) => s.table).join(', ')}`).execute(trx);
      log('Matching children to patients ...');
      const counts = await matchChildren(trx, divisionUid);
      await sql`analyze tbl_match_results, patient`.execute(trx);
      await refreshIdentitySearch(trx, divisionUid);
      return counts;
    });
  } catch (err) {
    failure = err instanceof SourceFailure ? { source: err.source, message: err.message } : { message: (err as Error).message };
  }

  if (failure) {
    const { source, message } = failure;
    for (const result of results.values()) {
      const mine = result.source === source;
      result.status = mine ? `Failed: ${message}` : `Failed: not loaded (${source ? `${source}.csv failed` : message})`;
      result.details = mine ? message : 'The run was rolled back; the previous rows are kept';
      result.loaded = 0;
    }
  }
  for (const r of results.values()) {
    await db
      .updateTable('tbl_identity_source_status')
      .set({ rows_read: r.read, rows_loaded: r.loaded, rows_rejected: r.rejected, status: r.status.slice(0, 500), details: r.details.slice(0, 2000), finished_at: now() })
      .where('run_uid', '=', runUid)
      .where('source_name', '=', r.source)
      .execute();
  }
  return { runUid, ok: !failure, sources: [...results.values()], rejections, matches, ...(failure ? { error: failure.message } : {}) };
}

/** What a run that never finished (killed, or its machine stopped) says once the next run finds it. */
export const ABANDONED = 'Failed: the run stopped before it finished';

/**
 * A run killed mid-way rolls back (its transaction dies with its connection)
 * but leaves its status rows 'In Process'. When no run of the division holds
 * the import lock, any such row belongs to a run that is gone: it is closed
 * as failed, so "Last Updated" does not show a refresh in progress forever.
 */
async function closeAbandonedRuns(db: Db, divisionUid: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ free: boolean }>`select pg_try_advisory_xact_lock(${IMPORT_LOCK}, hashtext(${divisionUid})) as free`.execute(trx);
    if (!rows[0].free) return;
    await trx
      .updateTable('tbl_identity_source_status')
      .set({ status: ABANDONED, details: 'Nothing of that run was loaded; the previous rows are kept', finished_at: now() })
      .where('division_uid', '=', divisionUid)
      .where('finished_at', 'is', null)
      .execute();
  });
}

const fileOf = (folder: string, source: SourceTable) => path.join(folder, `${source.name}.csv`);
const fileSource = (file: string) => file.replace(/\.csv$/, '');

async function childrenOf(trx: Db, divisionUid: string): Promise<Set<string>> {
  const rows = await trx.selectFrom('tbl_source_child').select('sacwis_person_id').where('division_uid', '=', divisionUid).execute();
  return new Set(rows.map((r) => r.sacwis_person_id));
}

/** Replaces the division's rows of one source with the file's valid rows, read as a stream. */
async function loadSource(
  trx: Db,
  source: SourceTable,
  file: string,
  divisionUid: string,
  children: Set<string> | null,
  result: SourceResult,
  reject: (r: Rejection) => void,
): Promise<void> {
  const columns = columnsOf(source);
  const name = path.basename(file);
  const insert = (trx as unknown as Kysely<Record<string, Record<string, unknown>>>).insertInto(source.table);
  await sql`delete from ${sql.table(source.table)} where division_uid = ${divisionUid}`.execute(trx);

  let header: Map<string, number> | null = null;
  const seen = new Map<string, number>();
  let batch: Record<string, unknown>[] = [];
  const flush = async () => {
    if (!batch.length) return;
    await insert.values(batch).execute();
    result.loaded += batch.length;
    batch = [];
  };
  try {
    for await (const read of readCsvRows(file)) {
      const { line } = read;
      if (!header) {
        if (read.rejected !== undefined) throw new ExtractFileError(`${name}:${line}: the header row: ${read.rejected}`);
        header = new Map(read.cells.map((c, i) => [c.trim().toLowerCase(), i]));
        const missing = columns.filter((c) => !header!.has(c) && !source.optional?.includes(c));
        if (missing.length) throw new ExtractFileError(`${name}: the header has no column ${missing.join(', ')}`);
        continue;
      }
      result.read++;
      if (read.rejected !== undefined) {
        reject({ file: name, line, reason: read.rejected });
        continue;
      }
      const record = read.cells;
      if (record.length !== header.size) {
        reject({ file: name, line, reason: `has ${record.length} cells, the header has ${header.size}` });
        continue;
      }
      const cells: Record<string, string | null> = {};
      for (const column of columns) {
        const at = header.get(column);
        const cell = at === undefined ? '' : record[at].trim();
        cells[column] = cell === '' ? null : cell;
      }
      const [error, row] = validate(cells, source.schema, { coerce: true });
      if (error) {
        reject({ file: name, line, reason: error.failures().map((f) => `${f.key}: ${f.message}`).join('; ') });
        continue;
      }
      const person = row.sacwis_person_id as string;
      if (children && !children.has(person)) {
        reject({ file: name, line, reason: `sacwis_person_id: no child ${person} in source_child.csv` });
        continue;
      }
      const key = source.key.map((k) => row[k]).join('\u0000');
      const first = seen.get(key);
      if (first !== undefined) {
        reject({ file: name, line, reason: `${source.key.join(', ')}: repeats line ${first}` });
        continue;
      }
      seen.set(key, line);
      batch.push({ ...row, division_uid: divisionUid });
      if (batch.length >= BATCH) await flush();
    }
  } catch (err) {
    // A file unreadable from some row on (an unclosed quote ...) loads nothing.
    if (err instanceof CsvFileError) throw new ExtractFileError(`${name}:${err.line}: ${err.reason}`);
    throw err;
  }
  if (!header) throw new ExtractFileError(`${name}: the file is empty (a header row is required)`);
  await flush();
}
