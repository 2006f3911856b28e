import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import dayjs from 'dayjs';
import { nowMs } from '../../shared/clock';
import { loginAs, openPage, shot, startHarness, recordMenu, type Harness } from './support/harness';

/** Issue 3's walk through the navigator's day: snooze a reminder, open a calendar event, find a patient and continue. */
describe('navigator home', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  test('log in, snooze a reminder, open a calendar event, search a patient and continue to the record', async () => {
    const { context, page, errors } = await openPage(h, 1366, 1000);
    // The page's clock is held at this moment (issue 40 §1): its "Tomorrow" is the day after it, however long the run takes.
    const at = nowMs();
    await page.clock.setFixedTime(at);
    await loginAs(page, 'navigator');

    // Snooze the first of today's reminders assigned to me until tomorrow.
    const reminders = page.locator('.care-home-reminders');
    const first = reminders.locator('li', { has: page.getByRole('button', { name: 'Snooze' }) }).first();
    const note = (await first.locator('p').first().textContent())!.trim();
    await page.locator('.care-home-calendar .care-event').first().waitFor();
    await shot(page, 'home-navigator-loaded', false);
    await first.getByRole('button', { name: 'Snooze' }).click();
    // The card updates at once; the server's answer (its PUT, stored before the answer) may still be on its way.
    const stored = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname.startsWith('/api/data/public/notification/'));
    await first.getByRole('menuitem', { name: 'Tomorrow' }).click();
    await reminders.getByText(note, { exact: true }).waitFor({ state: 'detached' });
    assert.equal((await stored).status(), 200);
    const tomorrow = dayjs(at).add(1, 'day').format('YYYY-MM-DD');
    const storedDay = async () => dayjs((await h.server.db.selectFrom('notification').select('reminder_date').where('note', '=', note).executeTakeFirstOrThrow()).reminder_date).format('YYYY-MM-DD');
    assert.equal(await storedDay(), tomorrow);

    // A calendar event opens its details route under the patient.
    await page.locator('.care-home-calendar .care-event').first().click();
    await page.waitForURL(/\/patients\/[0-9a-f-]{36}\/(appointments|medical-events\/[a-z_]+|procedures|surgeries|tests)\/[0-9a-f-]{36}\/(details|cit-details)$/);

    // Back home, find a patient and continue to the record.
    await page.goto('/home');
    await page.getByRole('combobox', { name: 'Search Patients' }).fill('garcia amara');
    await page.getByRole('option', { name: /García, Amara/ }).click();
    const dialog = page.locator('sl-dialog[label="García, Amara"][open]');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    // A bare record link opens the face sheet; wait for the record's calls before counting.
    await page.waitForURL(/\/patients\/[0-9a-f-]{36}\/face-sheet$/);
    await (await recordMenu(page)).getByRole('link').first().waitFor();
    const patientUid = page.url().split('/').at(-2)!;
    const audit = await h.server.db.selectFrom('audit_entry').select('action').where('patient_uid', '=', patientUid).execute();
    assert.deepEqual(audit, [{ action: 'ViewedPatient' }]);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

/** Issue 16: each mode's home opens on that mode's own work, under its real title, at a desktop and a phone width. */
const MODE_HOMES = [
  { user: 'cit', title: 'Crisis Intervention Team Home', cards: ['care-home-cit'], first: 'CIT Submissions' },
  { user: 'hwc', title: 'Handle with Care Home', cards: ['care-home-hwc'], first: 'Handle with Care Entries' },
  { user: 'community', title: 'Community Home', cards: ['care-home-queues', 'care-home-reminders'], first: null },
  { user: 'sponsor', title: 'Sponsor Home', cards: ['care-home-queues', 'care-home-reminders'], first: null },
  // Users with reports see the report cards last (spec 000 section 2).
  { user: 'navigator', title: 'Home', docTitle: 'Home | Navigator', cards: ['care-home-calendar', 'care-home-reminders', 'care-home-queues', 'care-home-reports'], first: null },
  // Identity: no cards; the identity left panel (search form, recent patients) and its results instead (issue 11).
  { user: 'identity', title: 'Identity Home', cards: [], first: null },
];

describe('each mode’s home', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  for (const width of [1366, 390]) {
    test(`the mode's own work comes first (${width} px)`, async () => {
      for (const home of MODE_HOMES) {
        const { context, page, errors } = await openPage(h, width, 900);
        await loginAs(page, home.user);
        await page.getByRole('heading', { name: home.title, level: 1, exact: true }).waitFor();
        assert.equal(await page.title(), home.docTitle ?? `${home.title} | Careweave`);
        const cards = page.locator('main .care-home-cards > *');
        assert.deepEqual(await cards.evaluateAll((els) => els.map((e) => e.className.split(' ')[0])), home.cards, home.user);
        if (home.first) await cards.first().getByRole('heading', { name: home.first }).waitFor();
        if (home.user === 'identity') await page.getByRole('complementary', { name: 'Find a child' }).getByText(/No recent patients|Recent, /).first().waitFor();
        // Spec 001 section 1: CIT users get a left panel too (their recent patients and the patient list).
        if (home.user === 'cit') {
          const panel = page.getByRole('complementary', { name: 'Recent Patients' });
          await panel.getByText(/No recent patients|, /).first().waitFor();
          await panel.getByRole('link', { name: 'All Patients' }).waitFor();
        }
        if (home.cards.includes('care-home-reminders')) await page.locator('.care-home-reminders').getByRole('heading', { name: 'Reminders' }).waitFor();
        if (home.cards.includes('care-home-queues')) await page.locator('.care-home-queues table').first().waitFor();
        const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
        assert.ok(scroll <= client, `${home.user}: the page scrolls sideways (${scroll} > ${client})`);
        await shot(page, `home-${home.user}-${width}`);
        assert.deepEqual(errors, []);
        await context.close();
      }
    });
  }
});
