import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertFitsPhone, loadedRows, loginAs, openPage, openPatients, shot, startHarness, recordMenu, type Harness } from './support/harness';

let h: Harness;

describe('admissions in the record', () => {
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  test('add an admission from the face sheet, edit it, and be asked before leaving unsaved changes', async () => {
    const { context, page, errors } = await openPage(h, 1366, 1000);
    await loginAs(page, 'navigator');
    const patient = await openPatients(h)
      .select('patient_uid')
      .orderBy('first_name', 'desc')
      .executeTakeFirstOrThrow();
    const base = `/patients/${patient.patient_uid}`;
    await page.goto(`${base}/face-sheet`);
    const card = page.locator('section.face-card', { has: page.getByRole('heading', { name: 'Admissions' }) });
    await card.getByRole('link', { name: 'Add Admission' }).click();
    await page.waitForURL(`**${base}/admissions/add`);

    // Validated on submit: admission date and status are required.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please correct the following:').waitFor();
    assert.equal(await page.locator('.error-summary li').count(), 2);
    await page.getByLabel('Admission Date').fill('2026-11-18');
    await page.getByLabel('Status').selectOption({ label: 'Admitted' });
    await page.getByLabel('Facility').selectOption({ index: 1 });
    await page.getByLabel('Discharge Date').fill('2026-11-17');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('[data-field="dischargeDate"]').getByText('Must be on or after the admission date').waitFor();
    await page.getByLabel('Discharge Date').fill('');
    await page.getByLabel('Comments').fill('Observation overnight');
    await shot(page, 'admissions-add');

    // Leaving with changes asks; staying keeps the form as it was.
    const answers: string[] = [];
    page.on('dialog', (dialog) => {
      answers.push(dialog.message());
      void (answers.length === 1 ? dialog.dismiss() : dialog.accept());
    });
    await (await recordMenu(page)).getByRole('link', { name: 'Face Sheet' }).click();
    assert.deepEqual(answers, ['You have unsaved changes. These will be lost if you leave this page.']);
    assert.match(page.url(), /\/admissions\/add$/);
    assert.equal(await page.getByLabel('Comments').inputValue(), 'Observation overnight');
    // So does the browser's Back.
    answers.length = 0;
    // The refused move never commits, so goBack gives up waiting for it.
    assert.equal(await page.goBack({ timeout: 3000 }).catch(() => 'stayed'), 'stayed');
    assert.match(page.url(), /\/admissions\/add$/);
    assert.deepEqual(answers, ['You have unsaved changes. These will be lost if you leave this page.']);
    assert.equal(await page.getByLabel('Comments').inputValue(), 'Observation overnight');

    // Saving never asks; it lands on the list, which shows the new admission.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**${base}/admissions`);
    assert.equal(answers.length, 1);
    const row = page.locator('tbody tr', { hasText: 'Observation overnight' });
    await row.waitFor();
    await shot(page, 'admissions-list');
    await row.click();
    await page.waitForURL(new RegExp(`${base}/admissions/[0-9a-f-]{36}$`));
    await page.getByRole('heading', { name: 'Edit Admission' }).waitFor();
    await page.getByRole('heading', { name: 'Related Notes' }).waitFor();
    await page.getByLabel('Status').selectOption({ label: 'Discharged' });
    await page.getByLabel('Discharge Date').fill('2026-11-19');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**${base}/admissions`);
    await page.locator('tbody tr', { hasText: 'Discharged' }).waitFor();

    // Leaving an edited form and confirming goes on.
    await loadedRows(page).first().click();
    await page.getByRole('heading', { name: 'Edit Admission' }).waitFor();
    await page.getByLabel('Note', { exact: true }).fill('Changed my mind');
    await (await recordMenu(page)).getByRole('link', { name: 'Face Sheet' }).click();
    await page.waitForURL(`**${base}/face-sheet`);
    assert.equal(answers.length, 2);
    const stored = await h.server.db.selectFrom('admission').select(['comments', 'note', 'discharge_date']).where('patient_uid', '=', patient.patient_uid).execute();
    assert.deepEqual(stored, [{ comments: 'Observation overnight', note: null, discharge_date: '2026-11-19' }]);
    const audit = await h.server.db.selectFrom('audit_entry').select('action').where('patient_uid', '=', patient.patient_uid).where('action', 'like', '%Admission').orderBy('created_at').execute();
    assert.deepEqual(audit.map((a) => a.action), ['AddedAdmission', 'ChangedAdmission']);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the admission pages at 390 px', async () => {
    const { context, page } = await openPage(h, 390, 844);
    await loginAs(page, 'navigator');
    const admission = await h.server.db.selectFrom('admission').select(['patient_uid', 'admission_uid']).executeTakeFirstOrThrow();
    await page.goto(`/patients/${admission.patient_uid}/admissions`);
    await loadedRows(page).first().waitFor();
    await shot(page, 'admissions-list-390');
    await assertFitsPhone(page, 'admissions-list-390');
    await page.goto(`/patients/${admission.patient_uid}/admissions/${admission.admission_uid}`);
    await page.getByRole('heading', { name: 'Edit Admission' }).waitFor();
    await shot(page, 'admissions-edit-390');
    await assertFitsPhone(page, 'admissions-edit-390');
    await context.close();
  });
});
