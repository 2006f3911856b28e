/** One CSV line (RFC 4180): a cell with a comma, quote or line break is quoted, quotes doubled; null is empty. */
export function csvLine(cells: readonly (string | null | undefined)[]): string {
  return cells.map((c) => (c == null ? '' : /[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',') + '\n';
}
