import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

const require = createRequire(import.meta.url);
const ttf = (name: string) => require.resolve(`dejavu-fonts-ttf/ttf/${name}`);

let files: Promise<[Buffer, Buffer]> | undefined;
/** DejaVu Sans regular and bold, read once per process. */
const fontFiles = () => (files ??= Promise.all([readFile(ttf('DejaVuSans.ttf')), readFile(ttf('DejaVuSans-Bold.ttf'))]));

/**
 * DejaVu Sans (regular and bold) embedded in `pdf`, subset to the glyphs used:
 * it covers Latin with accents, Greek and Cyrillic, so names such as Zoë, Peña or
 * Müller print as written (the standard Helvetica speaks WinAnsi only).
 */
export async function embedUnicodeFonts(pdf: PDFDocument): Promise<{ font: PDFFont; bold: PDFFont }> {
  pdf.registerFontkit(fontkit);
  const [regular, boldBytes] = await fontFiles();
  const font = await pdf.embedFont(regular, { subset: true });
  const bold = await pdf.embedFont(boldBytes, { subset: true });
  return { font, bold };
}
