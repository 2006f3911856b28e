import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertFitsPhone, loadedRows, loginAs, openPage, openPatients, shot, startHarness, recordMenu, type Harness } from './support/harness';

let h: Harness;

/** A patient of the navigator's first division with no case (always visible): with no medications yet, or the demo one with allergies and medications. */
async function ordinaryPatient(empty: boolean): Promise<string> {
  let query = openPatients(h).select('patient_uid');
  query = empty
    ? query.where(({ not, exists, selectFrom }) => not(exists(selectFrom('patient_medication').select('patient_uid').whereRef('patient_medication.patient_uid', '=', 'patient.patient_uid'))))
    : query.where(({ exists, selectFrom }) => exists(selectFrom('patient_allergy_view as a').select('a.patient_uid').whereRef('a.patient_uid', '=', 'patient.patient_uid').where('a.allergy_label', '=', 'Peanut')));
  return (await query.orderBy('last_name').executeTakeFirstOrThrow()).patient_uid;
}

describe('allergies and medications in the record', () => {
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  test('a navigator adds an allergy of type Medication and a medication from the left menu', async () => {
    const { context, page, errors } = await openPage(h, 1366, 1000);
    await loginAs(page, 'navigator');
    const patient = await ordinaryPatient(true);
    const base = `/patients/${patient}`;
    await page.goto(`${base}/face-sheet`);
    const menu = await recordMenu(page);

    await menu.getByRole('link', { name: 'Allergies' }).click();
    await page.waitForURL(`**${base}/allergies`);
    await page.getByText('No allergies recorded').waitFor();
    await page.getByRole('link', { name: 'Add Allergy' }).click();
    await page.waitForURL(`**${base}/allergies/add`);
    await page.getByRole('heading', { name: 'Add Allergy' }).waitFor();
    assert.equal(await page.getByLabel('Medication', { exact: true }).count(), 0, 'no medication field until the allergy is Medication');
    await page.getByLabel('Allergy').selectOption({ label: 'Medication' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('[data-field="medicationUid"]').getByText('Medication is required').waitFor();
    await page.getByLabel('Medication', { exact: true }).selectOption({ label: 'Amoxicillin' });
    await page.getByLabel('Comments').fill('Hives and swelling of the lips after the second dose');
    await shot(page, 'allergies-add');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**${base}/allergies`);
    await page.getByText('Successfully Saved!').waitFor();
    const row = page.locator('tbody tr', { hasText: 'Amoxicillin' });
    await row.waitFor();
    assert.match(await row.innerText(), /Amoxicillin\s+Medication\s+Hives/);
    await shot(page, 'allergies-list');

    await menu.getByRole('link', { name: 'Medications' }).click();
    await page.waitForURL(`**${base}/medications`);
    await page.getByText('No medications recorded').waitFor();
    await page.getByRole('link', { name: 'Add Medication' }).click();
    await page.waitForURL(`**${base}/medications/add`);
    await page.getByLabel('Medication', { exact: true }).selectOption({ label: 'Sertraline' });
    await page.getByLabel('Dosage').fill('50 mg');
    await page.getByLabel('Frequency').fill('Once a day, in the morning');
    await page.getByLabel('Started').fill('2026-09-01');
    await page.getByLabel('Prescription').check();
    await page.getByLabel('Primary Medication').check();
    const routes = page.getByRole('group', { name: 'Routes' });
    await routes.getByLabel('Oral').check();
    await routes.getByLabel('Feeding tube').check();
    await page.getByLabel('Patient Reported Improvement').selectOption('Yes');
    await page.getByLabel('Relief Rating').selectOption('Moderate');
    await page.getByLabel('Relief Duration').selectOption('Long term');
    await page.getByLabel('Comments').fill('Sleeping better since the dose went up.');
    await shot(page, 'medications-add');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**${base}/medications`);
    const medication = page.locator('tbody tr', { hasText: 'Sertraline' });
    await medication.waitFor();
    assert.match(await medication.innerText(), /Sertraline \(Primary\)\s+50 mg\s+Once a day, in the morning\s+Oral, Feeding tube\s+09\/01\/2026\s+Yes\s+Yes/);
    await shot(page, 'medications-list');

    // The row opens the medication with what was saved; a change is saved the same way.
    await medication.click();
    await page.getByRole('heading', { name: 'Edit Medication' }).waitFor();
    assert.equal(await page.getByLabel('Dosage').inputValue(), '50 mg');
    assert.equal(await routes.getByLabel('Feeding tube').isChecked(), true);
    await page.getByLabel('Dosage').fill('100 mg');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**${base}/medications`);
    await page.locator('tbody tr', { hasText: '100 mg' }).waitFor();

    await menu.getByRole('link', { name: 'Activity Log' }).click();
    await page.getByText('Nora Navigator added the allergy Amoxicillin').waitFor();
    await page.getByText('Nora Navigator added the medication Sertraline').waitFor();
    await page.getByText('Nora Navigator changed the medication Sertraline').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the allergy delete confirm, and the pages at 390 px', async () => {
    const { context, page, errors } = await openPage(h, 390, 844);
    await loginAs(page, 'navigator');
    const patient = await ordinaryPatient(false);
    const base = `/patients/${patient}`;
    await page.goto(`${base}/allergies`);
    const peanut = page.locator('tbody tr', { hasText: 'Peanut' });
    await peanut.waitFor();
    await shot(page, 'allergies-list-390');
    await assertFitsPhone(page, 'allergies-list-390');
    await peanut.click();
    await page.getByRole('heading', { name: 'Edit Allergy' }).waitFor();
    await page.getByRole('button', { name: 'Delete Allergy' }).click();
    // Shoelace slots the text and buttons into the dialog: find them under the element, not its shadow panel.
    const dialog = page.locator('sl-dialog[label="Delete Allergy"][open]');
    await dialog.getByText('The allergy Peanut will be removed').waitFor();
    // The dialog's opening animation over (panel and overlay, in its shadow root), for the screenshot.
    await dialog.evaluate((d) => Promise.all(d.shadowRoot!.getAnimations().map((a) => a.finished)));
    await shot(page, 'allergies-delete-390');
    await assertFitsPhone(page, 'allergies-delete-390');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.match(page.url(), /\/allergies\/[0-9a-f-]{36}$/, 'Cancel stays on the allergy');
    await page.getByRole('button', { name: 'Delete Allergy' }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL(`**${base}/allergies`);
    await page.getByText('Successfully deleted!').waitFor();
    await loadedRows(page).first().waitFor();
    assert.equal(await page.locator('tbody tr', { hasText: 'Peanut' }).count(), 0);

    await page.goto(`${base}/medications`);
    await loadedRows(page).first().waitFor();
    await shot(page, 'medications-list-390');
    await assertFitsPhone(page, 'medications-list-390');
    await page.goto(`${base}/medications/add`);
    await page.getByRole('heading', { name: 'Add Medication' }).waitFor();
    await shot(page, 'medications-add-390');
    await assertFitsPhone(page, 'medications-add-390');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
