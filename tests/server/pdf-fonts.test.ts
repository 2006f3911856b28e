import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import { embedUnicodeFonts } from '../../server/pdf/fonts';
import { unicodeText, wrap } from '../../server/pdf/text';
import { pdfText } from './support/pdf-text';

describe('PDF fonts: DejaVu Sans for names with accents', () => {
  it('prints accented names as written, in regular and bold, with the font embedded', async () => {
    const pdf = await PDFDocument.create();
    const { font, bold } = await embedUnicodeFonts(pdf);
    const page = pdf.addPage([612, 792]);
    const name = 'Zoë Peña-Müller, Łukasz Ørsted';
    page.drawText(unicodeText(name, font), { x: 50, y: 700, font, size: 12 });
    page.drawText(unicodeText('Ünterberg, José', bold), { x: 50, y: 680, font: bold, size: 12 });
    const bytes = await pdf.save();
    assert.equal(Buffer.from(bytes.subarray(0, 5)).toString(), '%PDF-');
    const text = await pdfText(bytes);
    assert.ok(text.includes(name), text);
    assert.ok(text.includes('Ünterberg, José'), text);
    assert.ok(!text.includes('?'), 'no character replaced');
    // Written without object streams so the font dictionaries can be read as they are.
    const raw = Buffer.from(await pdf.save({ useObjectStreams: false })).toString('latin1');
    assert.match(raw, /\/BaseFont \/DejaVuSans-\d+\b/);
    assert.match(raw, /\/BaseFont \/DejaVuSans-Bold-\d+\b/);
    assert.match(raw, /\/FontFile2/);
  });

  it('turns only characters the font lacks, and control characters, into ? or space', async () => {
    const pdf = await PDFDocument.create();
    const { font } = await embedUnicodeFonts(pdf);
    assert.equal(unicodeText('Zoë\tPeña\r\nMüller\u0007', font), 'Zoë Peña Müller');
    assert.equal(unicodeText('A漢B', font), 'A?B');
    assert.deepEqual(wrap(unicodeText('Zoë Peña Müller', font), font, 10, 60), ['Zoë Peña', 'Müller']);
  });
});

describe('PDF sheet layout', () => {
  it('pages a long table, repeats its header, and numbers the pages', async () => {
    const { Sheet } = await import('../../server/pdf/sheet');
    const sheet = await Sheet.create('Test Sheet', 'Zoë Peña');
    sheet.fields([['Name', 'Zoë Peña'], ['Empty', null]]);
    sheet.section('Rows');
    const rows = Array.from({ length: 150 }, (_, i) => ({ n: i + 1 }));
    sheet.table([{ label: 'Number', width: 0.3, value: (r: { n: number }) => `Row ${r.n}` }, { label: 'Long Text', width: 0.7, value: () => 'A long cell that wraps onto a second line within its column at this width, twice over maybe' }], rows, 'None');
    sheet.section('Nothing');
    sheet.table([{ label: 'X', width: 1, value: () => '' }], [], 'Nothing on record');
    const bytes = await sheet.finish();
    const doc = await PDFDocument.load(bytes);
    const pages = doc.getPageCount();
    assert.ok(pages >= 3, `${pages} pages`);
    const text = await pdfText(bytes);
    assert.ok(text.includes('Row 1\n') && text.includes('Row 150'), 'every row');
    assert.ok(text.split('\n').filter((t) => t === 'Number').length >= pages - 1, 'the header on each page of the table');
    assert.ok(text.includes(`Page ${pages} of ${pages}`) && text.includes('Not on record') && text.includes('Nothing on record'));
  });
});
