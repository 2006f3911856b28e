import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import type { Locator, Page } from 'playwright-core';
import { DEMO_USERS } from '../../server/db/seed/demo-users';
import { flagsAllow, flagsFrom } from '../../shared/permissions';
import { isPublicPath, SHELL_ROUTES, type ShellPath } from '../../shell/routes';
import { loadedRows, loginAs, openPage, recordMenu, shot, signIn, startHarness, type Harness } from './support/harness';
import { demoRouteAddresses, settled } from './support/routes';

/** Issue 32 §2: a phone's width, narrower than the tester's 390 px. */
const WIDTH = 360;
const HEIGHT = 780;

let h: Harness;
let addressOf: (path: ShellPath) => string;

before(async () => {
  // Some children of the demo extract, so that the identity user's home and record have rows to lay out.
  h = await startHarness({ DEMO_EXTRACT_CHILDREN: '40' });
  addressOf = await demoRouteAddresses(h);
});

after(async () => {
  await h?.stop();
});

/** How far the page reaches past the window's right edge, in px (0: no sideways scrolling). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * Opens an address, as typed (or with `open`, as a user gets there), waits
 * for its content, and says how it fails the phone, if it does.
 */
async function visit(page: Page, address: string, open: () => Promise<unknown> = () => page.goto(address)): Promise<string[]> {
  try {
    await open();
    // The address itself, or where the server sends it on to within it (/cit to /cit/oh).
    const [path, query = ''] = address.split('?');
    await page.waitForURL((url) => (url.pathname === path || url.pathname.startsWith(`${path}/`)) && url.search === (query && `?${query}`));
    await page.locator('h1, h2').filter({ visible: true }).first().waitFor({ timeout: 10_000 });
    await settled(page);
    const over = await sideways(page);
    return over > 0 ? [`${address}: scrolls sideways by ${over} px`] : [];
  } catch (error) {
    return [`${address}: ${(error as Error).message.split('\n')[0]}`];
  }
}

/** Who opens each route: a public page signed out, home as every user (each mode has its own), any other as the navigator when the route lets them, else the first demo user it lets in. */
function visitorsOf(path: ShellPath): (string | null)[] {
  const route = SHELL_ROUTES.find((r) => r.path === path)!;
  if (!route.flags && isPublicPath(addressOf(path).split('?')[0])) return [null];
  if (path === '/home') return DEMO_USERS.map((u) => u.userName);
  const allowed = DEMO_USERS.filter((u) => flagsAllow(flagsFrom(u.flags), route.flags));
  const user = allowed.find((u) => u.userName === 'navigator') ?? allowed[0];
  return user ? [user.userName] : [];
}

/**
 * A list's own text (a note, a reminder) reads whole: inside the window, and
 * its lines as wide as most of the window (a column a word wide would wrap at
 * every word) unless it is short enough for one line.
 */
async function assertReadsWhole(cell: Locator, what: string) {
  const { right, width, lines, widest, inner } = await cell.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el.querySelector('.cell-value') ?? el);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0);
    const tops = new Set(rects.map((r) => Math.round(r.top)));
    const box = el.getBoundingClientRect();
    return { right: box.right, width: box.width, lines: tops.size, widest: Math.max(...rects.map((r) => r.width)), inner: window.innerWidth };
  });
  assert.ok(right <= inner, `${what} ends inside the window (${right} > ${inner})`);
  assert.ok(width >= inner * 0.75, `${what} has most of the width (${width} of ${inner})`);
  if (lines > 1) assert.ok(widest >= inner * 0.5, `${what} fills its lines (${lines} lines, the widest ${widest} px)`);
}

/** Every route's address grouped by who opens it (signed out: null). */
function addressesByVisitor(): Map<string | null, string[]> {
  const byVisitor = new Map<string | null, string[]>();
  for (const route of SHELL_ROUTES) for (const user of visitorsOf(route.path)) byVisitor.set(user, [...(byVisitor.get(user) ?? []), addressOf(route.path)]);
  return byVisitor;
}

// Two at a time, as tests/e2e/route-access.test.ts: each test its own context, reused for all its addresses.
describe(`phones: every page fits ${WIDTH} px`, { concurrency: 2 }, () => {
  for (const visitor of [null, ...DEMO_USERS.map((u) => u.userName)]) {
    test(`every route of the shell ${visitor ?? 'signed out'} may open scrolls only up and down`, async () => {
      const addresses = addressesByVisitor().get(visitor) ?? [];
      if (visitor === null) assert.ok(addresses.includes('/support'), 'the public pages');
      if (visitor === 'admin') assert.ok(addresses.includes('/admin'), 'the admin area');
      const { context, page, errors } = await openPage(h, WIDTH, HEIGHT);
      if (visitor) await loginAs(page, visitor);
      const problems: string[] = [];
      // Each address a fresh load, as typed.
      for (const address of addresses) problems.push(...(await visit(page, address)));
      await context.close();
      assert.deepEqual(problems, []);
      assert.deepEqual(errors, []);
    });
  }

  for (const user of ['navigator', 'identity']) {
    test(`every page of the record's menu, for ${user === 'navigator' ? 'a navigator' : 'an identity user'}`, async () => {
      const { context, page, errors } = await openPage(h, WIDTH, HEIGHT);
      await loginAs(page, user);
      await page.goto(`/patients/${user === 'navigator' ? await notesPatient() : await identityChild()}`);
      const links = await (await recordMenu(page)).getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      assert.ok(links.length >= 6, "the record's menu lists its pages");
      const problems: string[] = [];
      // Through the menu, as a user moves between the record's pages: quicker than loading each afresh.
      for (const address of links) problems.push(...(await visit(page, address, async () => (await recordMenu(page)).locator(`a[href="${address}"]`).click())));
      await context.close();
      assert.deepEqual(problems, []);
      assert.deepEqual(errors, []);
    });
  }

  test('a note and a reminder read whole; the lists turn into cards with their sorting and paging', async () => {
    const { context, page, errors } = await openPage(h, WIDTH, HEIGHT);
    await loginAs(page, 'navigator');
    await page.goto(`/patients/${await notesPatient()}/notes`);
    await loadedRows(page).first().waitFor();
    await assertReadsWhole(loadedRows(page).first().locator('td[data-label="Note"]'), 'the note');
    // Sorting and filtering stay above the cards; paging below them.
    await page.getByRole('button', { name: 'Date', exact: true }).waitFor();
    await page.getByLabel('Filter Note').waitFor();
    await page.getByRole('button', { name: 'Next' }).waitFor();
    assert.equal(await sideways(page), 0);
    await shot(page, `phone-notes-${WIDTH}`, false);

    await page.goto('/home/reminders');
    await loadedRows(page).first().waitFor();
    await assertReadsWhole(loadedRows(page).first().locator('td[data-label="Reminder"]'), 'the reminder');
    assert.equal(await sideways(page), 0);
    await shot(page, `phone-reminders-${WIDTH}`, false);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the top bar is one row; its menu button opens the nav, search and user menu, and Escape closes it back onto the button', async () => {
    const { context, page, errors } = await openPage(h, WIDTH, HEIGHT);
    await loginAs(page, 'navigator');
    await settled(page);
    const bar = page.locator('header.care-top-bar');
    const height = (await bar.boundingBox())!.height;
    assert.ok(height <= 64, `one row (${height} px)`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const button = page.getByRole('button', { name: 'Menu' });
    assert.equal(await nav.isVisible(), false, 'the nav waits in the menu');
    assert.equal(await page.getByRole('combobox', { name: 'Search Patients' }).isVisible(), true, 'the quick search stays in the row');
    // Chat's unread count (the demo navigator has some) stays in sight, on the button's corner.
    const unread = (await page.getByRole('status', { name: /unread messages?$/ }).boundingBox())!;
    const menuBox = (await button.boundingBox())!;
    assert.ok(unread.x < menuBox.x + menuBox.width && unread.x + unread.width > menuBox.x + menuBox.width - 4 && unread.y < menuBox.y + 8, 'the unread count sits on the button');
    await shot(page, `phone-home-${WIDTH}`, false);

    // By keyboard: the button opens the menu, Tab goes on into it (past the brand beside the button), Escape closes it and comes back to the button.
    await button.focus();
    await page.keyboard.press('Enter');
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    await nav.getByRole('link', { name: 'Home' }).waitFor();
    await page.getByRole('button', { name: 'Nora Navigator' }).waitFor();
    await shot(page, `phone-menu-open-${WIDTH}`, false);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    assert.equal(await nav.getByRole('link', { name: 'Home' }).evaluate((a) => a === document.activeElement), true, 'Tab moves into the menu');
    await page.keyboard.press('Escape');
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    assert.equal(await button.evaluate((b) => b === document.activeElement), true, 'focus is back on the button');
    await nav.waitFor({ state: 'hidden' });

    // A page chosen from the menu closes it.
    await button.click();
    await nav.getByRole('link', { name: 'Resource Library' }).click();
    await page.waitForURL('**/resource-library');
    await nav.waitFor({ state: 'hidden' });
    assert.equal(await sideways(page), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the demo pages fit too', async () => {
    const { context, page, errors } = await openPage(h, WIDTH, HEIGHT);
    const problems: string[] = [];
    for (const address of ['/demo/', '/demo/agency-site.html', '/demo/outbox']) problems.push(...(await visit(page, address)));
    await page.goto('/demo/ehr-portal.html');
    await signIn(page, 'navigator');
    await loadedRows(page.locator('care-queue').first()).first().waitFor();
    await page.locator('care-calendar .care-event').first().waitFor();
    await settled(page);
    const over = await sideways(page);
    if (over > 0) problems.push(`/demo/ehr-portal.html: scrolls sideways by ${over} px`);
    await shot(page, `phone-demo-ehr-portal-${WIDTH}`, false);
    assert.deepEqual(problems, []);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

/** The navigator's patient with the most notes: the demo's long notes, and a second page of them. */
async function notesPatient(): Promise<string> {
  const { rows } = await sql<{ patient_uid: string }>`
    select n.patient_uid from patient_note n join patient p using (patient_uid)
     where not n.is_archived and p.restricted_flag = '0'
       and p.division_uid = (select division_uid from division order by division_name limit 1)
     group by n.patient_uid order by count(*) desc, n.patient_uid limit 1`.execute(h.server.db);
  return rows[0].patient_uid;
}

/** A child of the demo extract with placements, allegations and visits: the identity pages' panels have rows. */
async function identityChild(): Promise<string> {
  const { rows } = await sql<{ patient_uid: string }>`
    select p.patient_uid from patient p
     where p.restricted_flag = '0' and not p.adoption_case and p.agency_legal_status is not null
       and exists (select 1 from list_view_cs_tbl_placement_history x where x.patient_uid = p.patient_uid)
       and exists (select 1 from list_view_cs_tbl_intake_allegation x where x.patient_uid = p.patient_uid)
     order by (select count(*) from list_view_cs_tbl_visit v where v.patient_uid = p.patient_uid) desc, p.patient_uid limit 1`.execute(h.server.db);
  return rows[0].patient_uid;
}
