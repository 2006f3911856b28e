import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-users';
import { DEMO_IDP } from '../../server/demo-oidc/demo-idp';
import { assertFitsPhone, openUserMenu, shot, signIn, startHarness, type Harness } from './support/harness';

/**
 * Issue 34 in Chromium, against the real outside servers the demo serves
 * (oidc-provider): sign in through the county's identity provider, and open
 * Careweave from the demo EHR by a SMART on FHIR launch, in a tab and inside
 * the EHR's chart. No Careweave password is typed anywhere but the provider's page.
 */

let h: Harness;
let base: string;

/** The server's public address (http://localhost:port): every redirect of a sign-in comes back to it. */
async function open(width = 1366, height = 900) {
  const context = await h.browser.newContext({ baseURL: base, viewport: { width, height }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}

async function providerSignIn(page: Page, account: string) {
  await page.getByLabel('Account').fill(account);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const patientUid = async (first: string, last: string) =>
  (await h.server.db.selectFrom('patient').select('patient_uid').where('first_name', '=', first).where('last_name', '=', last).executeTakeFirstOrThrow()).patient_uid;

describe('single sign-on and the SMART launch', () => {
  before(async () => {
    h = await startHarness();
    base = `http://localhost:${new URL(h.server.url).port}`;
  });
  after(() => h?.stop());

  for (const [width, label] of [
    [1366, 'desktop'],
    [390, 'phone'],
  ] as const) {
    test(`the navigator signs in through Demo County Sign-In, with no Careweave password (${label})`, async () => {
      const { context, page, errors } = await open(width);
      await page.goto('/login');
      const button = page.getByRole('link', { name: `Sign in with ${DEMO_IDP.name}` });
      await button.waitFor();
      await shot(page, `sso-login-${label}`);
      if (width === 390) await assertFitsPhone(page, 'sso-login-phone');
      await button.click();
      await page.getByRole('heading', { name: DEMO_IDP.name }).waitFor();
      await page.screenshot({ path: `tests/e2e/screenshots/sso-idp-${label}.png`, fullPage: true });
      await providerSignIn(page, 'navigator');
      await page.waitForURL('**/home');
      await page.getByRole('button', { name: 'Nora Navigator' }).or(page.getByRole('button', { name: 'Menu', exact: true })).first().waitFor();
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test('a deactivated user is refused with the reason on the sign-in page', async () => {
    await h.server.db.updateTable('app_user').set({ is_active: false }).where('user_name', '=', 'sponsor').execute();
    try {
      const { context, page } = await open();
      await page.goto('/login');
      await page.getByRole('link', { name: `Sign in with ${DEMO_IDP.name}` }).click();
      await providerSignIn(page, 'sponsor');
      await page.waitForURL('**/login?**');
      await page.getByRole('alert').filter({ hasText: 'This Careweave account is turned off. Ask your administrator.' }).waitFor();
      await shot(page, 'sso-refused-inactive');
      await context.close();
    } finally {
      await h.server.db.updateTable('app_user').set({ is_active: true }).where('user_name', '=', 'sponsor').execute();
    }
  });

  test('signing out offers the provider\'s own sign-out', async () => {
    const { context, page } = await open();
    await page.goto('/login');
    await page.getByRole('link', { name: `Sign in with ${DEMO_IDP.name}` }).click();
    await providerSignIn(page, 'director');
    await page.waitForURL('**/home');
    await openUserMenu(page, 'Dana Director');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    const offer = page.getByRole('link', { name: `Sign out of ${DEMO_IDP.name} too` });
    await offer.waitFor();
    await shot(page, 'sso-signed-out');
    await offer.click();
    await page.getByRole('button', { name: /yes|sign.?out/i }).first().waitFor();
    await context.close();
  });

  test('the demo EHR\'s Open Careweave lands on the matched patient\'s face sheet with no password', async () => {
    const { context, page, errors } = await open();
    await page.goto('/demo/ehr.html');
    await page.getByRole('button', { name: 'Marcus James Ellery' }).click();
    await shot(page, 'ehr-chart');
    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Open Careweave' }).click()]);
    await tab.waitForURL(`**/patients/${await patientUid('Marcus', 'Ellery')}/face-sheet`);
    await tab.getByRole('heading', { name: /Ellery/ }).first().waitFor();
    await shot(tab, 'ehr-launch-face-sheet');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('an unmatched patient opens Add Patient filled from the EHR', async () => {
    const { context, page } = await open(390, 844);
    await page.goto('/demo/ehr.html');
    await page.getByRole('button', { name: 'Jordan Lee Avery' }).click();
    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Open Careweave' }).click()]);
    await tab.waitForURL('**/patients/add?from=ehr');
    await tab.getByText('Filled in from Riverside General EHR').waitFor();
    assert.equal(await tab.getByLabel('First Name').first().inputValue(), 'Jordan');
    assert.equal(await tab.getByLabel('Last Name').first().inputValue(), 'Avery');
    await shot(tab, 'ehr-launch-add-patient-phone');
    await assertFitsPhone(tab, 'ehr-launch-add-patient-phone');
    await context.close();
  });

  test('the EHR\'s embedded <care-patient-record> opens through a SMART launch in a pop-up', async () => {
    const { context, page, errors } = await open();
    await page.goto('/demo/ehr.html');
    await page.getByRole('button', { name: 'Marcus James Ellery' }).click();
    await page.getByRole('tab', { name: 'Careweave (Embedded)' }).click();
    const launch = page.getByRole('button', { name: 'Open In Careweave' });
    await launch.waitFor();
    const [popup] = await Promise.all([context.waitForEvent('page'), launch.click()]);
    await popup.waitForEvent('close');
    await page.locator('care-patient-record').getByRole('heading', { name: /Ellery/ }).first().waitFor();
    await shot(page, 'ehr-embedded-record');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a clinician nobody linked is asked to wait; the administrator approves them; their next launch opens the chart', async () => {
    const { context, page } = await open();
    await page.goto('/demo/ehr.html');
    await page.getByLabel('Signed in as').selectOption({ label: 'Pat Newcomb, MD, Emergency Medicine' });
    await page.getByRole('button', { name: 'Marcus James Ellery' }).click();
    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Open Careweave' }).click()]);
    await tab.waitForURL('**/login?**');
    await tab.getByRole('alert').filter({ hasText: 'is not linked to a Careweave user yet' }).waitFor();
    await shot(tab, 'ehr-launch-unlinked');
    await tab.close();

    for (const [width, label] of [
      [1366, 'desktop'],
      [390, 'phone'],
    ] as const) {
      const admin = await open(width);
      await admin.page.goto('/login');
      await signIn(admin.page, 'admin');
      await admin.page.waitForURL('**/home');
      await admin.page.goto('/admin/organization');
      await admin.page.getByRole('heading', { name: 'EHR User Links' }).waitFor();
      await admin.page.getByText('Waiting for a Decision').waitFor();
      await shot(admin.page, `admin-sign-in-${label}`);
      if (width === 390) await assertFitsPhone(admin.page, 'admin-sign-in-phone');
      if (width === 1366) {
        await admin.page.getByLabel('Careweave User for Pat Newcomb, MD, Emergency Medicine').selectOption({ label: 'Dana Director (director)' });
        await admin.page.getByRole('button', { name: 'Approve Pat Newcomb, MD, Emergency Medicine' }).click();
        await admin.page.getByText('Signs in as Dana Director').waitFor();
      }
      await admin.context.close();
    }

    const [again] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Open Careweave' }).click()]);
    await again.waitForURL(`**/patients/${await patientUid('Marcus', 'Ellery')}/face-sheet`);
    await again.getByRole('button', { name: 'Dana Director' }).or(again.getByRole('button', { name: 'Menu', exact: true })).first().waitFor();
    await context.close();
  });
});
