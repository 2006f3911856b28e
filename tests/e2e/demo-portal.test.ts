import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { openPage, shot, signIn, startHarness, type Harness } from './support/harness';

describe('demo partner EHR portal embeds search, calendar, reminders and queues inside one <care-session>', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  test('signs in once, shows live queues, keeps both sides\' styles apart, opens a chosen patient in the portal\'s chart viewer', async () => {
    const { context, page, errors } = await openPage(h);
    await page.goto('/demo/ehr-portal.html');
    await signIn(page, 'navigator');

    const card = page.locator('care-queue').first();
    await card.getByRole('heading', { name: /New Referrals/ }).waitFor();
    const firstCell = card.locator('tbody tr').first().locator('td').first();
    await firstCell.waitFor();
    assert.equal(await page.locator('care-queue').count(), 3, 'one card per top-level queue of the division');

    // The portal's `* { font-family: Comic Sans !important }`, uppercase purple cells and pink buttons stay outside.
    const inside = await firstCell.evaluate((td) => {
      const s = getComputedStyle(td);
      return { font: s.fontFamily, transform: s.textTransform, color: s.color };
    });
    assert.doesNotMatch(inside.font, /comic|cursive/i);
    assert.equal(inside.transform, 'none');
    assert.notEqual(inside.color, 'rgb(142, 68, 173)');
    const nextButton = await card.getByRole('button', { name: 'Next' }).evaluate((b) => getComputedStyle(b).backgroundColor);
    assert.notEqual(nextButton, 'rgb(255, 0, 170)');

    // And ours stay inside: the portal's own table and heading keep the portal's look.
    const outside = await page.locator('#portal-table td').first().evaluate((td) => {
      const s = getComputedStyle(td);
      return { transform: s.textTransform, color: s.color };
    });
    assert.deepEqual(outside, { transform: 'uppercase', color: 'rgb(142, 68, 173)' });
    assert.equal(await page.locator('#portal-title').evaluate((h) => getComputedStyle(h).color), 'rgb(22, 160, 133)');

    await shot(page, 'demo-ehr-portal');

    // A queue row opens the patient's record in the portal's own chart viewer, and its menu moves between pages there.
    await card.locator('tbody tr').first().click();
    const chart = page.locator('#portal-chart');
    await chart.getByRole('heading', { name: 'Face Sheet' }).waitFor();
    const record = chart.locator('care-patient-record');
    assert.match((await record.getAttribute('patient-id'))!, /^[0-9a-f-]{36}$/);
    await chart.getByRole('navigation', { name: 'Patient record' }).getByRole('link', { name: 'Activity Log' }).click();
    await chart.getByRole('heading', { name: 'Activity Log' }).waitFor();
    assert.equal(await record.getAttribute('page'), 'audit');
    assert.equal(new URL(page.url()).pathname, '/demo/ehr-portal.html', 'the element did not navigate the portal itself');
    await shot(page, 'demo-ehr-portal-chart', false);
    await chart.getByRole('button', { name: 'Close chart' }).click();
    await chart.waitFor({ state: 'hidden' });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the same sign-in serves search, calendar and reminders; Continue opens the record in the portal with one ViewedPatient', async () => {
    const { context, page } = await openPage(h);
    await page.goto('/demo/ehr-portal.html');
    await signIn(page, 'navigator');

    await page.locator('care-calendar').getByRole('heading', { name: 'Calendar' }).waitFor();
    await page.locator('care-reminders').getByText('Assigned to me').waitFor();
    await page.locator('care-calendar .care-event').first().waitFor();

    await page.getByRole('combobox', { name: 'Search Patients' }).fill('garcia amara');
    await page.getByRole('option', { name: /García, Amara/ }).click();
    const dialog = page.locator('sl-dialog[label="García, Amara"][open]');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const chart = page.locator('#portal-chart');
    await chart.getByRole('heading', { name: 'Face Sheet' }).waitFor();
    assert.match((await chart.getByRole('heading', { level: 1 }).textContent())!, /Amara/);
    const patientUid = (await chart.locator('care-patient-record').getAttribute('patient-id'))!;
    const audit = await h.server.db.selectFrom('audit_entry').select('action').where('patient_uid', '=', patientUid).execute();
    assert.deepEqual(audit, [{ action: 'ViewedPatient' }]);
    assert.equal(new URL(page.url()).pathname, '/demo/ehr-portal.html');
    await shot(page, 'demo-ehr-portal-dashboard', false);
    await context.close();
  });
});
