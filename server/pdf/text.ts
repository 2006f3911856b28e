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

/** The text's lines at most `width` points wide in `font` at `size`. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) line = next;
    else {
      if (line) lines.push(line);
      // A single word longer than the column is cut.
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}
