import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { loginAs, openPage, shot, startHarness, recordMenu, type Harness } from './support/harness';

let h: Harness;

/** An ordinary patient of the navigator's first division (no case, so no restriction rules), with a birth date and a preferred phone. */
async function ordinaryPatient(offset: number): Promise<{ uid: string; lastName: string }> {
  const { rows } = await sql<{ patient_uid: string; last_name: string }>`
    select p.patient_uid, p.last_name from patient p
     where p.restricted_flag = '0' and p.division_uid = (select division_uid from division order by division_name limit 1)
       and not exists (select 1 from patient_case c where c.patient_uid = p.patient_uid)
     order by p.last_name, p.patient_uid offset ${offset} limit 1`.execute(h.server.db);
  return { uid: rows[0].patient_uid, lastName: rows[0].last_name };
}

describe('the patient header menu and the demographics page', () => {
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  test('change the episode status, set a priority note, edit demographics; the activity log lists each change', async () => {
    const { context, page, errors } = await openPage(h, 1366, 1000);
    await loginAs(page, 'navigator');
    const patient = await ordinaryPatient(3);
    await page.goto(`/patients/${patient.uid}/face-sheet`);
    await page.getByRole('heading', { name: 'Face Sheet' }).waitFor();
    const header = page.locator('header.record-header');
    const statusBefore = (await header.locator('.record-facts > div', { has: page.locator('dt', { hasText: 'Episode Status' }) }).locator('dd').textContent())!.trim();

    // Change Episode Status: a status other than the current one; the header's label follows.
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Change Episode Status' }).click();
    // Dialog content is slotted into Shoelace's panel, so it is found from the page, not inside the panel.
    await page.getByRole('dialog', { name: 'Change Episode Status' }).waitFor();
    const select = page.getByLabel('Episode Status', { exact: true });
    await select.locator('option').nth(1).waitFor({ state: 'attached' });
    const labels = (await select.locator('option').allTextContents()).slice(1);
    const next = labels.find((l) => l !== statusBefore)!;
    await select.selectOption({ label: next });
    await shot(page, 'header-episode-status-dialog');
    await page.getByRole('button', { name: 'Save' }).click();
    await header.locator('dd', { hasText: next }).waitFor();

    // Priority Note: the banner shows under the header.
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: /Priority Note/ }).click();
    await page.getByRole('dialog', { name: /Priority Note/ }).waitFor();
    await page.getByLabel('Priority Note', { exact: true }).fill('Prefers afternoon calls');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('note', { name: 'Priority note' }).filter({ hasText: 'Prefers afternoon calls' }).waitFor();

    // Demographics from the gear menu: the form's rules, then a save the header shows.
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Demographics' }).click();
    await page.waitForURL(`**/patients/${patient.uid}/demographics`);
    await page.getByRole('heading', { name: 'Patient Details' }).waitFor();
    await shot(page, 'demographics-1366');
    await page.getByRole('button', { name: 'Edit' }).first().click();
    const form = page.locator('form.demographics-form');
    await form.getByLabel('First Name').fill('');
    await form.getByLabel('Date of Birth').fill('2999-01-01');
    await form.getByRole('button', { name: 'Save' }).click();
    const summary = form.getByRole('alert').filter({ hasText: 'Please correct the following:' });
    await summary.getByText('First Name is required').waitFor();
    await summary.getByText('Must not be in the future').waitFor();
    await shot(page, 'demographics-form-errors-1366');
    await form.getByLabel('First Name').fill('Marisol');
    await form.getByLabel('Date of Birth').fill('1984-06-15');
    await form.getByLabel('Mobile Phone').fill('(614) 555-0199');
    await form.getByRole('radio', { name: 'Mobile' }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: new RegExp(`^Marisol .*${patient.lastName}$`) }).waitFor();
    await page.locator('dd', { hasText: '(614) 555-0199' }).first().waitFor();

    // The activity log shows all three, newest first.
    await (await recordMenu(page)).getByRole('link', { name: 'Activity Log' }).click();
    await page.waitForURL(`**/patients/${patient.uid}/audit`);
    await page.getByText('Nora Navigator edited the demographics', { exact: false }).waitFor();
    await page.getByText(`Nora Navigator changed the episode status to ${next}`).waitFor();
    await page.getByText('Nora Navigator set the priority note').waitFor();
    await shot(page, 'header-activity-log');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('at 390 px: the header menu and the demographics page fit', async () => {
    const { context, page, errors } = await openPage(h, 390, 844);
    await loginAs(page, 'navigator');
    const patient = await ordinaryPatient(4);
    await page.goto(`/patients/${patient.uid}/demographics`);
    await page.getByRole('heading', { name: 'Patient Details' }).waitFor();
    await page.getByRole('heading', { name: 'Email Addresses' }).waitFor();
    await shot(page, 'demographics-390');
    await page.getByRole('button', { name: 'Edit' }).first().click();
    await page.locator('form.demographics-form').waitFor();
    await shot(page, 'demographics-form-390');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Add Address' }).click();
    await page.getByRole('dialog', { name: 'Add Address' }).waitFor();
    await shot(page, 'demographics-address-dialog-390', false);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Change Profile Picture' }).waitFor();
    await shot(page, 'header-menu-390', false);

    // Change Profile Picture: any real PNG will do, e.g. a piece of this page.
    const picture = await page.screenshot({ clip: { x: 0, y: 0, width: 120, height: 120 } });
    await page.getByRole('menuitem', { name: 'Change Profile Picture' }).click();
    await page.getByLabel('Picture', { exact: true }).setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: picture });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.locator('.record-avatar img[src^="blob:"]').waitFor();
    await shot(page, 'header-picture-390', false);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `no sideways scrolling (${overflow} px)`);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
