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

/**
 * The text drawn on a pdf-lib PDF's pages, one string per drawText, decoded through each font's
 * ToUnicode map (embedded fonts) or as Latin-1 (the standard fonts).
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const out: string[] = [];
  for (const page of doc.getPages()) {
    const fonts = new Map<string, Map<string, string> | null>();
    const fontDict = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = doc.context.lookup(ref as PDFRef, PDFDict);
      const toUnicode = font.get(PDFName.of('ToUnicode'));
      fonts.set(name.asString(), toUnicode ? toUnicodeMap(streamText(doc.context.lookup(toUnicode as PDFRef))) : null);
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    let current: Map<string, string> | null = null;
    for (const stream of streams) {
      const content = streamText(stream);
      for (const m of content.matchAll(/(\/[^\s/]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
        if (m[1]) current = fonts.get(m[1]) ?? null;
        else if (current) out.push((m[2].toUpperCase().match(/.{4}/g) ?? []).map((g) => current!.get(g) ?? '\uFFFD').join(''));
        else out.push(Buffer.from(m[2], 'hex').toString('latin1'));
      }
    }
  }
  return out.join('\n');
}
