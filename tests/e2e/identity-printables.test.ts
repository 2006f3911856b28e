import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { loginAs, openPage, shot, startHarness, recordMenu, type Harness } from './support/harness';
import { pdfText } from '../server/support/pdf-text';
import { personName } from '../../shared/format';

/**
 * Issue 11 section 4: an identity user prints the Child's Health Information
 * Form from the record's left menu (a real PDF with the child's name, through
 * the short-lived signed link), and sees the patient page's Print PDF.
 */

let h: Harness;

/** An approved, unrestricted child of the demo extract with an agency legal status, and the name the PDFs print. */
async function printableChild(): Promise<{ uid: string; name: string }> {
  const { rows } = await sql<{ patient_uid: string; first_name: string; middle_name: string | null; last_name: string }>`
    select patient_uid, first_name, middle_name, last_name from patient
     where restricted_flag = '0' and not adoption_case and agency_legal_status is not null and sacwis_person_id is not null
     order by patient_uid limit 1`.execute(h.server.db);
  return { uid: rows[0].patient_uid, name: personName(rows[0].first_name, rows[0].middle_name, rows[0].last_name) };
}

describe('identity printables', () => {
  before(async () => {
    h = await startHarness({ DEMO_EXTRACT_CHILDREN: '200' });
  });
  after(async () => {
    await h?.stop();
  });

  for (const [width, height] of [
    [1366, 1000],
    [390, 844],
  ] as const) {
    test(`an identity user opens the Child's Health Information Form from the menu and gets a PDF with the child's name (${width} px)`, async () => {
      const { context, page, errors } = await openPage(h, width, height);
      await loginAs(page, 'identity');
      const child = await printableChild();
      await page.goto(`/patients/${child.uid}/face-sheet`);
      const menu = await recordMenu(page);
      const item = menu.getByRole('button', { name: "Child's Health Information Form" });
      await item.waitFor();
      await page.getByRole('button', { name: 'Print PDF' }).waitFor();
      // The healthcare user's sheet is not this user's to print.
      assert.equal(await menu.getByRole('button', { name: 'Hospital Registration Sheet' }).count(), 0);
      await page.locator('.load-state[aria-busy="true"]').first().waitFor({ state: 'detached' });
      await item.scrollIntoViewIfNeeded();
      await shot(page, `identity-printables-menu-${width}`, false);

      const asked = context.waitForEvent('request', (r) => r.url().includes('/api/identity-pdf?token='));
      await item.click();
      const link = (await asked).url();
      const pdf = await context.request.get(link);
      assert.equal(pdf.status(), 200);
      assert.equal(pdf.headers()['content-type'], 'application/pdf');
      const bytes = await pdf.body();
      assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
      const text = await pdfText(bytes);
      assert.ok(text.includes("Child's Health Information Form") && text.includes(child.name), text);
      for (const p of context.pages()) if (p !== page) await p.close();
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test('the healthcare user sees the Hospital Registration Sheet, not the form, and the patient page print opens a PDF (390 px)', async () => {
    const { context, page, errors } = await openPage(h, 390, 844);
    await loginAs(page, 'identity-health');
    const child = await printableChild();
    await page.goto(`/patients/${child.uid}/face-sheet`);
    const menu = await recordMenu(page);
    await menu.getByRole('button', { name: 'Hospital Registration Sheet' }).waitFor();
    assert.equal(await menu.getByRole('button', { name: "Child's Health Information Form" }).count(), 0);
    const asked = context.waitForEvent('request', (r) => r.url().includes('/api/identity-pdf?token='));
    await page.getByRole('button', { name: 'Print PDF' }).click();
    const pdf = await context.request.get((await asked).url());
    const text = await pdfText(await pdf.body());
    assert.ok(text.includes('Identity Record') && text.includes(child.name), text);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
