import fs from 'node:fs';
import { CsvError, parse, type Parser } from 'csv-parse';

/** One CSV line (RFC 4180): a cell with a comma, quote or line break is quoted, quotes doubled; null is empty. */
export function csvLine(cells: readonly (string | null | undefined)[]): string {
  return cells.map((c) => (c == null ? '' : /[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',') + '\n';
}

/**
 * The most an extract row may hold (docs/identity-import.md, "Limits"): far
 * above any real row (the longest cell the sources allow is 4,000
 * characters, the widest file has 15 columns), low enough that a broken or
 * hostile file costs a few megabytes, not the process.
 */
export const CSV_LIMITS = { rowCharacters: 1_000_000, cells: 1_000 } as const;

/** A row of the file, or a row rejected whole before its cells were read; `line` is where it starts. */
export type CsvRow = { line: number; cells: string[]; rejected?: undefined } | { line: number; rejected: string };

/** The file cannot be read past its row starting at `line`. */
export class CsvFileError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
  }
}

/** Where csv-parse stood when it stopped (its error's context), counted from where that parser started. */
interface Position {
  /** Offset of the last cell or row boundary before the stop. */
  bytes: number;
  lines: number;
  empty_lines: number;
  /** Cells the row had then. */
  index: number;
}

const NEWLINE = 0x0a;
const CR = 0x0d;
const COMMA = 0x2c;
const QUOTE = 0x22;
const thousands = (n: number) => n.toLocaleString('en-US');

/**
 * The rows of a CSV file, read as a stream by csv-parse. A row over
 * CSV_LIMITS is rejected (a `rejected` entry; its cells are never held whole)
 * and the rows after it are read as usual; a quote that is never closed, or a
 * quoted cell over the limit (the two look alike until the end of the file),
 * ends the file with a CsvFileError naming the row's line.
 *
 * csv-parse stops at its `max_record_size`, but cannot go on past the row:
 * its `skip_records_with_error` then drops the rest of each chunk it reads and
 * emits the row's remains as a record (csv-parse 7.0.3). So a new parser
 * starts at a boundary of the rejected row outside any quote (the end of the
 * cell over the limit, or the row's start), reads the rest of the row as the
 * file means it, and drops it.
 */
export async function* readCsvRows(file: string): AsyncGenerator<CsvRow> {
  const handle = await fs.promises.open(file);
  try {
    let from = 0;
    let linesBefore = 0;
    // The line of the rejected row the parser starts inside, until it has read past that row.
    let passing: number | null = null;
    for (;;) {
      const rows: CsvRow[] = [];
      // In this parser's lines and bytes: a row starts on the line after the last one ended (past the empty
      // lines csv-parse skipped), at the byte after it.
      let last = { lines: 0, empty: 0, bytes: 0 };
      const startOf = (at: { lines: number; empty_lines: number }) => linesBefore + last.lines + 1 + (at.empty_lines - last.empty);
      const cellsAtMost = passing === null ? CSV_LIMITS.cells : PASSING_CELLS;
      // Where a parser reading a rejected row finished it: the rows after it are read again by one with the
      // usual limits (anything the former made of them, an error included, is dropped).
      let passed = null as { bytes: number; lines: number } | null;
      const parser = parse({
        bom: from === 0,
        relax_column_count: true,
        skip_empty_lines: true,
        // Named rather than discovered: until csv-parse has seen a line break it allocates buffers at every byte
        // to look for one, which made a long first row (or a parser started inside one) cost seconds a megabyte.
        record_delimiter: ['\r\n', '\n'],
        max_record_size: CSV_LIMITS.rowCharacters,
        // csv-parse has no limit on cells, and its size limit does not count empty ones (a pointer each): past
        // the limit, the rest of the row is one more cell, whose characters count.
        ignore_last_delimiters: cellsAtMost + 1,
        // Rows are taken as csv-parse finishes them, not from the stream: an error destroys the stream with the
        // rows it still buffers, and the rows before a rejected one must load.
        on_record: (cells: string[], info) => {
          if (passing !== null) passed ??= { bytes: info.bytes, lines: info.lines };
          else {
            const line = startOf(info);
            rows.push(cells.length > CSV_LIMITS.cells ? { line, rejected: TOO_MANY_CELLS } : { line, cells });
            last = { lines: info.lines, empty: info.empty_lines, bytes: info.bytes };
          }
          return null;
        },
      });
      // Errors are taken from write and end below; an 'error' event without a listener would end the process.
      parser.on('error', () => {});
      let stop: unknown;
      for await (const chunk of chunks(handle, from)) {
        stop = await write(parser, chunk);
        yield* rows.splice(0);
        if (stop || passed) break;
      }
      if (!stop && !passed) {
        stop = await end(parser);
        yield* rows.splice(0);
      }
      if (passed) {
        from += passed.bytes;
        linesBefore += passed.lines;
        passing = null;
        continue;
      }
      if (!stop) return;

      if (!(stop instanceof CsvError) || !isPosition(stop)) throw stop;
      const at: Position = stop;
      const line: number = passing ?? startOf(at);
      let next: { at: number; inRow: boolean; linesBefore: number } | null;
      let reason: string;
      if (at.index === cellsAtMost && REST_OF_ROW_ERRORS.has(stop.code)) {
        // In the cell holding the rest of a row with too many: a quote or the size limit there says nothing
        // about the file. The row is read again from its start, with room for a million cells; past those, from
        // the comma before the rest (where a quoted cell with line breaks just after it would count them twice).
        reason = TOO_MANY_CELLS;
        next =
          passing === null
            ? { at: from + last.bytes, inRow: true, linesBefore: linesBefore + last.lines }
            : { at: from + at.bytes, inRow: true, linesBefore: linesBefore + at.lines - 1 };
      } else if (stop.code === 'CSV_MAX_RECORD_SIZE') {
        const cell = await cellAfter(handle, from + at.bytes);
        if (cell.quoted) throw new CsvFileError(line, `a quoted cell runs past ${thousands(CSV_LIMITS.rowCharacters)} characters: its closing quote is missing, or the cell is too long`);
        reason = `the row is longer than ${thousands(CSV_LIMITS.rowCharacters)} characters`;
        // An unquoted cell holds no line break: the line it ends on is the one csv-parse stopped on. A row
        // ending there is over, and the next parser skips the line break as an empty line.
        const end = await cellEnd(handle, cell.start);
        next = end && { at: end.at, inRow: end.comma, linesBefore: linesBefore + at.lines - 1 };
      } else {
        throw new CsvFileError(line, described(stop));
      }
      if (passing === null) yield { line, rejected: reason };
      if (!next) return;
      passing = next.inRow ? line : null;
      from = next.at;
      linesBefore = next.linesBefore;
    }
  } finally {
    await handle.close();
  }
}

const TOO_MANY_CELLS = `the row has more than ${thousands(CSV_LIMITS.cells)} cells`;

/**
 * Cells a parser reading a rejected row takes before the rest is one cell
 * (8 bytes each when empty; the others count towards the row's characters):
 * a row of 50 million commas then takes 50 parsers.
 */
const PASSING_CELLS = 1_000_000;

/** What csv-parse says when a row's last cell (the rest of the row, past the cell limit) holds quotes or runs over the size limit. */
const REST_OF_ROW_ERRORS = new Set(['CSV_MAX_RECORD_SIZE', 'INVALID_OPENING_QUOTE', 'CSV_INVALID_CLOSING_QUOTE']);

const isPosition = (error: CsvError): error is CsvError & Position =>
  typeof error.bytes === 'number' && typeof error.lines === 'number' && typeof error.empty_lines === 'number' && typeof error.index === 'number';

/** csv-parse's reason without its line number, which counts from where that parser started. */
function described(error: CsvError): string {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return 'a quote is not closed before the end of the file';
  if (error.code === 'INVALID_OPENING_QUOTE') return 'a quote inside a cell that does not start with one';
  if (error.code === 'CSV_INVALID_CLOSING_QUOTE') return 'a closing quote is followed by something other than a comma or a line break';
  return error.message.replace(/ (at|on) line \d+/g, '');
}

const write = (parser: Parser, chunk: Buffer) => new Promise<unknown>((resolve) => parser.write(chunk, (err) => resolve(err ?? undefined)));

function end(parser: Parser): Promise<unknown> {
  return new Promise((resolve) => {
    parser.once('error', resolve);
    parser.once('finish', () => resolve(undefined));
    parser.end();
  });
}

const CHUNK = 64 * 1024;

/**
 * The file from `from` on, a chunk at a time: a new buffer each for
 * csv-parse, which keeps a chunk's tail until the next one; the one `reused`
 * for a scan, so passing over a long row leaves no garbage behind.
 */
async function* chunks(handle: fs.promises.FileHandle, from: number, reused?: Buffer): AsyncGenerator<Buffer> {
  for (let position = from; ; ) {
    const { buffer, bytesRead } = await handle.read(reused ?? Buffer.allocUnsafe(CHUNK), 0, CHUNK, position);
    if (!bytesRead) return;
    yield buffer.subarray(0, bytesRead);
    position += bytesRead;
  }
}

interface CellEnd {
  at: number;
  /** A comma: the row goes on after it. */
  comma: boolean;
}

/**
 * The first comma or line feed at or after `from` (outside a quote: the
 * caller knows), or null when the file ends first. A CRLF row ends at its LF,
 * the CR staying in the cell passed over.
 */
async function cellEnd(handle: fs.promises.FileHandle, from: number): Promise<CellEnd | null> {
  for await (const chunk of chunks(handle, from, Buffer.allocUnsafe(CHUNK))) {
    const found = [COMMA, NEWLINE].map((byte) => chunk.indexOf(byte)).filter((i) => i >= 0);
    if (found.length) {
      const i = Math.min(...found);
      return { at: from + i, comma: chunk[i] === COMMA };
    }
    from += chunk.length;
  }
  return null;
}

/**
 * The cell after a boundary csv-parse reported (the comma before it, or the
 * start of its row, with any empty lines it skipped): where it starts, and
 * whether it opens with a quote. Skipping line breaks after a comma is safe
 * here: the cell ran over the limit, so it is not empty, and a line break
 * would have ended an unquoted one.
 */
async function cellAfter(handle: fs.promises.FileHandle, boundary: number): Promise<{ start: number; quoted: boolean }> {
  let offset = boundary;
  for await (const chunk of chunks(handle, boundary, Buffer.allocUnsafe(CHUNK))) {
    const first = chunk.findIndex((byte, i) => !(offset + i === boundary && byte === COMMA) && byte !== NEWLINE && byte !== CR);
    if (first >= 0) return { start: offset + first, quoted: chunk[first] === QUOTE };
    offset += chunk.length;
  }
  return { start: boundary, quoted: false };
}
