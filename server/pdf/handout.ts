import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Handout } from '../db/reference-lists/resource-handouts';
import { printable, wrap } from './text';

/** The handouts carry a fixed date, so the same text makes the same bytes (one stored file, whatever the install). */
const DATED = new Date('2025-01-01T00:00:00Z');
const [W, H, M] = [612, 792, 54];
const WIDTH = W - 2 * M;
const GREY = rgb(0.3, 0.3, 0.3);

/** One US Letter page: heading, introduction, sections of bullets or numbered steps, sources. Refuses text that needs a second page. */
export async function handoutPdf(handout: Handout): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(handout.heading);
  pdf.setCreator('Careweave');
  pdf.setProducer('Careweave (pdf-lib)');
  pdf.setCreationDate(DATED);
  pdf.setModificationDate(DATED);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([W, H]);
  let y = H - M;

  const paragraph = (text: string, options: { size: number; indent?: number; lead?: string; f?: typeof font; color?: ReturnType<typeof rgb> }) => {
    const { size, indent = 0, lead, f = font, color = rgb(0, 0, 0) } = options;
    const lines = wrap(printable(text), f, size, WIDTH - indent);
    for (const [i, line] of lines.entries()) {
      if (i === 0 && lead) page.drawText(lead, { x: M + indent - 14, y, font: bold, size, color });
      page.drawText(line, { x: M + indent, y, font: f, size, color });
      y -= size * 1.35;
    }
  };

  paragraph(handout.heading, { size: 20, f: bold });
  y -= 4;
  paragraph(handout.intro, { size: 11 });
  for (const section of handout.sections) {
    y -= 8;
    paragraph(section.heading, { size: 13, f: bold });
    y -= 2;
    for (const [i, item] of section.items.entries()) {
      paragraph(item, { size: 10.5, indent: 16, lead: section.numbered ? `${i + 1}.` : '-' });
      y -= 2;
    }
  }
  y -= 6;
  page.drawLine({ start: { x: M, y: y + 8 }, end: { x: W - M, y: y + 8 }, thickness: 0.5, color: rgb(0.7, 0.7, 0.7) });
  y -= 4;
  paragraph(handout.sources, { size: 9, color: GREY });
  if (y < M / 2) throw new Error(`The handout "${handout.title}" does not fit on one page`);
  return pdf.save();
}
