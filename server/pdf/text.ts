import type { PDFFont } from 'pdf-lib';

/** The standard PDF fonts speak WinAnsi only: anything else becomes '?'. */
export const printable = (s: string) => s.normalize('NFC').replace(/[\t\r\n]+/g, ' ').replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

/**
 * Text for the embedded Unicode font (fonts.ts): line breaks and tabs become spaces, other
 * control characters go, and a character the font has no glyph for becomes '?'.
 */
const glyphs = new WeakMap<PDFFont, Set<number>>();
export function unicodeText(s: string, font: PDFFont): string {
  let supported = glyphs.get(font);
  if (!supported) glyphs.set(font, (supported = new Set(font.getCharacterSet())));
  let out = '';
  for (const ch of s.normalize('NFC').replace(/[\t\r\n]+/g, ' ').replace(/[\u0000-\u001F\u007F-\u009F]/g, '')) {
    out += supported.has(ch.codePointAt(0)!) ? ch : '?';
  }
  return out;
}

/**
 * Where a word may break when it does not fit: after a hyphen, slash, underscore,
 * '@' or '.' that a letter follows (Ødegård-|Papadopoulos, robin.pena@|mahoning.|jfs.|example),
 * never inside a number such as 3.5 or a date such as 01/10/2026.
 */
const PIECES = /.+?(?:[-/_@.](?=\p{L})|$)/gu;

/** The text's lines at most `width` points wide in `font` at `size`. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (fits(line ? `${line} ${word}` : word)) {
      line = line ? `${line} ${word}` : word;
      continue;
    }
    for (const [i, piece] of (word.match(PIECES) ?? [word]).entries()) {
      const next = line ? `${line}${i === 0 ? ' ' : ''}${piece}` : piece;
      if (fits(next)) {
        line = next;
        continue;
      }
      if (line) lines.push(line);
      // Only a piece longer than the whole width is cut between letters.
      let rest = piece;
      while (!fits(rest)) {
        let cut = rest.length - 1;
        while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}
