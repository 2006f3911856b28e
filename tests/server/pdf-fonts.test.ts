import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import { embedUnicodeFonts } from '../../server/pdf/fonts';
import { unicodeText, wrap } from '../../server/pdf/text';
import { pdfText, pdfTextRuns, runsOutsideMargins } from './support/pdf-text';

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

  it('breaks a word too long for its column after a hyphen, dot or @ before cutting it, never inside a number or date', async () => {
    const { font } = await embedUnicodeFonts(await PDFDocument.create());
    assert.deepEqual(wrap('lee.lee@mahoning.jfs.example', font, 9, 90), ['lee.lee@mahoning.', 'jfs.example']);
    assert.deepEqual(wrap('Dr. Anne-Sophie Ødegård-Papadopoulos', font, 9, 90), ['Dr. Anne-Sophie', 'Ødegård-', 'Papadopoulos']);
    assert.deepEqual(wrap('Take 3.5 mg from 01/10/2026', font, 9, 55), ['Take 3.5', 'mg from', '01/10/2026']);
    // Only a run of letters wider than the column is cut between letters.
    const cut = wrap('Supercalifragilisticexpialidocious', font, 9, 40);
    assert.ok(cut.length > 1 && cut.join('') === 'Supercalifragilisticexpialidocious', String(cut));
    for (const line of cut) assert.ok(font.widthOfTextAtSize(line, 9) <= 40, line);
  });
});

describe('PDF sheet layout', () => {
  it('pages a long table, repeats its header, and numbers the pages', async () => {
    const { Sheet } = await import('../../server/pdf/sheet');
    const sheet = await Sheet.create('Test Sheet', { name: 'Zoë Peña', details: 'Birth Date 05/06/2014' });
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

  const stress = async (rows: number) => {
    const { Sheet } = await import('../../server/pdf/sheet');
    const long = (text: string, n: number) => `${text} `.repeat(Math.ceil(n / (text.length + 1))).slice(0, n).trim();
    const sheet = await Sheet.create('Stress Sheet', { name: 'Maria-José Élodie Ñuñez Hernández-Vąsquez de la Peña Østergaard', details: 'Birth Date 02/29/2012 - Printed 11/26/2026 08:41 am' });
    sheet.section('Child');
    sheet.fields([
      ['Caseworker E-mail', 'bartholomew.jeanbaptiste.orsted.lukasiewicz@franklincountychildrenservices.jfs.ohio.example'],
      ['Incident Note', long('Officer arrived to find the subject in distress at the bus shelter; de-escalated over forty minutes.', 4000)],
    ]);
    sheet.section('Allergies');
    const allergies = Array.from({ length: rows }, (_, i) => ({ allergen: `Allergen ${i + 1}`, reaction: long('Anaphylaxis with urticaria, angioedema and wheezing', i % 3 ? 30 : 200) }));
    sheet.table(
      [
        { label: 'Allergen', width: 0.3, value: (r: (typeof allergies)[number]) => r.allergen },
        { label: 'Reaction', width: 0.7, value: (r: (typeof allergies)[number]) => r.reaction },
      ],
      allergies,
      'No known allergies on record',
    );
    sheet.section('Surgeries');
    sheet.table([{ label: 'Procedure', width: 1, value: () => '' }], [], 'No surgeries on record');
    return sheet.finish();
  };

  it('flows a long child onto more pages, never drawing outside the margins', async () => {
    const few = await stress(5);
    const many = await stress(120);
    const [fewPages, manyPages] = [(await PDFDocument.load(few)).getPageCount(), (await PDFDocument.load(many)).getPageCount()];
    assert.ok(manyPages > fewPages + 2, `${fewPages} pages for 5 rows, ${manyPages} for 120`);
    for (const bytes of [few, many]) assert.deepEqual(await runsOutsideMargins(bytes), []);
    const runs = await pdfTextRuns(many);
    const text = runs.map((r) => r.text);
    for (let i = 1; i <= 120; i++) assert.equal(text.filter((t) => t === `Allergen ${i}`).length, 1, `row ${i} printed once`);
    // Every further page opens with the child's name, and says which section goes on.
    for (let page = 1; page < manyPages; page++) {
      const top = runs.filter((r) => r.page === page).sort((a, b) => b.y - a.y);
      assert.match(top[0].text, /^Maria-José Élodie Ñuñez/, `page ${page + 1} header`);
    }
    assert.ok(text.includes('Child (continued)') && text.includes('Allergies (continued)'), 'continued headings');
    assert.ok(text.filter((t) => t === 'Incident Note').length >= 2, 'a value going on to the next page keeps its label beside it');
    assert.ok(text.includes('No surgeries on record'));
    assert.ok(text.includes(`Page ${manyPages} of ${manyPages}`));
  });

  it('keeps a table header with its first row and never ends a page on a header', async () => {
    const runs = await pdfTextRuns(await stress(120));
    const pages = Math.max(...runs.map((r) => r.page)) + 1;
    for (let page = 0; page < pages; page++) {
      const body = runs.filter((r) => r.page === page && r.y > 40).sort((a, b) => a.y - b.y);
      assert.ok(!['Allergen', 'Reaction', 'Allergies', 'Allergies (continued)'].includes(body[0].text), `page ${page + 1} ends on "${body[0].text}"`);
    }
  });
});
