import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO_USERS } from '../../server/db/seed/demo-users';
import { flagsAllow, flagsFrom } from '../../shared/permissions';
import { NO_ACCESS_MESSAGE, SHELL_ROUTES, type ShellPath, type ShellRoute } from '../../shell/routes';
import { loginAs, openPage, shot, startHarness, type Harness } from './support/harness';
import { demoRouteAddresses, settled } from './support/routes';

/** What the tester saw instead of a page or a refusal: the generic error, a not-found panel, an error alert. */
const ERROR_TEXT = /oops|something went wrong|not found/i;
const ALERT_ERROR = /error|fail|could not|denied|forbidden|oops|wrong|not found/i;

let h: Harness;
let addressOf: (path: ShellPath) => string;

before(async () => {
  h = await startHarness();
  addressOf = await demoRouteAddresses(h);
});

after(async () => {
  await h?.stop();
});

/**
 * Types the route's address into a fresh load, as the tester did, and returns
 * what is wrong with what follows; refused calls count too, since the route's
 * flags must let every call of its page through.
 */
async function visit(page: Page, route: ShellRoute<ShellPath>, allowed: boolean): Promise<string[]> {
  const address = addressOf(route.path);
  const refusedCalls: string[] = [];
  const onResponse = (r: { status(): number; url(): string }) => {
    if (r.status() === 403 && new URL(r.url()).pathname.startsWith('/api/')) refusedCalls.push(`403 ${new URL(r.url()).pathname}`);
  };
  page.on('response', onResponse);
  const problems: string[] = [];
  try {
    if (!allowed) {
      // Watched from before the load: the toast shows for TOAST_MS only, however busy the machine.
      const toast = page.getByText(NO_ACCESS_MESSAGE).waitFor({ timeout: 15_000 });
      await page.goto(address);
      await toast;
      await page.waitForURL('**/home', { timeout: 5_000 });
    } else {
      await page.goto(address, { waitUntil: 'networkidle' });
      await page.getByRole('main').getByRole('heading').first().waitFor({ timeout: 10_000 });
      await settled(page);
      const landed = new URL(page.url()).pathname;
      // Signed in, /login is the one address that rightly leads home (spec 000 section 2).
      if (landed === '/home' && route.path !== '/home' && route.path !== '/login') problems.push('sent home');
      if (await page.getByText(NO_ACCESS_MESSAGE).count()) problems.push('refusal toast');
    }
    const shown = [...(await page.getByText(ERROR_TEXT).allInnerTexts()), ...(await page.getByRole('alert').filter({ hasText: ALERT_ERROR }).allInnerTexts())];
    problems.push(...shown.map((text) => `shows "${text.trim().slice(0, 80)}"`), ...refusedCalls);
  } catch (error) {
    problems.push((error as Error).message.split('\n')[0]);
  } finally {
    page.off('response', onResponse);
  }
  return problems.map((p) => `${address} (${allowed ? 'allowed' : 'refused'}): ${p}`);
}

describe('route access', () => {
  test("the tester's cases are refused by the route table", () => {
    const allows = (user: string, path: ShellPath) => {
      const demo = DEMO_USERS.find((u) => u.userName === user)!;
      return flagsAllow(flagsFrom(demo.flags), SHELL_ROUTES.find((r) => r.path === path)!.flags);
    };
    assert.equal(allows('navigator', '/admin'), false);
    for (const path of ['/program-dashboard', '/chat', '/patients', '/reports'] as const) assert.equal(allows('hwc', path), false, path);
    assert.equal(allows('admin', '/admin'), true);
  });

  test('/admin typed by a navigator leads home with the toast, on a desktop and a phone', async () => {
    for (const [width, height] of [
      [1366, 900],
      [390, 844],
    ]) {
      const { context, page, errors } = await openPage(h, width, height);
      await loginAs(page, 'navigator');
      const toast = page.getByText(NO_ACCESS_MESSAGE).waitFor();
      await page.goto('/admin');
      await toast;
      await page.waitForURL('**/home');
      await shot(page, `route-access-navigator-admin-${width}`, false);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test('an unknown /admin/... path is "Page not found", not the Users tab', async () => {
    const { context, page } = await openPage(h, 1366, 900);
    await loginAs(page, 'admin');
    await page.goto('/admin/no-such-section');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    assert.equal(await page.getByText('Add User').count(), 0);
    await context.close();
  });
});

// One context per user across every route (each address still a fresh load, as typed); four users at a time (two left the cores 40 % idle: 194 -> 143 s).
describe('every route for every demo user', { concurrency: 4 }, () => {
  for (const user of DEMO_USERS) {
    test(`${user.userName}: every route shows its page or leads home with the toast`, async () => {
      const flags = flagsFrom(user.flags);
      const { context, page, errors } = await openPage(h, 1366, 900);
      await loginAs(page, user.userName);
      const problems: string[] = [];
      for (const link of await page.getByRole('navigation', { name: 'Main' }).getByRole('link').all()) {
        const href = await link.getAttribute('href');
        const route = SHELL_ROUTES.find((r) => r.path === href);
        if (!route || !flagsAllow(flags, route.flags)) problems.push(`the main nav offers ${href}`);
      }
      for (const route of SHELL_ROUTES) problems.push(...(await visit(page, route, flagsAllow(flags, route.flags))));
      await context.close();
      assert.deepEqual(problems, []);
      assert.deepEqual(errors, []);
    });
  }
});
