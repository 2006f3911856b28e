import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';

/** One font's glyph-code to text map, from its ToUnicode CMap (bfchar and bfrange entries). */
function toUnicodeMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const hexText = (h: string) => String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map((x) => parseInt(x, 16)));
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(m[1].toUpperCase(), hexText(m[2]));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const [lo, hi, start] = [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)];
      for (let c = lo; c <= hi; c++) map.set(c.toString(16).toUpperCase().padStart(m[1].length, '0'), String.fromCodePoint(start + c - lo));
    }
  }
  return map;
}

const streamText = (stream: unknown) => Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1');

/** One drawText of a page: its text, where its baseline starts, and in which font and size. */
export interface TextRun {
  /** 0-based page index */
  page: number;
  text: string;
  x: number;
  y: number;
  size: number;
  /** the font's BaseFont, e.g. DejaVuSans-Bold-1234 or Helvetica */
  font: string;
}

/**
 * The text runs of a pdf-lib PDF's pages, one per drawText, decoded through each font's
 * ToUnicode map (embedded fonts) or as Latin-1 (the standard fonts), with the position
 * pdf-lib writes for each (`1 0 0 1 x y Tm`).
 */
export async function pdfTextRuns(bytes: Uint8Array): Promise<TextRun[]> {
  const doc = await PDFDocument.load(bytes);
  const out: TextRun[] = [];
  for (const [index, page] of doc.getPages().entries()) {
    const fonts = new Map<string, { map: Map<string, string> | null; base: string }>();
    const fontDict = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = doc.context.lookup(ref as PDFRef, PDFDict);
      const toUnicode = font.get(PDFName.of('ToUnicode'));
      const base = String(font.get(PDFName.of('BaseFont')) ?? '').replace(/^\//, '');
      fonts.set(name.asString(), { map: toUnicode ? toUnicodeMap(streamText(doc.context.lookup(toUnicode as PDFRef))) : null, base });
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    let current: { map: Map<string, string> | null; base: string } | undefined;
    let size = 0;
    let [x, y] = [0, 0];
    for (const stream of streams) {
      const content = streamText(stream);
      for (const m of content.matchAll(/(\/[^\s/]+)\s+([\d.]+)\s+Tf|1 0 0 1 (-?[\d.]+) (-?[\d.]+) Tm|<([0-9A-Fa-f]*)>\s*Tj/g)) {
        if (m[1]) [current, size] = [fonts.get(m[1]), Number(m[2])];
        else if (m[3]) [x, y] = [Number(m[3]), Number(m[4])];
        else {
          const map = current?.map;
          const text = map ? (m[5].toUpperCase().match(/.{4}/g) ?? []).map((g) => map.get(g) ?? '\uFFFD').join('') : Buffer.from(m[5], 'hex').toString('latin1');
          out.push({ page: index, text, x, y, size, font: current?.base ?? '' });
        }
      }
    }
  }
  return out;
}

/** The text drawn on a pdf-lib PDF's pages, one line per drawText. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfTextRuns(bytes)).map((r) => r.text).join('\n');
}

/**
 * The runs of a Careweave sheet (server/pdf/sheet.ts) drawn where they should not be: past
 * the left or right margin, or in the bottom margin above the footer line, or off the page.
 * Widths are measured with the fonts the sheets embed.
 */
export async function runsOutsideMargins(bytes: Uint8Array): Promise<string[]> {
  const { PAGE } = await import('../../../server/pdf/sheet');
  const { embedUnicodeFonts } = await import('../../../server/pdf/fonts');
  const { font, bold } = await embedUnicodeFonts(await PDFDocument.create());
  const { width: W, height: H, margin: M } = PAGE;
  const footer = M / 2;
  return (await pdfTextRuns(bytes))
    .filter((r) => {
      const width = (r.font.includes('Bold') ? bold : font).widthOfTextAtSize(r.text, r.size);
      return r.x < M - 0.01 || r.x + width > W - M + 0.01 || (r.y !== footer && r.y < M) || r.y < footer || r.y + r.size > H - footer;
    })
    .map((r) => `page ${r.page + 1} at (${r.x.toFixed(1)}, ${r.y.toFixed(1)}): ${r.text}`);
}
