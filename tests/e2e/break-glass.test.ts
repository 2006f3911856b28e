import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-users';
import { moveClock, resetClock } from '../../shared/clock';
import { BREAK_GLASS_SETTINGS } from '../../shared/schemas/break-glass';
import { loginAs, openPage, shot, startHarness, type Harness } from './support/harness';

/**
 * Issue 38 end to end: the demo CIT supervisor (who has emergency access)
 * finds a restricted child in the quick search, breaks the glass with a
 * reason and their password, reads the record under the red banner, and is
 * refused once the division's window (its shortest, 15 minutes) is over. The
 * case worker's e-mail waits in /demo/outbox; the director, the division's
 * privacy officer, reviews the event on /emergency-access.
 */

let h: Harness;
let child: { uid: string; first: string; last: string; worker: string };

describe('break the glass', () => {
  before(async () => {
    h = await startHarness();
    const division = await h.server.db.selectFrom('division').select('division_uid').orderBy('division_name').executeTakeFirstOrThrow();
    await h.server.db
      .insertInto('division_setting')
      .values({ division_uid: division.division_uid, setting_name: BREAK_GLASS_SETTINGS.minutes.name, setting_value: String(BREAK_GLASS_SETTINGS.minutes.min) })
      .onConflict((oc) => oc.columns(['division_uid', 'setting_name']).doUpdateSet({ setting_value: String(BREAK_GLASS_SETTINGS.minutes.min) }))
      .execute();
    const { rows } = await sql<{ patient_uid: string; first_name: string; last_name: string; wkr_email: string }>`
      select p.patient_uid, p.first_name, p.last_name, c.wkr_email from patient p join patient_case c on c.patient_uid = p.patient_uid
       where p.division_uid = ${division.division_uid} and p.restricted_flag = '1' and c.wkr_email = 'worker@agency.test'
       order by p.last_name desc, p.first_name desc limit 1`.execute(h.server.db);
    child = { uid: rows[0].patient_uid, first: rows[0].first_name, last: rows[0].last_name, worker: rows[0].wkr_email };
  });
  after(async () => {
    resetClock();
    await h?.stop();
  });

  test('a CIT supervisor opens a restricted child through emergency access, under the banner, until the window ends', async () => {
    const { context, page, errors } = await openPage(h, 1366, 900);
    await loginAs(page, 'cit-supervisor');
    const box = page.getByRole('combobox', { name: 'Search Patients' });
    await box.fill(`${child.last} ${child.first}`);
    await page.getByRole('option', { name: new RegExp(`${child.last}, ${child.first}`) }).click();
    const preview = page.locator(`sl-dialog[label="${child.last}, ${child.first}"][open]`);
    await preview.getByText('Restricted Case').waitFor();
    // Nothing but the name and birth date before the glass is broken, and no Continue.
    assert.equal(await preview.getByRole('button', { name: 'Continue' }).count(), 0);
    await preview.getByRole('button', { name: 'Emergency Access' }).click();

    const dialog = page.locator(`sl-dialog[label="Emergency Access: ${child.last}, ${child.first}"]`);
    await dialog.getByText('This record is restricted.').waitFor();
    await dialog.getByLabel('Reason').selectOption('other');
    await dialog.getByLabel('Reason Details').fill('too short');
    await dialog.getByLabel('Your Password').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Open Record' }).click();
    await dialog.getByText(/at least 20 characters/).first().waitFor();
    await dialog.getByLabel('Reason Details').fill('Officer on scene reports the child in crisis tonight');
    await dialog.getByLabel('Your Password').fill('not my password');
    await dialog.getByRole('button', { name: 'Open Record' }).click();
    await dialog.getByText('Password is incorrect').first().waitFor();
    await dialog.getByLabel('Your Password').fill(DEMO_PASSWORD);
    await shot(page, 'break-glass-dialog-1366', false);
    await dialog.getByRole('button', { name: 'Open Record' }).click();

    await page.waitForURL(new RegExp(`/patients/${child.uid}`));
    const banner = page.locator('.break-glass-banner');
    await banner.getByText('Other: Officer on scene reports the child in crisis tonight.').waitFor();
    await banner.getByText('15 minutes left, read-only.').waitFor();
    await page.getByRole('heading', { name: new RegExp(child.first) }).waitFor();
    await shot(page, 'break-glass-record-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await banner.waitFor();
    await shot(page, 'break-glass-record-390');

    // The case worker is told at once, through the outbox.
    await h.server.outbox.runOnce();
    const outbox = await context.newPage();
    await outbox.goto('/demo/outbox');
    const message = outbox.locator('article', { hasText: 'Emergency access to a restricted record' }).filter({ hasText: `to ${child.worker}` }).first();
    assert.match((await message.locator('pre').textContent()) ?? '', new RegExp(`Record: ${child.last}, ${child.first}`));
    await outbox.close();

    // Past the window the record is gone again, as for anyone without the glass.
    try {
      moveClock(BREAK_GLASS_SETTINGS.minutes.min * 60_000 + 1000);
      await page.reload();
      await page.getByRole('heading', { name: 'Patient not found' }).waitFor();
    } finally {
      resetClock();
    }
    assert.deepEqual(errors.filter((e) => !/404/.test(e)), []);
    await context.close();
  });

  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    test(`the privacy officer reviews the event on /emergency-access (${width} px)`, async () => {
      const { context, page, errors } = await openPage(h, width, height);
      await loginAs(page, 'director');
      await page.goto('/emergency-access');
      const row = page.locator('tr', { hasText: `${child.last}, ${child.first}` }).first();
      await row.waitFor();
      await shot(page, `emergency-access-list-${width}`);
      await row.click();
      await page.waitForURL(/\/emergency-access\/[0-9a-f-]{36}$/);
      await page.getByText('Other: Officer on scene reports the child in crisis tonight').waitFor();
      if (width === 1366) {
        await page.getByLabel('Review', { exact: true }).selectOption('appropriate');
        await page.getByLabel('Comment').fill('The officer needed the placement contacts for a child in crisis.');
        await page.getByRole('button', { name: 'Save Review' }).click();
        await page.getByText('Review saved').first().waitFor();
      }
      await page.locator('.status-badge', { hasText: 'Appropriate' }).first().waitFor();
      await shot(page, `emergency-access-event-${width}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
