import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { assertFitsPhone, loginAs, openPage, openPatients, shot, startHarness, recordMenu, type Harness } from './support/harness';

let h: Harness;

let patient: { patient_uid: string };

/** A patient of the navigator's first division with no case (so neither restricted nor adoption) and none of the demo's resources. */
async function ordinaryPatient() {
  return openPatients(h)
    .select('patient_uid')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('patient_resource').select('resource_uid').whereRef('patient_resource.patient_uid', '=', 'patient.patient_uid'))))
    .orderBy('last_name')
    .executeTakeFirstOrThrow();
}

describe('resource library and patient resources', () => {
  before(async () => {
    h = await startHarness();
    patient = await ordinaryPatient();
  });
  after(async () => {
    await h?.stop();
  });

  test('a navigator opens the library from the main nav, downloads a library PDF, then adds resources to a patient and removes one after confirming', async () => {
    const { context, page, errors } = await openPage(h, 1366, 1000);
    await loginAs(page, 'navigator');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resource Library' }).click();
    await page.waitForURL('**/resource-library');
    await page.getByRole('heading', { name: 'Resource Library' }).waitFor();
    await page.getByRole('link', { name: /Child Welfare Information Gateway/ }).waitFor();
    await page.getByRole('radio', { name: 'Patients and Families' }).check();
    const lifeline = page.getByRole('link', { name: /988 Suicide & Crisis Lifeline/ });
    await lifeline.waitFor();
    // Opened in a new tab, never followed here: the test machine reaches no outside site.
    assert.equal(await lifeline.getAttribute('target'), '_blank');
    assert.match((await lifeline.getAttribute('rel')) ?? '', /\bnoopener\b/);
    assert.equal(await page.getByRole('link', { name: /Child Welfare Information Gateway/ }).count(), 0);
    await shot(page, 'resource-library');

    // A File resource (a seeded PDF handout) opens its signed link in a new tab, which downloads the PDF.
    const handout = page.getByRole('button', { name: /^Handout: 988 Suicide & Crisis Lifeline/ });
    assert.equal(await page.locator('tbody tr', { has: handout }).locator('td').nth(2).textContent(), 'File');
    const [tab] = await Promise.all([page.waitForEvent('popup'), handout.click()]);
    const download = await tab.waitForEvent('download');
    assert.equal(download.suggestedFilename(), '988-lifeline-handout.pdf');
    const pdf = await fs.readFile(await download.path());
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    const row = await h.server.db.selectFrom('reference_resource').select('file_size').where('title', '=', 'Handout: 988 Suicide & Crisis Lifeline').executeTakeFirstOrThrow();
    assert.equal(pdf.length, row.file_size, 'the whole stored file');

    const base = `/patients/${patient.patient_uid}`;
    await page.goto(`${base}/face-sheet`);
    await (await recordMenu(page)).getByRole('link', { name: 'Resources' }).click();
    await page.waitForURL(`**${base}/resource`);
    await page.getByText('No Resources').waitFor();

    // The resource is required; then two are added, each gone from the list once added.
    for (const title of ['988 Suicide & Crisis Lifeline (call or text 988)', 'SNAP (Supplemental Nutrition Assistance Program)']) {
      await page.getByRole('button', { name: 'Add Resource' }).click();
      const dialog = page.locator('sl-dialog[label="Add Resource"][open]');
      await dialog.getByLabel('Resource', { exact: true }).waitFor();
      if (title.startsWith('988')) {
        await dialog.getByRole('button', { name: 'Save' }).click();
        await dialog.getByText('Resource is required').first().waitFor();
        await shot(page, 'patient-resources-add');
      }
      await dialog.getByLabel('Resource', { exact: true }).selectOption({ label: title });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.locator('tbody tr', { hasText: title }).waitFor();
    }
    await page.getByRole('button', { name: 'Add Resource' }).click();
    const again = page.locator('sl-dialog[label="Add Resource"][open]').getByLabel('Resource', { exact: true });
    await again.waitFor();
    const offered = await again.locator('option').allTextContents();
    assert.ok(offered.includes('WIC (Women, Infants, and Children)'), offered.join(' | '));
    assert.ok(!offered.includes('SNAP (Supplemental Nutrition Assistance Program)'), 'an added resource is not offered again');
    await page.locator('sl-dialog[label="Add Resource"][open]').getByRole('button', { name: 'Cancel' }).click();
    await page.locator('sl-dialog[label="Add Resource"][open]').waitFor({ state: 'hidden' });
    await shot(page, 'patient-resources');

    // Remove asks first; cancelling keeps the resource.
    await page.getByRole('button', { name: /^Remove SNAP/ }).click();
    const confirm = page.locator('sl-dialog[label="Remove Resource"][open]');
    await confirm.waitFor();
    await shot(page, 'patient-resources-remove', false);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    assert.equal(await page.locator('tbody tr').count(), 2);
    await page.getByRole('button', { name: /^Remove SNAP/ }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page.locator('tbody tr', { hasText: 'SNAP' }).waitFor({ state: 'detached' });
    assert.equal(await page.locator('tbody tr').count(), 1);

    const stored = await h.server.db.selectFrom('patient_resource_view').select('title').where('patient_uid', '=', patient.patient_uid).execute();
    assert.deepEqual(stored, [{ title: '988 Suicide & Crisis Lifeline (call or text 988)' }]);
    const audit = await h.server.db.selectFrom('audit_entry').select('action').where('patient_uid', '=', patient.patient_uid).where('action', 'like', '%Resource').orderBy('created_at').execute();
    assert.deepEqual(audit.map((a) => a.action), ['AddedResource', 'AddedResource', 'RemovedResource']);

    await (await recordMenu(page)).getByRole('link', { name: 'Activity Log' }).click();
    await page.getByText('Nora Navigator removed the resource SNAP (Supplemental Nutrition Assistance Program)').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the library and a patient’s resources at 390 px', async () => {
    const { context, page, errors } = await openPage(h, 390, 844);
    await loginAs(page, 'navigator');
    await page.goto('/resource-library');
    await page.getByRole('link', { name: /Child Welfare Information Gateway/ }).waitFor();
    await shot(page, 'resource-library-390');
    await assertFitsPhone(page, 'resource-library-390');
    // A File resource on the patient's list too: its card says File and names the file.
    const naloxone = await h.server.db.selectFrom('reference_resource').select('resource_uid').where('title', '=', 'Handout: How to Give Naloxone Nasal Spray').executeTakeFirstOrThrow();
    await h.server.db.insertInto('patient_resource').values({ patient_uid: patient.patient_uid, resource_uid: naloxone.resource_uid }).execute();
    await page.goto(`/patients/${patient.patient_uid}/resource`);
    const card = page.locator('tbody tr', { has: page.getByRole('button', { name: /^Handout: How to Give Naloxone Nasal Spray/ }) });
    await card.waitFor();
    assert.equal(await card.locator('td[data-label="Type"]').textContent(), 'File');
    assert.match((await card.locator('td[data-label="Link"]').textContent()) ?? '', /^naloxone-nasal-spray-steps\.pdf \(/);
    await shot(page, 'patient-resources-390');
    await assertFitsPhone(page, 'patient-resources-390');
    await page.getByRole('button', { name: /^Remove 988/ }).click();
    await page.locator('sl-dialog[label="Remove Resource"][open]').waitFor();
    await shot(page, 'patient-resources-remove-390', false);
    await assertFitsPhone(page, 'patient-resources-remove-390');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
