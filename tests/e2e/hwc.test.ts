import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { hashPassword } from '../../server/auth/password';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-users';
import { DEMO_HWC_CODES } from '../../server/db/seed/hwc';
import { flagsFrom } from '../../shared/permissions';
import en from '../../shared/i18n/en.json';
import { ageFrom, HWC_DISMISS_CONFIRM, HWC_SENT } from '../../shared/schemas/hwc';
import { HOME_MODE_LABELS, homeMode } from '../../shared/modes';
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

  test('home: Handle with Care staff is a home only without a spec 001 mode; health and wellness (hasHwc) is not staff', () => {
    assert.equal(homeMode(flagsFrom(['handleWithCare'])), 'hwcStaff');
    assert.equal(HOME_MODE_LABELS.hwcStaff, 'Handle with Care');
    assert.equal(homeMode(flagsFrom(['hasAppCit', 'handleWithCare'])), 'cit');
    assert.equal(homeMode(flagsFrom(['hasAppNavigator', 'twoOh', 'handleWithCare'])), 'navigator');
    assert.equal(homeMode(flagsFrom(['hasHwc'])), 'healthAndWellness');
    assert.equal(HOME_MODE_LABELS.healthAndWellness, 'Health and Wellness');
    assert.equal(homeMode(flagsFrom([])), null);
  });

  test('a mode and handleWithCare: the entries card follows the mode’s own cards; health and wellness alone shows none', async () => {
    const [franklin] = await h.server.db.selectFrom('division').select('division_uid').orderBy('division_name').execute();
    const user = await h.server.db
      .insertInto('app_user')
      .values({ user_name: 'wellness', display_name: 'Wes Wellness', first_name: 'Wes', last_name: 'Wellness', email_address: null, password_hash: await hashPassword(DEMO_PASSWORD), theme: null })
      .returning('user_uid')
      .executeTakeFirstOrThrow();
    await h.server.db.insertInto('user_division').values({ user_uid: user.user_uid, division_uid: franklin.division_uid, permissions: ['hasHwc'] }).execute();
    const { context, page, errors } = await openPage(h, 1280, 900);
    await loginAs(page, 'wellness');
    await page.getByRole('heading', { name: 'Health and Wellness Home', level: 1 }).waitFor();
    assert.equal(await page.title(), 'Health and Wellness Home | Careweave');
    assert.equal(await page.locator('.care-home-hwc').count(), 0);
    await context.close();

    // admin has every flag: the identity home (its heading and queues), then the entries, then the report cards.
    const admin = await openPage(h, 1280, 900);
    await loginAs(admin.page, 'admin');
    await admin.page.getByRole('heading', { name: 'Identity Home', level: 1 }).waitFor();
    await admin.page.locator('.care-home-hwc tbody tr.clickable').first().waitFor();
    const order = await admin.page.locator('main .care-home-cards > *').evaluateAll((els) => els.map((e) => e.className));
    // The report cards come last of all (spec 000 section 2), right after the entries.
    assert.deepEqual(order.slice(order.indexOf('care-home-hwc') + 1), ['care-home-reports'], order.join(', '));
    assert.ok(order.indexOf('care-home-hwc') > 0, order.join(', '));
    assert.deepEqual([...errors, ...admin.errors], []);
    await admin.context.close();
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
    await page.getByText(en.translation.hwc.sent).waitFor();
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

    // Staff: the hwc demo user finds the entry on the home card, opens it, assigns the school and its distribution entry, then saves and resends.
    const staff = await openPage(h, 1280, 900);
    await loginAs(staff.page, 'hwc');
    await staff.page.getByRole('heading', { name: 'Handle with Care Home', level: 1, exact: true }).waitFor();
    assert.equal(await staff.page.title(), 'Handle with Care Home | Careweave');
    const card = staff.page.locator('.care-home-hwc');
    await card.getByRole('heading', { name: 'Handle with Care Entries' }).waitFor();
    const row = card.locator('tbody tr', { hasText: 'Eastwood, Riley' });
    await row.getByText('Not sent: The school is not in the list yet').waitFor();
    assert.ok((await card.locator('tbody tr').first().innerText()).includes('Eastwood, Riley'), 'newest first');
    await shot(staff.page, 'hwc-home');
    await row.click();
    await staff.page.waitForURL(`**/hwc/${id}`);
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
    // Staff were told of the new entry, with a link to it.
    assert.ok(outbox.includes('New Handle with Care entry') && outbox.includes(`/hwc/${id}`), 'the staff e-mail with its link');
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
