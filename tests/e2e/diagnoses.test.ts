import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertFitsPhone, loadedRows, loginAs, openPage, openPatients, shot, startHarness, recordMenu, type Harness } from './support/harness';

let h: Harness;

describe('diagnoses in the record', () => {
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  test('a navigator adds a diagnosis from the menu, sees it in the list, and edits it', async () => {
    const { context, page, errors } = await openPage(h, 1366, 1000);
    await loginAs(page, 'navigator');
    const patient = await openPatients(h)
      .select('patient_uid')
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('patient_diagnosis').select('diagnosis_uid').whereRef('patient_diagnosis.patient_uid', '=', 'patient.patient_uid'))))
      .orderBy('first_name', 'desc')
      .executeTakeFirstOrThrow();
    const base = `/patients/${patient.patient_uid}`;
    await page.goto(`${base}/face-sheet`);
    await (await recordMenu(page)).getByRole('link', { name: 'Diagnoses' }).click();
    await page.waitForURL(`**${base}/diagnoses`);
    await page.getByText('No Diagnoses').waitFor();
    await page.getByRole('link', { name: 'Add Diagnosis' }).click();
    await page.waitForURL(`**${base}/diagnoses/add`);

    // Validated on submit: diagnosis, status and provider are required.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please correct the following:').waitFor();
    assert.equal(await page.locator('.error-summary li').count(), 3);

    await page.getByLabel('Find a Diagnosis').fill('otitis media');
    await page.getByLabel('Diagnosis', { exact: true }).selectOption({ label: 'H66.9 Otitis media, unspecified' });
    const region = page.getByLabel('Region');
    await region.locator('option', { hasText: 'Bilateral' }).waitFor({ state: 'attached' });
    await region.selectOption({ label: 'Left' });
    await page.getByLabel('Status').selectOption({ label: 'Active' });
    await page.getByLabel('Provider').selectOption({ label: 'Nora Navigator (Navigator)' });
    await page.getByLabel('Onset Date').fill('2026-11-02');
    await page.getByLabel('Primary Diagnosis').check();
    await page.getByLabel('Note', { exact: true }).fill('Ear pain since the weekend');
    await shot(page, 'diagnoses-add');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully Saved!').waitFor();
    await page.waitForURL(`**${base}/diagnoses`);
    const row = page.locator('tbody tr', { hasText: 'H66.9 Otitis media, unspecified' });
    await row.waitFor();
    assert.match(await row.innerText(), /Left\s+Active\s+11\/02\/2026\s+Nora Navigator/);
    assert.equal(await row.locator('td').first().evaluate((td) => getComputedStyle(td).fontWeight), '700', 'a primary diagnosis is bold');
    await shot(page, 'diagnoses-list');

    // Details, then edit: a diagnosis without regions clears the side.
    await row.click();
    await page.waitForURL(new RegExp(`${base}/diagnoses/[0-9a-f-]{36}/details$`));
    await page.getByRole('heading', { name: 'Diagnosis Details' }).waitFor();
    await page.getByText('Ear pain since the weekend').waitFor();
    await shot(page, 'diagnoses-details');
    await page.getByRole('link', { name: 'Edit Diagnosis' }).click();
    await page.waitForURL(new RegExp(`${base}/diagnoses/[0-9a-f-]{36}/edit$`));
    await page.getByRole('heading', { name: 'Edit Diagnosis' }).waitFor();
    assert.equal(await region.locator('option:checked').innerText(), 'Left');
    await page.getByLabel('Find a Diagnosis').fill('H65.0');
    await page.getByLabel('Diagnosis', { exact: true }).selectOption({ label: 'H65.0 Acute serous otitis media' });
    await page.getByLabel('Status').selectOption({ label: 'Resolved' });
    await page.getByLabel('Primary Diagnosis').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**${base}/diagnoses`);
    const edited = page.locator('tbody tr', { hasText: 'H65.0 Acute serous otitis media' });
    await edited.waitFor();
    assert.match(await edited.innerText(), /Left\s+Resolved/);
    assert.equal(await edited.locator('td').first().evaluate((td) => getComputedStyle(td).fontWeight), '400');

    const stored = await h.server.db.selectFrom('patient_diagnosis').select(['note', 'is_primary_diagnosis', 'onset_date']).where('patient_uid', '=', patient.patient_uid).execute();
    assert.deepEqual(stored, [{ note: 'Ear pain since the weekend', is_primary_diagnosis: false, onset_date: '2026-11-02' }]);
    const audit = await h.server.db.selectFrom('audit_entry').select('action').where('patient_uid', '=', patient.patient_uid).where('action', 'like', '%Diagnosis').orderBy('created_at').execute();
    assert.deepEqual(audit.map((a) => a.action), ['AddedDiagnosis', 'ChangedDiagnosis']);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the diagnosis pages at 390 px', async () => {
    const { context, page } = await openPage(h, 390, 844);
    await loginAs(page, 'navigator');
    // A demo patient whose diagnoses include one with a body site (a resolved cellulitis of the left arm).
    const diagnosis = await h.server.db
      .selectFrom('patient_diagnosis as d')
      .innerJoin('reference_data as r', 'r.uid', 'd.ref_diagnosis_uid')
      .select(['d.patient_uid', 'd.diagnosis_uid'])
      .where('r.name', '=', 'L03.90')
      .where('d.region_uid', 'is not', null)
      .orderBy('d.patient_uid')
      .executeTakeFirstOrThrow();
    await page.goto(`/patients/${diagnosis.patient_uid}/diagnoses`);
    await loadedRows(page).first().waitFor();
    await shot(page, 'diagnoses-list-390');
    await assertFitsPhone(page, 'diagnoses-list-390');
    await page.goto(`/patients/${diagnosis.patient_uid}/diagnoses/${diagnosis.diagnosis_uid}/edit`);
    await page.getByRole('heading', { name: 'Edit Diagnosis' }).waitFor();
    await shot(page, 'diagnoses-edit-390');
    await assertFitsPhone(page, 'diagnoses-edit-390');
    await page.goto(`/patients/${diagnosis.patient_uid}/diagnoses/${diagnosis.diagnosis_uid}/details`);
    await page.getByRole('heading', { name: 'Diagnosis Details' }).waitFor();
    await shot(page, 'diagnoses-details-390');
    await assertFitsPhone(page, 'diagnoses-details-390');
    await context.close();
  });
});
