import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { loginAs, openPage, shot, startHarness, recordMenu, type Harness } from './support/harness';

let h: Harness;

/** An ordinary patient of the navigator's division (no case, not restricted) with no badges yet, and a last name few others share. */
async function plainPatient(): Promise<{ uid: string; lastName: string; firstName: string }> {
  const { rows } = await sql<{ patient_uid: string; last_name: string; first_name: string }>`
    select p.patient_uid, p.last_name, p.first_name from patient p
     where p.restricted_flag = '0' and p.division_uid = (select division_uid from division order by division_name limit 1)
       and not exists (select 1 from patient_case c where c.patient_uid = p.patient_uid)
       and not exists (select 1 from patient_badge b where b.patient_uid = p.patient_uid)
     order by (select count(*) from patient o where o.last_name = p.last_name), p.patient_uid limit 1`.execute(h.server.db);
  return { uid: rows[0].patient_uid, lastName: rows[0].last_name, firstName: rows[0].first_name };
}

describe('/patients and badges in the shell', () => {
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  test('the patient list: filter by last name, a row opens the face sheet', async () => {
    const { context, page, errors } = await openPage(h, 1366, 900);
    await loginAs(page, 'navigator');
    const patient = await plainPatient();
    await page.goto('/patients');
    await page.getByRole('heading', { name: 'Patients', level: 1 }).waitFor();
    await page.locator('tbody tr.clickable').first().waitFor();
    await shot(page, 'patient-list-1366');

    await page.getByLabel('Filter Last Name').fill(patient.lastName);
    const row = page.locator('tbody tr.clickable', { hasText: patient.firstName }).filter({ hasText: patient.lastName });
    await row.first().waitFor();
    const shown = await page.locator('tbody tr.clickable td:first-child').allTextContents();
    assert.ok(shown.every((name) => name.toLowerCase().includes(patient.lastName.toLowerCase())), shown.join(', '));
    await row.first().click();
    await page.waitForURL(`**/patients/${patient.uid}/face-sheet`);
    await page.getByRole('heading', { name: 'Face Sheet' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the patient list on a phone, and the identity welcome', async () => {
    const phone = await openPage(h, 390, 844);
    await loginAs(phone.page, 'community');
    await phone.page.goto('/patients');
    await phone.page.locator('tbody tr.clickable').first().waitFor();
    await shot(phone.page, 'patient-list-390');
    await phone.context.close();

    const { context, page, errors } = await openPage(h, 1366, 900);
    await loginAs(page, 'identity');
    await page.goto('/patients');
    await page.getByRole('heading', { name: 'Welcome, Ian Identity' }).waitFor();
    assert.equal(await page.locator('table').count(), 0);
    await shot(page, 'patient-list-identity');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('badges: choose badges from the left menu\'s page; the header pills and the activity log show them', async () => {
    const { context, page, errors } = await openPage(h, 1366, 1000);
    await loginAs(page, 'navigator');
    const patient = await plainPatient();
    await page.goto(`/patients/${patient.uid}/face-sheet`);
    await (await recordMenu(page)).getByRole('link', { name: 'Badges' }).click();
    await page.waitForURL(`**/patients/${patient.uid}/badge`);
    await page.getByRole('heading', { name: 'Badges', level: 2 }).waitFor();

    await page.getByRole('radio', { name: 'Medium Risk' }).check();
    await page.getByRole('radio', { name: 'High Risk' }).check();
    assert.equal(await page.getByRole('radio', { name: 'Medium Risk' }).isChecked(), false, 'one choice in an exclusive group');
    await page.getByRole('checkbox', { name: 'Fall Risk' }).check();
    await page.getByRole('checkbox', { name: 'Needs Interpreter' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully Saved!').waitFor();

    const pills = page.getByRole('list', { name: 'Badges' });
    await pills.getByText('Needs Interpreter').waitFor();
    assert.deepEqual(await pills.getByRole('listitem').allTextContents(), ['High Risk', 'Fall Risk', 'Needs Interpreter']);
    await shot(page, 'badges-1366');

    // A reload reads them back from the server.
    await page.reload();
    await page.getByRole('list', { name: 'Badges' }).getByText('High Risk').waitFor();
    assert.equal(await page.getByRole('radio', { name: 'High Risk' }).isChecked(), true);

    await page.getByRole('link', { name: 'Back to Details' }).click();
    await page.getByRole('heading', { name: 'Face Sheet' }).waitFor();
    await (await recordMenu(page)).getByRole('link', { name: 'Activity Log' }).click();
    await page.getByText('Nora Navigator added the badge High Risk').waitFor();
    await page.getByText('Nora Navigator added the badge Needs Interpreter').waitFor();
    assert.deepEqual(errors, []);
    await context.close();

    const phone = await openPage(h, 390, 844);
    await loginAs(phone.page, 'navigator');
    await phone.page.goto(`/patients/${patient.uid}/badge`);
    await phone.page.getByRole('radio', { name: 'High Risk' }).waitFor();
    await shot(phone.page, 'badges-390');
    await phone.context.close();
  });
});
