import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { nowMs } from '../../shared/clock';
import { loginAs, openPage, shot, SHOTS, startHarness, type Harness } from './support/harness';

let h: Harness;

before(async () => {
  h = await startHarness();
});

after(async () => {
  await h?.stop();
});

/** Signed in as the navigator; with `at`, the page's clock is held there (its today is that day, however long the run takes). */
async function signedIn(width = 1280, height = 1000, at?: number): Promise<Page> {
  const { page } = await openPage(h, width, height);
  if (at !== undefined) await page.clock.setFixedTime(at);
  await loginAs(page, 'navigator');
  return page;
}

const events = (page: Page) => page.locator('.care-event');
const title = (page: Page) => page.locator('[role="heading"][aria-level="2"]').first();

describe('calendar in the shell', () => {
  test('/home/calendar: month, week, day and list-week views, then an event opens its details route', async () => {
    const page = await signedIn();
    // The month of the one clock's day (the demo's events are around it); the title follows the start date asked for.
    const start = dayjs(nowMs()).format('YYYY-MM-DD');
    await page.goto(`/home/calendar?startDate=${start}`);
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    assert.equal(await page.title(), 'Calendar | Navigator');
    await events(page).first().waitFor();
    assert.equal(await title(page).textContent(), dayjs(start).format('MMMM YYYY'));
    await shot(page, 'calendar-month');

    await page.getByRole('tab', { name: 'Week view', exact: true }).click();
    await page.locator('.calendar-view[aria-busy="false"]').waitFor();
    await events(page).first().waitFor();
    await shot(page, 'calendar-week');

    await page.getByRole('tab', { name: 'Day view', exact: true }).click();
    await page.locator('.calendar-view[aria-busy="false"]').waitFor();
    await events(page).first().waitFor();
    await shot(page, 'calendar-day');

    await page.getByRole('tab', { name: 'List Week view', exact: true }).click();
    await page.locator('.calendar-view[aria-busy="false"]').waitFor();
    await events(page).first().waitFor();
    await shot(page, 'calendar-list-week');

    await page.getByLabel('Event Type', { exact: true }).selectOption('procedure');
    await page.locator('.care-event-procedure').first().waitFor();
    await page.locator('.care-event-procedure').first().click();
    await page.waitForURL(/\/patients\/[0-9a-f-]{36}\/procedures\/[0-9a-f-]{36}\/details$/);

    await page.goto('/home/calendar?startDate=2001-01-15');
    await page.getByText('No events found!').waitFor();
    assert.equal(await title(page).textContent(), 'January 2001');
    await shot(page, 'calendar-empty');
    await page.context().close();
  });

  for (const width of [1366, 390]) {
    test(`/home/calendar month cells: no event cut mid-word; each wraps between words, its whole title the tooltip (${width} px)`, async () => {
      const page = await signedIn(width, 1000);
      await page.goto(`/home/calendar?startDate=${dayjs(nowMs()).format('YYYY-MM-DD')}`);
      await page.locator('.calendar-view.view-dayGridMonth .care-event').first().waitFor();
      const cells = await events(page).evaluateAll((els) =>
        els.map((el) => {
          const title = [...el.querySelectorAll<HTMLElement>('div')].at(-1)!;
          const style = getComputedStyle(title);
          return {
            tooltip: el.getAttribute('title') ?? '',
            text: title.textContent ?? '',
            hidden: style.clipPath === 'inset(50%)',
            clipped: [el, ...el.querySelectorAll('*')].some((c) => c.scrollWidth > c.clientWidth + 1),
            wraps: style.whiteSpace === 'normal',
          };
        }),
      );
      assert.ok(cells.length > 10, 'a month of demo events');
      for (const cell of cells) {
        assert.match(cell.tooltip, /^.+: .+ \(.+\)$/, 'type: patient (status) on hover');
        assert.equal(cell.text, cell.tooltip, 'the cell holds the whole title');
        if (width > 576) {
          assert.ok(!cell.clipped && cell.wraps && !cell.hidden, `shown whole, wrapped between words: ${cell.tooltip}`);
        } else {
          // A phone's cell shows the colour; the title stays the accessible name and the day view reads it whole.
          assert.ok(cell.hidden, `a dot on a phone: ${cell.tooltip}`);
        }
      }
      await shot(page, `calendar-month-${width}`);
      await page.context().close();
    });
  }

  test('the home page card, its "View full calendar" link, and a phone width', async () => {
    // The page's today is held at this moment: the link's date is its day, not one the test works out apart from the page.
    const at = nowMs();
    const page = await signedIn(1280, 1000, at);
    await events(page).first().waitFor();
    await page.locator('.care-home-calendar').screenshot({ path: `${SHOTS}/calendar-card.png` });
    await page.getByRole('link', { name: 'View full calendar' }).click();
    await page.waitForURL(`**/home/calendar?startDate=${dayjs(at).format('YYYY-MM-DD')}`);
    await events(page).first().waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.calendar-view[aria-busy="false"]').waitFor();
    await shot(page, 'calendar-mobile');
    await page.context().close();
  });
});
