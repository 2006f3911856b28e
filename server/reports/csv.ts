import type { ColumnKind } from '../dataviews/types';

/** A cell a spreadsheet would run as a formula starts with one of these (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell made inert: a leading quote keeps a spreadsheet from reading `=HYPERLINK(...)`, `+1`, `-1` or `@SUM` as a formula. */
export function inert(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** RFC 4180: a field holding a comma, quote, CR or LF is quoted, its quotes doubled. */
export function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** What a cell shows: dates as MM/DD/YYYY (spec 002 section 9), lists joined, empty for null. */
export function cellText(value: unknown, kind: ColumnKind): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(String).join('; ');
  if (value instanceof Date) return value.toISOString();
  const text = String(value);
  const date = kind === 'date' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(text) : null;
  return date ? `${date[2]}/${date[3]}/${date[1]}` : text;
}

type CsvColumn = { columnName: string; displayHeader: string; kind: ColumnKind };

const csvLine = (cells: string[]) => cells.map((c) => quoted(inert(c))).join(',') + '\r\n';

/** The header line: the display headers. */
export const csvHeader = (columns: CsvColumn[]) => csvLine(columns.map((c) => c.displayHeader));

/** One line per row, each ending in CRLF. */
export const csvRows = (columns: CsvColumn[], rows: Record<string, unknown>[]) => rows.map((row) => csvLine(columns.map((c) => cellText(row[c.columnName], c.kind)))).join('');
