import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { assertFitsPhone, loadedRows, loginAs, openPage, openPatients, shot, startHarness, recordMenu, type Harness } from './support/harness';

let h: Harness;

/** A small but real PDF (one page with a line of text), with binary bytes in it as real ones have. */
function referralLetter(): Buffer {
  const stream = 'BT /F1 18 Tf 72 720 Td (Referral letter for the school nurse) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

describe('documents in the record', () => {
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  test('a navigator uploads a PDF, finds it in the list, downloads it back byte-identical, and deletes it', async () => {
    const { context, page, errors } = await openPage(h, 1366, 1000);
    await loginAs(page, 'navigator');
    const patient = await openPatients(h)
      .select('patient_uid')
      .orderBy('first_name')
      .executeTakeFirstOrThrow();
    const base = `/patients/${patient.patient_uid}`;
    await page.goto(`${base}/face-sheet`);
    await (await recordMenu(page)).getByRole('link', { name: 'Documents' }).click();
    await page.waitForURL(`**${base}/docs`);
    await page.getByText('No Documents').waitFor();
    await page.getByRole('link', { name: 'Add Document' }).click();
    await page.waitForURL(`**${base}/docs/add`);

    // Title and type are required; the file field appears once a file type is chosen.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please correct the following:').waitFor();
    await page.getByLabel('Document Type').selectOption('PDF');
    await page.getByLabel('Title').fill('Referral letter');
    await page.getByLabel('Description').fill('Signed by the school nurse');
    const letter = referralLetter();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'careweave-e2e-docs-'));
    const upload = path.join(dir, 'referral-letter.pdf');
    await fs.writeFile(upload, letter);
    await page.getByLabel('File', { exact: true }).setInputFiles(upload);
    await page.getByText(`referral-letter.pdf (`).waitFor();
    await shot(page, 'documents-add');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**${base}/docs`);
    await page.getByText('Successfully saved!').waitFor();
    const row = page.locator('tbody tr', { hasText: 'Referral letter' });
    await row.waitFor();
    assert.match(await row.innerText(), /PDF/);
    await shot(page, 'documents-list');

    await row.click();
    await page.waitForURL(new RegExp(`${base}/docs/[0-9a-f-]{36}$`));
    await page.getByRole('heading', { name: 'Document Details' }).waitFor();
    await page.getByText('referral-letter.pdf').waitFor();
    await shot(page, 'documents-details');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
    assert.equal(download.suggestedFilename(), 'referral-letter.pdf');
    const saved = await download.path();
    assert.ok((await fs.readFile(saved)).equals(letter), 'the download is byte-identical to the upload');

    await page.getByRole('button', { name: 'Delete Document' }).click();
    await page.getByRole('dialog', { name: 'Delete Document' }).waitFor();
    await shot(page, 'documents-delete');
    // The dialog's buttons are slotted into its footer: found on the page, not inside the dialog's shadow part.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL(`**${base}/docs`);
    await page.getByText('Successfully deleted!').waitFor();
    await page.getByText('No Documents').waitFor();

    const audit = await h.server.db.selectFrom('audit_entry').select('action').where('patient_uid', '=', patient.patient_uid).where('action', 'like', '%Document').orderBy('created_at').execute();
    assert.deepEqual(audit.map((a) => a.action), ['AddedDocument', 'DeletedDocument']);
    assert.deepEqual(errors, []);
    await fs.rm(dir, { recursive: true, force: true });
    await context.close();
  });

  test('the document pages at 390 px', async () => {
    const { context, page } = await openPage(h, 390, 844);
    await loginAs(page, 'navigator');
    const patient = await openPatients(h).select('patient_uid').orderBy('last_name').executeTakeFirstOrThrow();
    const nav = await h.server.db.selectFrom('app_user').select('user_uid').where('user_name', '=', 'navigator').executeTakeFirstOrThrow();
    await h.server.db
      .insertInto('patient_attachment')
      .values([
        { patient_uid: patient.patient_uid, author_uid: nav.user_uid, doc_type: 'Link', attachment_type: 'link', attachment_title: 'Individualized Education Program', attachment_description: 'School district portal', attachment_link: 'https://schools.example/iep' },
        { patient_uid: patient.patient_uid, author_uid: nav.user_uid, doc_type: 'PDF', attachment_type: 'file', attachment_title: 'Court order', attachment_link: 'b'.repeat(64), file_name: 'court-order.pdf', content_type: 'application/pdf', file_size: 48213 },
      ])
      .execute();
    await page.goto(`/patients/${patient.patient_uid}/docs`);
    await loadedRows(page).first().waitFor();
    await shot(page, 'documents-list-390');
    await assertFitsPhone(page, 'documents-list-390');
    await page.goto(`/patients/${patient.patient_uid}/docs/add`);
    await page.getByLabel('Document Type').selectOption('Link');
    await page.getByLabel('Link').waitFor();
    await shot(page, 'documents-add-390');
    await assertFitsPhone(page, 'documents-add-390');
    await context.close();
  });
});
