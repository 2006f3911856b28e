import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEMO_HWC_CODES } from '../../server/db/seed/hwc';
import { ageFrom, HWC_DISMISS_CONFIRM, HWC_FORM_SENT, HWC_SENT } from '../../shared/schemas/hwc';
import { loginAs, openPage, shot, startHarness, type Harness } from './support/harness';

/** Issue 4: an officer files Handle with Care on a phone; staff assign the school and resend; the school's notice is on /demo/outbox. */
describe('Handle with Care', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  test('an officer files on a 390 px screen; hwc staff assign a school with an email, save and resend; the notice reaches the outbox', async () => {
    const { context, page, errors } = await openPage(h, 390, 844);
    await page.goto('/hwc');
    const save = page.getByRole('button', { name: 'Save' });
    await page.getByLabel('District Code').waitFor();
    assert.equal(await page.getByLabel('Officer Name').count(), 0);
    await page.getByLabel('District Code').fill('WRONG-CODE');
    await page.getByText('This district code is not valid.').waitFor();
    await shot(page, 'hwc-form-390-invalid', false);
    await page.getByLabel('District Code').fill(DEMO_HWC_CODES.franklin);
    await page.getByLabel('Officer Name').waitFor();
    await page.getByLabel('Officer Name').fill('Officer Jordan Hale');
    await page.getByLabel('Child First Name').fill('Riley');
    await page.getByLabel('Child Last Name').fill('Eastwood');
    await page.getByLabel('Child Gender').selectOption({ label: 'Female' });
    await page.getByLabel('Child Birth Date').fill('2015-05-20');
    assert.equal(await page.getByLabel('Child Age').inputValue(), String(ageFrom('2015-05-20')));
    await page.getByLabel('School', { exact: true }).selectOption({ label: 'My school is not listed' });
    await page.getByLabel('School Name').fill('Maple Grove Elementary');
    // Touch targets on a phone: inputs and the Save button are at least 44 px tall, one column.
    const boxes = await Promise.all(['Child First Name', 'Child Last Name'].map((l) => page.getByLabel(l).boundingBox()));
    assert.ok(boxes.every((b) => b && b.height >= 44), JSON.stringify(boxes));
    assert.equal(boxes[0]!.x, boxes[1]!.x, 'one column under 576 px');
    assert.ok((await save.boundingBox())!.height >= 44);
    await shot(page, 'hwc-form-390-filled');
    await save.click();
    await page.getByText(HWC_FORM_SENT).waitFor();
    await shot(page, 'hwc-form-390-sent', false);
    // Reset after 2.5 s: back to the district code alone.
    await page.getByLabel('Officer Name').waitFor({ state: 'detached', timeout: 6000 });
    assert.equal(await page.getByLabel('District Code').inputValue(), '');
    assert.deepEqual(errors, []);
    await context.close();

    const record = await h.server.db.selectFrom('hwc_patient').selectAll().where('child_last_name', '=', 'Eastwood').execute();
    assert.equal(record.length, 1);
    assert.equal(record[0].facility_uid, null, 'a typed-in school waits for staff');
    const id = record[0].hwc_patient_uid;

    // Staff: the hwc demo user assigns the school and its distribution entry, then saves and resends.
    const staff = await openPage(h, 1280, 900);
    await loginAs(staff.page, 'hwc');
    await staff.page.goto(`/hwc/${id}`);
    await staff.page.getByTestId('hwc-name').getByText('Eastwood, Riley').waitFor();
    assert.equal(await staff.page.getByLabel('New School Name').inputValue(), 'Maple Grove Elementary');
    await staff.page.getByRole('button', { name: 'Save and Resend' }).click();
    await staff.page.getByText('Need at least one email!').first().waitFor();
    await staff.page.getByRole('button', { name: 'Add Email' }).click();
    await staff.page.getByLabel('Name', { exact: true }).fill('Maple Grove Office');
    await staff.page.getByLabel('Email Address').fill('office@maplegrove.test');
    await shot(staff.page, 'hwc-detail-filled');
    await staff.page.getByRole('button', { name: 'Save and Resend' }).click();
    await staff.page.getByText(HWC_SENT).first().waitFor();
    await staff.page.waitForURL('**/home', { timeout: 8000 });

    // The deliveries show on the detail page; the saved entry is now locked.
    await staff.page.goto(`/hwc/${id}`);
    await staff.page.locator('.hwc-deliveries').getByText('office@maplegrove.test').waitFor();
    await staff.page.getByTestId('locked-entry').getByText('office@maplegrove.test').waitFor();
    await shot(staff.page, 'hwc-detail-sent');
    await staff.page.setViewportSize({ width: 390, height: 844 });
    await shot(staff.page, 'hwc-detail-390');
    assert.deepEqual(staff.errors, []);

    // The school's notice: the child's name, age and school and "Handle with Care", nothing else.
    await h.server.outbox.runOnce();
    await staff.page.goto('/demo/outbox');
    const outbox = await staff.page.locator('body').innerText();
    assert.ok(outbox.includes('office@maplegrove.test'), 'the school address');
    assert.ok(outbox.includes('Child: Riley Eastwood'), 'name');
    assert.ok(outbox.includes(`Age: ${ageFrom('2015-05-20')}`), 'age');
    assert.ok(outbox.includes('School: Maple Grove Elementary'), 'school');
    assert.ok(outbox.includes('Handle with Care'));
    assert.ok(!outbox.includes('Officer Jordan Hale') && !outbox.includes('2015-05-20'), 'nothing else about the child or the officer');
    await shot(staff.page, 'hwc-outbox', false);

    // Dismiss: the spec's confirmation, then home; the entry is locked.
    const other = await h.server.db.selectFrom('hwc_patient').select('hwc_patient_uid').where('child_last_name', '=', 'Carter').executeTakeFirstOrThrow();
    await staff.page.setViewportSize({ width: 1280, height: 900 });
    await staff.page.goto(`/hwc/${other.hwc_patient_uid}`);
    await staff.page.getByRole('button', { name: 'Dismiss' }).click();
    await staff.page.getByText(HWC_DISMISS_CONFIRM).waitFor();
    await shot(staff.page, 'hwc-detail-dismiss', false);
    await staff.page.locator('sl-dialog').getByRole('button', { name: 'Dismiss' }).click();
    await staff.page.waitForURL('**/home');
    const dismissed = await h.server.db.selectFrom('hwc_patient').select('is_ignored').where('hwc_patient_uid', '=', other.hwc_patient_uid).executeTakeFirstOrThrow();
    assert.equal(dismissed.is_ignored, true);
    await staff.context.close();
  });
});
