import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { SESSION_TIMEOUT_MS, SESSION_WARNING_MS } from '../../shared/constants';
import { routeDecision } from '../../shell/routes';
import { formatCountdown, sessionState } from '../../shell/session-clock';
import { loadedRows, loginAs, openPage, shot, signIn, startHarness, type Harness } from './support/harness';

const PASSWORD = 'careweave-demo';
const LAST_ACTIVITY_KEY = 'careweave.lastActivity';
const MINUTE = 60_000;

let h: Harness;
let server: Harness['server'];
let newReferralsId: string;

async function apiLogin(userName: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_name: userName, password: PASSWORD }),
  });
  assert.equal(res.status, 200, `API login as ${userName}`);
  return ((await res.json()) as { data: { attributes: { token: string } } }).data.attributes.token;
}

const openContext = async (width = 1280, height = 860): Promise<{ context: BrowserContext; page: Page }> => openPage(h, width, height);

const queueCard = (page: Page, label: RegExp) => page.locator('section.queue-card', { has: page.getByRole('heading', { name: label }) });

describe('shell rules (pure)', () => {
  test('sessionState: active before 50 minutes, warning with the time left until 60, then expired', () => {
    const t0 = 1_000_000_000;
    assert.deepEqual(sessionState(t0, t0 + SESSION_WARNING_MS - 1), { kind: 'active' });
    assert.deepEqual(sessionState(t0, t0 + SESSION_WARNING_MS), { kind: 'warning', remainingMs: 10 * MINUTE });
    assert.deepEqual(sessionState(t0, t0 + SESSION_TIMEOUT_MS), { kind: 'expired' });
    assert.equal(formatCountdown(10 * MINUTE), '10:00');
    assert.equal(formatCountdown(61_500), '01:02');
  });

  test('routeDecision follows spec 000 section 2 and spec 002 section 6', () => {
    assert.deepEqual(routeDecision('/', true), { redirect: '/home', rememberAttempt: false });
    assert.deepEqual(routeDecision('/', false), { redirect: '/login', rememberAttempt: false });
    assert.deepEqual(routeDecision('/home/queues/7', false), { redirect: '/', rememberAttempt: true });
    for (const open of ['/login', '/hwc', '/cit', '/cit/oh', '/ext/abc/register', '/session-timeout', '/support', '/b2w', '/engagements/opt-out/t0k'])
      assert.equal(routeDecision(open, false), null, open);
    for (const closed of ['/hwc/5', '/cit-submission/9', '/patients/1']) assert.equal(routeDecision(closed, false)?.redirect, '/', closed);
    assert.deepEqual(routeDecision('/login', true), { redirect: '/home', rememberAttempt: false });
  });
});

before(async () => {
  h = await startHarness();
  server = h.server;
  const token = await apiLogin('navigator');
  const res = await fetch(`${server.url}/api/queues`, { headers: { authorization: `Bearer ${token}` } });
  const queues = ((await res.json()) as { data: { id: string; attributes: { queue_label: string } }[] }).data;
  const found = queues.find((q) => q.attributes.queue_label === 'new referrals');
  assert.ok(found, 'the demo seed has a queue named "new referrals"');
  newReferralsId = found.id;
});

after(async () => {
  await h?.stop();
});

describe('shell', () => {
  test('a private page without a session lands on /login', async () => {
    const { context, page } = await openContext();
    await page.goto('/home');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await shot(page, 'login');
    await context.close();
  });

  test('wrong password shows the server error; empty fields say "is required"', async () => {
    const { context, page } = await openContext();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('User name is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.getByLabel('User name').fill('navigator');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('Invalid user name or password').waitFor();
    await shot(page, 'login-error');
    await context.close();
  });

  test('the attempted page is restored after login with the notice', async () => {
    const { context, page } = await openContext();
    await page.goto(`/home/queues/${newReferralsId}`);
    await page.waitForURL('**/login');
    await signIn(page, 'navigator');
    await page.waitForURL(`**/home/queues/${newReferralsId}`);
    await page.getByText('Redirecting to previously attempted page ...').waitFor();
    await page.getByRole('heading', { name: 'New Referrals', level: 1 }).waitFor();
    await shot(page, 'queue-after-redirect');
    await context.close();
  });

  test('navigator home shows queue cards; View all opens the queue and Go back returns', async () => {
    const { context, page } = await openContext();
    await loginAs(page, 'navigator');
    assert.equal(await page.title(), 'Home | Navigator');
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    const card = queueCard(page, /^New Referrals \(\d+\)$/);
    await card.waitFor();
    await loadedRows(card).first().waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Home' }).waitFor();
    assert.equal(await nav.getByRole('link', { name: 'Program Dashboard' }).count(), 0, 'Program Dashboard is for directors');
    await nav.getByRole('link', { name: /^Chat/ }).waitFor();
    await nav.getByRole('link', { name: 'Reports' }).waitFor();
    await nav.getByRole('link', { name: 'Resource Library' }).waitFor();
    await page.getByPlaceholder('Search Patients').waitFor();
    await shot(page, 'home-navigator');

    await card.getByRole('link', { name: 'View all' }).click();
    await page.waitForURL(`**/home/queues/${newReferralsId}`);
    await page.getByRole('heading', { name: 'New Referrals', level: 1 }).waitFor();
    // Opens Add Patient, which posts the patient's inbound referral (issue 32 §5: every Add the kit's one look).
    await page.getByRole('link', { name: 'Add Referral' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Add Referral' }).getAttribute('href'), '/patients/add');
    await shot(page, 'queue-page');
    await page.getByRole('link', { name: 'Go back' }).click();
    await page.waitForURL('**/home');
    await queueCard(page, /^New Referrals/).waitFor();

    // Clicking Add Referral opens Add Patient, in the page (no reload: the signed-in shell stays).
    await page.goto(`/home/queues/${newReferralsId}`);
    await page.getByRole('heading', { name: 'New Referrals', level: 1 }).waitFor();
    await page.evaluate(() => ((window as unknown as { stayedLoaded: boolean }).stayedLoaded = true));
    await page.getByRole('link', { name: 'Add Referral' }).click();
    await page.waitForURL('**/patients/add');
    await page.getByRole('heading', { name: 'Add Patient', level: 1 }).waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as { stayedLoaded?: boolean }).stayedLoaded), true, 'opened by the shell, not a page load');
    assert.equal(await page.title(), 'Add Patient | Navigator');
    await context.close();
  });

  test('an unknown private route shows the not-found view', async () => {
    const { context, page } = await openContext();
    await loginAs(page, 'navigator');
    await page.goto('/nowhere/at-all');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await shot(page, 'not-found');
    // A record the caller may not see (or a malformed id) says so inside the record route, the same for both.
    await page.goto('/patients/123/face-sheet');
    await page.getByRole('heading', { name: 'Patient not found' }).waitFor();
    await context.close();
  });

  test('division switch puts the new division on the session and goes home', async () => {
    const { context, page } = await openContext();
    await loginAs(page, 'navigator');
    const before = await page.evaluate(() => fetch('/api/session/current').then((r) => r.json()));
    const current: string = before.data.attributes.current_division_uid;
    const other = (before.data.attributes.accessible_divisions as { division_uid: string; division_name: string }[]).find((d) => d.division_uid !== current);
    assert.ok(other, 'navigator has a second division');
    await page.evaluate(() => localStorage.setItem('careweave.test-marker', '1'));

    await page.getByRole('button', { name: 'Nora Navigator' }).click();
    await page.getByRole('menuitem', { name: 'Change Password' }).waitFor();
    assert.equal(await page.getByRole('menuitem', { name: 'Admin' }).count(), 0, 'Admin is for admin users');
    await shot(page, 'user-menu');
    const put = page.waitForResponse((r) => r.url().endsWith('/api/session/current') && r.request().method() === 'PUT');
    await page.getByRole('menuitemcheckbox', { name: other.division_name }).click();
    assert.equal((await put).status(), 200);
    await page.waitForURL('**/home');
    await queueCard(page, /^New Referrals/).waitFor();

    const afterSwitch = await page.evaluate(() => fetch('/api/session/current').then((r) => r.json()));
    assert.equal(afterSwitch.data.attributes.current_division_uid, other.division_uid);
    assert.equal(await page.evaluate(() => localStorage.getItem('careweave.test-marker')), null, 'local storage was cleared');
    await context.close();
  });

  test('logout returns to /login with local storage cleared', async () => {
    const { context, page } = await openContext();
    await loginAs(page, 'navigator');
    await page.getByRole('button', { name: 'Nora Navigator' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.length), 0);
    const status = await page.evaluate(() => fetch('/api/session/current').then((r) => r.status));
    assert.equal(status, 401, 'the server session is gone');
    await context.close();
  });

  test('inactivity: warning at 50 minutes, timeout page at 60', async () => {
    const { context, page } = await openContext();
    await loginAs(page, 'navigator');
    await queueCard(page, /^New Referrals/).waitFor();

    await page.evaluate(([key, at]) => localStorage.setItem(key as string, String(at)), [LAST_ACTIVITY_KEY, Date.now() - 51 * MINUTE]);
    const dialog = page.locator('sl-dialog.care-inactivity-dialog');
    await dialog.getByText(/^Your session will expire in 0\d:\d\d\. Inactivity will potentially result in loss of work\.$/).waitFor();
    await dialog.getByText('Are you still active?').waitFor();
    const button = dialog.getByRole('button', { name: 'Yes, I am still active' });
    await page.waitForFunction(() => document.activeElement?.closest('sl-button')?.textContent?.includes('Yes, I am still active'));
    await shot(page, 'inactivity-dialog');

    // Mouse movement alone does not answer the question. Activity is stamped as it happens (at most once
    // a second), and the dialog reads the stamp each second; its countdown ticking is that reading.
    const storedStamp = () => page.evaluate((key) => localStorage.getItem(key), LAST_ACTIVITY_KEY);
    const countdown = () => dialog.evaluate((d) => /expire in (\d\d:\d\d)/.exec(d.textContent ?? '')?.[1] ?? '');
    /** The next reading: the countdown shows another time, or the dialog has closed. */
    const nextReading = async () => {
      const shown = await countdown();
      await page.waitForFunction((before) => {
        const d = document.querySelector('sl-dialog.care-inactivity-dialog') as (Element & { open: boolean }) | null;
        return !d?.open || /expire in (\d\d:\d\d)/.exec(d.textContent ?? '')?.[1] !== before;
      }, shown);
    };
    const stamped = await storedStamp();
    await page.mouse.move(10, 10);
    await page.mouse.move(200, 200);
    assert.equal(await storedStamp(), stamped, 'the moves left the stamp as it was');
    // Two readings later more than a second has passed, so a move now is past the once-a-second limit.
    await nextReading();
    await nextReading();
    await page.mouse.move(300, 300);
    assert.equal(await storedStamp(), stamped, 'a move past the limit left it too');
    await nextReading();
    assert.equal(await dialog.evaluate((d) => (d as HTMLElement & { open: boolean }).open), true);

    await button.click();
    await page.waitForFunction(() => !(document.querySelector('sl-dialog.care-inactivity-dialog') as (Element & { open: boolean }) | null)?.open);
    const stamp = Number(await page.evaluate((key) => localStorage.getItem(key), LAST_ACTIVITY_KEY));
    assert.ok(Date.now() - stamp < MINUTE, 'confirming refreshed the stamp');

    await page.evaluate(([key, at]) => localStorage.setItem(key as string, String(at)), [LAST_ACTIVITY_KEY, Date.now() - 61 * MINUTE]);
    await page.waitForURL('**/session-timeout');
    await page.getByRole('heading', { name: 'Your session has timed out.' }).waitFor();
    await page.getByText('Any action you take will take you back to the login screen.').waitFor();
    assert.equal(await page.locator('sl-dialog[open]').count(), 0, 'the dialog is closed on the timeout page');
    await shot(page, 'session-timeout');
    const status = await page.evaluate(() => fetch('/api/session/current').then((r) => r.status));
    assert.equal(status, 401, 'the server session ended with the timeout');

    await page.getByRole('link', { name: 'Go to Login' }).click();
    await page.waitForURL('**/login');
    await signIn(page, 'navigator');
    await page.waitForURL('**/home');
    await page.getByText('Redirecting to previously attempted page ...').waitFor();
    await context.close();
  });

  test('Change Password validates and shows the server\'s answer', async () => {
    const { context, page } = await openContext();
    await loginAs(page, 'navigator');
    await page.getByRole('button', { name: 'Nora Navigator' }).click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    const dialog = page.locator('sl-dialog[label="Change Password"]');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText('Current password is required').waitFor();
    await dialog.getByLabel('Current password').fill('not-my-password');
    await dialog.getByLabel('New password').fill('a-brand-new-password');
    const post = page.waitForResponse((r) => r.url().endsWith('/api/auth/change-password'));
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    const answer = await post;
    assert.equal(answer.status(), 422, 'a wrong current password is refused');
    assert.deepEqual(await answer.json(), { errors: [{ field: 'current_password', message: 'Current password is incorrect' }] });
    // The server's message, under the field it names, and nowhere else.
    const error = dialog.locator('#cp-currentPassword-error');
    await error.waitFor();
    assert.equal((await error.textContent())?.trim(), 'Current password is incorrect');
    assert.equal(await dialog.locator('.care-field-error').count(), 1, 'one field error');
    assert.equal(await dialog.locator('[role="alert"]').count(), 0, 'no form-level alert');
    await shot(page, 'change-password-error');
    await context.close();
  });

  test('an admin user (every flag) gets no link to a page that does not exist, the Program Dashboard, and Admin now that /admin does', async () => {
    const { context, page } = await openContext();
    const destinations = page.waitForResponse((r) => r.url().endsWith('/api/destinations'));
    await loginAs(page, 'admin');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Home' }).waitFor();
    // Every flag holds isDirector: the Program Dashboard now has its page.
    await nav.getByRole('link', { name: 'Program Dashboard' }).waitFor();
    await nav.getByRole('link', { name: /^Chat/ }).waitFor();
    await nav.getByRole('link', { name: 'Reports' }).waitFor();
    await nav.getByRole('link', { name: 'Resource Library' }).waitFor();
    const listed = ((await (await destinations).json()) as { data: { attributes: { url: string } }[] }).data;
    assert.deepEqual(listed.map((d) => d.attributes.url), ['/admin']);
    await page.getByRole('button', { name: 'Ada Admin' }).click();
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.getByRole('button', { name: 'Debug' }).waitFor();
    await context.close();
  });

  test('under 576 px the home page is one column', async () => {
    const { context, page } = await openContext(390, 844);
    await loginAs(page, 'navigator');
    const cards = page.locator('.care-card-slot');
    await queueCard(page, /^New Referrals/).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.care-card-slot').length >= 2);
    const boxes = await cards.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as { left: number; right: number; top: number; bottom: number }));
    // The navigator's demo division has several queues: a page with fewer than two cards proves nothing about columns.
    assert.ok(boxes.length >= 2, `at least two queue cards (${boxes.length})`);
    for (const [i, box] of boxes.entries()) {
      assert.equal(box.left, boxes[0].left, `card ${i + 1} starts where the first does`);
      assert.equal(box.right, boxes[0].right, `card ${i + 1} is as wide as the first`);
      assert.ok(box.right <= 390, `card ${i + 1} fits the screen (right edge ${box.right})`);
      if (i > 0) assert.ok(box.top >= boxes[i - 1].bottom, `card ${i + 1} is below card ${i}`);
    }
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'the page does not scroll sideways');
    await shot(page, 'home-mobile');
    await context.close();
  });

  test('identity home is titled by its mode and has no quick search', async () => {
    const { context, page } = await openContext();
    await loginAs(page, 'identity');
    await page.getByRole('heading', { name: 'Identity Home', level: 1 }).waitFor();
    assert.equal(await page.getByPlaceholder('Search Patients').count(), 0, 'quick search is for navigator mode');
    assert.equal(await page.title(), 'Identity Home | Careweave');
    await shot(page, 'home-identity');
    await context.close();
  });
});
