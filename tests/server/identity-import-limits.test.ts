import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { CSV_LIMITS, csvLine, readCsvRows } from '../../server/identity/csv';
import { importExtract } from '../../server/identity/import';
import { columnsOf, SOURCE_TABLES } from '../../server/identity/source-tables';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MB = 1 << 20;
/** The import's heap in these runs: a hostile row held whole (the 50 MB cell as a string) does not fit. */
const HEAP_MB = 96;

let server: TestServer;
let tmp: string;
/** The first division by name: where `npm run import` loads without --division. */
let division: string;

before(async () => {
  server = await startTestServer();
  tmp = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'careweave-hostile-'));
  division = (await server.db.selectFrom('division').select('division_uid').orderBy('division_name').executeTakeFirstOrThrow()).division_uid;
  // Prints the process's peak resident memory as it exits (Linux), for the runs below.
  await fs.promises.writeFile(
    path.join(tmp, 'peak.mjs'),
    `import fs from 'node:fs';
     process.on('exit', () => {
       const peak = /VmHWM:\\s+(\\d+) kB/.exec(fs.existsSync('/proc/self/status') ? fs.readFileSync('/proc/self/status', 'utf8') : '');
       if (peak) process.stderr.write('peak-rss-kb ' + peak[1] + '\\n');
     });`,
  );
});
after(async () => {
  await server?.stop();
  if (tmp) await fs.promises.rm(tmp, { recursive: true, force: true });
});

/** source_child.csv's columns and one more the import ignores, where a cell may hold line breaks. */
const HEADER = [...columnsOf(SOURCE_TABLES.find((s) => s.name === 'source_child')!), 'comment'];
const child = (id: string, comment = '') =>
  csvLine(HEADER.map((c) => ({ sacwis_person_id: id, first_name: 'Ada', last_name: `Limit ${id}`, birth_date: '2014-01-01', gender: 'Female', county: 'Franklin', comment })[c] ?? null));

/** `count` megabytes of `text`, a megabyte at a time: the test never holds the file. */
function* megabytes(count: number, text: string): Generator<string> {
  const block = text.repeat(MB / text.length);
  for (let i = 0; i < count; i++) yield block;
}

/** Writes `<folder>/source_child.csv` from strings and generators of strings, streamed. */
async function writeChildren(folder: string, parts: (string | Iterable<string>)[]): Promise<string> {
  await fs.promises.mkdir(folder, { recursive: true });
  const file = path.join(folder, 'source_child.csv');
  await pipeline(
    Readable.from(
      (function* () {
        for (const part of parts) yield* typeof part === 'string' ? [part] : part;
      })(),
    ),
    fs.createWriteStream(file),
  );
  return file;
}

/** `npm run import -- <folder>` in a process of its own with a heap of HEAP_MB; its exit code, output and peak memory. */
async function runImport(folder: string): Promise<{ code: number; stdout: string; stderr: string; peakMb: number | null }> {
  const args = [`--max-old-space-size=${HEAP_MB}`, '--import', 'tsx', '--import', path.join(tmp, 'peak.mjs'), path.join(ROOT, 'server/identity/cli.ts'), folder];
  const env = { ...process.env, DATABASE_URL: server.connectionString, DEMO_SEED: '0' };
  const answer = await promisify(execFile)(process.execPath, args, { cwd: ROOT, env, maxBuffer: 16 * MB }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code?: number; signal?: string; stdout?: string; stderr?: string }) => ({ code: err.code ?? (err.signal ? 128 : 1), stdout: err.stdout ?? '', stderr: err.stderr ?? '' }),
  );
  const peak = /peak-rss-kb (\d+)/.exec(answer.stderr);
  return { ...answer, peakMb: peak ? Number(peak[1]) / 1024 : null };
}

const childrenLoaded = async () =>
  (await server.db.selectFrom('tbl_source_child').select('sacwis_person_id').where('division_uid', '=', division).orderBy('sacwis_person_id').execute()).map((r) => r.sacwis_person_id);

describe('npm run import: a hostile extract is rejected row by row, in bounded memory', () => {
  let clean: Awaited<ReturnType<typeof runImport>>;
  let hostile: Awaited<ReturnType<typeof runImport>>;
  before(async () => {
    clean = await runImport(path.dirname(await writeChildren(path.join(tmp, 'clean'), [csvLine(HEADER), child('L-1'), child('L-3'), child('L-5')])));
    hostile = await runImport(
      path.dirname(
        await writeChildren(path.join(tmp, 'hostile'), [
          csvLine(HEADER), // line 1
          child('L-1'), // 2
          'L-2,', megabytes(50, 'x'), ',Row,2014-01-01\n', // 3: a 50 MB cell
          child('L-3', 'a comment\non two lines'), // 4 and 5
          'L-4', ','.repeat(1_000_000), '\n', // 6: a million cells
          child('L-5'), // 7
        ]),
      ),
    );
  });

  it('reports each hostile row as file:line: reason and loads the rows around it', async () => {
    assert.equal(hostile.code, 0, hostile.stdout + hostile.stderr);
    assert.match(hostile.stdout, /rejected source_child\.csv:3: the row is longer than 1,000,000 characters\n/);
    assert.match(hostile.stdout, /rejected source_child\.csv:6: the row has more than 1,000 cells\n/);
    assert.match(hostile.stdout, /source_child\.csv +read 5, loaded 3, rejected 2: Warning/);
    assert.deepEqual(await childrenLoaded(), ['L-1', 'L-3', 'L-5']);
    const status = await server.db.selectFrom('tbl_identity_source_status').select(['status', 'rows_rejected']).where('source_name', '=', 'source_child').orderBy('started_at', 'desc').executeTakeFirstOrThrow();
    assert.deepEqual(status, { status: 'Warning', rows_rejected: 2 });
  });

  it(`stays within a ${HEAP_MB} MB heap, and under 40 MB more memory than a clean extract`, (t) => {
    assert.equal(clean.code, 0, clean.stdout + clean.stderr);
    if (clean.peakMb === null || hostile.peakMb === null) return t.skip('no /proc/self/status to read the peak from');
    // The 50 MB cell alone would be 50 MB as a buffer and as much again as a string.
    assert.ok(hostile.peakMb - clean.peakMb < 40, `peak ${hostile.peakMb.toFixed(0)} MB against ${clean.peakMb.toFixed(0)} MB for a clean extract`);
  });
});

describe('npm run import: a file that cannot be read past a row fails whole, with the line', () => {
  const fails = async (name: string, parts: (string | Iterable<string>)[], error: string) => {
    const before = await childrenLoaded();
    const report = await importExtract(server.db, path.dirname(await writeChildren(path.join(tmp, name), parts)), division);
    assert.equal(report.ok, false);
    assert.equal(report.error, error);
    assert.deepEqual(await childrenLoaded(), before, 'nothing changed');
    const status = await server.db.selectFrom('tbl_identity_source_status').select('status').where('run_uid', '=', report.runUid).where('source_name', '=', 'source_child').executeTakeFirstOrThrow();
    assert.equal(status.status, `Failed: ${error}`);
  };
  const rows = (count: number) =>
    (function* () {
      for (let i = 0; i < count; i++) yield child(`M-${i}`);
    })();

  it('a quote opened on line 3 and never closed, the rest of a 3 MB file after it', async () => {
    await fails(
      'unclosed-long',
      [csvLine(HEADER), child('L-1'), 'L-9,"Unclosed,', rows(60_000)],
      'source_child.csv:3: a quoted cell runs past 1,000,000 characters: its closing quote is missing, or the cell is too long',
    );
  });

  it('a quote opened on line 4 and never closed, the file ending within the limit', async () => {
    await fails('unclosed-short', [csvLine(HEADER), child('L-1'), child('L-2'), 'L-9,"Unclosed,', rows(10)], 'source_child.csv:4: a quote is not closed before the end of the file');
  });

  it('a quoted cell of 5 MB (its end cannot be told from a missing quote without reading it whole)', async () => {
    await fails('quoted-long', [csvLine(HEADER), child('L-1'), 'L-9,"', megabytes(5, 'q'), '",x\n', child('L-2')], 'source_child.csv:3: a quoted cell runs past 1,000,000 characters: its closing quote is missing, or the cell is too long');
  });

  it('a header of a million cells', async () => {
    await fails('wide-header', [HEADER.join(','), ','.repeat(1_000_000), '\n', child('L-1')], 'source_child.csv:1: the header row: the row has more than 1,000 cells');
  });
});

describe('readCsvRows: the rows after a rejected one', () => {
  const read = async (name: string, parts: (string | Iterable<string>)[]) => {
    const out: unknown[] = [];
    for await (const row of readCsvRows(await writeChildren(path.join(tmp, name), parts))) out.push(row.rejected ?? row.cells);
    return out;
  };
  const lines = async (name: string, parts: (string | Iterable<string>)[]) => {
    const out: number[] = [];
    for await (const row of readCsvRows(await writeChildren(path.join(tmp, name), parts))) out.push(row.line);
    return out;
  };
  const tooMany = `the row has more than ${CSV_LIMITS.cells.toLocaleString('en-US')} cells`;

  it('a row with too many cells whose later cells are quoted, with commas and line breaks, is passed over as the file means it', async () => {
    // Cell 1,001, where csv-parse stops taking cells apart, is the quoted one with a line break.
    const parts = ['a,b\n', 'x', ',"q, r"'.repeat(999), ',"two\nlines"', ',"""quoted"""'.repeat(3000), '\n', '1,"2\n3"\n', '4,5\n'];
    assert.deepEqual(await read('quoted-tail', parts), [['a', 'b'], tooMany, ['1', '2\n3'], ['4', '5']]);
    assert.deepEqual(await lines('quoted-tail', parts), [1, 2, 4, 6]);
  });

  it('CRLF lines, empty lines and a byte-order mark keep their line numbers across rejected rows', async () => {
    const parts = ['\ufeffa,b\r\n', '\r\n', 'x,', megabytes(2, 'y'), '\r\n', '\r\n', '1,2\r\n', ','.repeat(5000), '\r\n', '3,4'];
    assert.deepEqual(await read('crlf', parts), [['a', 'b'], `the row is longer than ${CSV_LIMITS.rowCharacters.toLocaleString('en-US')} characters`, ['1', '2'], tooMany, ['3', '4']]);
    assert.deepEqual(await lines('crlf', parts), [1, 3, 5, 6, 7]);
  });

  it('a rejected row at the end of the file, without a final line break', async () => {
    assert.deepEqual(await read('last', ['a,b\n', '1,2\n', 'x,', megabytes(2, 'y')]), [['a', 'b'], ['1', '2'], `the row is longer than ${CSV_LIMITS.rowCharacters.toLocaleString('en-US')} characters`]);
  });
});
