import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { DEMO_CIT_AGENCY } from '../../server/db/seed/cit';
import { DEMO_HWC_CODES } from '../../server/db/seed/hwc';
import { CIT_TEXT } from '../../shared/cit-options';
import en from '../../shared/i18n/en.json';
import { publicI18n } from '../../widgets/kit/public-i18n';
import { fillCitOutcome, nextCitSection } from './support/cit-sheet';
import { fillReferredPatient } from './support/referral';
import { openPage, shot, startHarness, type Harness } from './support/harness';

const SAVED_ON_DEVICE = publicI18n.t('offline.savedOnDevice', { count: 1, lng: 'en' });

/** The page is served by the service worker from here on: installed, active and in control. */
async function workerInControl(page: Page): Promise<void> {
  // An event, not a poll: Playwright's waitForFunction does not await a predicate's promise.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
}

/** The lists the form loaded are kept on the device (the worker asks for them again once in control). */
async function listsKept(page: Page, ...paths: string[]): Promise<void> {
  // Cache Storage tells nobody when it is written: the page reads its keys into a variable that a synchronous predicate watches.
  // No named helper inside: the test runner's transform would name it with a function the page lacks.
  await page.evaluate(() => {
    setInterval(async () => {
      (window as unknown as { keptLists: string[] }).keptLists = (await (await caches.open('careweave-public-lists')).keys()).map((r) => new URL(r.url).pathname);
    }, 100);
  });
  await page.waitForFunction((wanted) => wanted.every((path) => ((window as unknown as { keptLists?: string[] }).keptLists ?? []).some((kept) => kept.endsWith(path))), paths);
}

async function identifyCit(page: Page): Promise<void> {
  await page.getByLabel('Agency Identifier').fill(DEMO_CIT_AGENCY.code);
  await page.getByLabel('Officer Name').fill(DEMO_CIT_AGENCY.officers[0]);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The sheet's required fields, none of which needs the server (no ZIP or address lookup). */
async function fillCitSheet(page: Page, lastName: string): Promise<void> {
  await page.getByLabel('First Name').fill('Morgan');
  await page.getByLabel('Last Name').fill(lastName);
  await page.getByLabel('Birth Date').fill('1988-04-02');
  await page.getByLabel('Gender', { exact: true }).selectOption({ label: 'Male' });
  await page.getByLabel('White').check();
  await page.getByLabel('Phone Number').fill('6145550142');
  await nextCitSection(page);
  await page.getByLabel('Incident Date and Time').fill('2026-01-12T23:40');
  await page.getByLabel('Officer', { exact: true }).fill('Officer Riley');
  await page.getByLabel('Shift', { exact: true }).selectOption({ label: 'Night' });
  await page.getByLabel('Location Type').selectOption('Personal Residence');
  await page.getByLabel('Incident Address', { exact: true }).fill('22 Elm St');
  await fillCitOutcome(page);
}

/** Issue 39 section 1: a public form opened once opens and sends with no network; each submission is stored once. */
describe('public forms with no connection', () => {
  let h: Harness;
  const sheets = async (lastName: string) => (await sql<{ n: number }>`select count(*)::int as n from cit_submission where submission_json->>'lastName' = ${lastName}`.execute(h.server.db)).rows[0].n;

  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  test('installable: the page names a manifest with a name, a start page and an icon, and a service worker takes it offline', async () => {
    const { context, page } = await openPage(h, 390, 844);
    await page.goto('/hwc');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    assert.ok(href);
    const manifest = await (await page.request.get(href)).json();
    assert.equal(manifest.display, 'standalone');
    assert.ok(manifest.name && manifest.short_name && manifest.start_url, JSON.stringify(manifest));
    assert.ok((await page.request.get(manifest.icons[0].src)).ok());
    await workerInControl(page);
    // A staff page is never answered from the device: after an upgrade it would name files the server no longer has.
    for (const staffPage of ['/', '/home', '/login']) assert.equal((await page.goto(staffPage))?.fromServiceWorker(), false, staffPage);
    // The start page opens with no network at all.
    await context.setOffline(true);
    await page.goto(manifest.start_url);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await context.close();
  });

  test('CIT: opened online once, reloaded offline, filled and saved on the device; back online, the confirmation and exactly one sheet', async () => {
    const { context, page, errors } = await openPage(h, 390, 844);
    await page.goto('/cit/oh');
    await workerInControl(page);
    await listsKept(page, '/cit/oh/context');
    // Recognized once online: the agency's facilities stay on the device (never its code).
    await identifyCit(page);
    await page.getByTestId('identity-status').getByText(CIT_TEXT.identitySuccess).waitFor();

    await context.setOffline(true);
    await page.reload();
    await page.getByLabel('Agency Identifier').waitFor();
    // A code or an officer name is never kept on the device.
    assert.equal(await page.getByLabel('Agency Identifier').inputValue(), '');
    assert.equal(await page.getByLabel('Officer Name').inputValue(), '');
    await identifyCit(page);
    await page.getByTestId('identity-status').getByText(CIT_TEXT.identityOffline).waitFor();
    await fillCitSheet(page, 'Offlinefield');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('saved-on-device').getByText(SAVED_ON_DEVICE).waitFor();
    assert.equal(await page.getByLabel('Agency Identifier').inputValue(), '', 'the form starts again for the next sheet');
    await shot(page, 'offline-cit-saved-on-device-390', false);
    assert.equal(await sheets('Offlinefield'), 0);

    await context.setOffline(false);
    await page.getByTestId('cit-receipt').getByRole('heading', { name: 'Contact sheet submitted' }).waitFor();
    await page.getByTestId('saved-on-device').waitFor({ state: 'detached' });
    assert.equal(await sheets('Offlinefield'), 1);
    const id = (await sql<{ submission_uid: string }>`select submission_uid from cit_submission where submission_json->>'lastName' = 'Offlinefield'`.execute(h.server.db)).rows[0].submission_uid;
    assert.equal(await page.getByTestId('cit-reference').textContent(), id);
    assert.ok(await page.getByTestId('cit-pdf-link').getAttribute('href'));
    await shot(page, 'offline-cit-sent-later-390', false);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('Handle with Care: offline, the district code waits for the connection and the lists come from the device; one notice', async () => {
    const { context, page, errors } = await openPage(h, 1366, 900);
    await page.goto('/hwc');
    await workerInControl(page);
    await page.getByLabel('District Code').fill(DEMO_HWC_CODES.franklin);
    await page.getByLabel('Officer Name').waitFor();

    await context.setOffline(true);
    await page.reload();
    await page.getByLabel('District Code').fill(DEMO_HWC_CODES.franklin);
    await page.getByTestId('district-status').getByText(en.translation.hwc.offlineCode).waitFor();
    await page.getByLabel('Officer Name').fill('Officer Jordan Hale');
    await page.getByLabel('Child First Name').fill('Quinn');
    await page.getByLabel('Child Last Name').fill('Offlinewood');
    await page.getByLabel('Child Gender').selectOption({ label: 'Female' });
    await page.getByLabel('Child Birth Date').fill('2015-05-20');
    await page.getByLabel('School', { exact: true }).selectOption({ index: 1 });
    await page.getByTestId('hwc-save').click();
    await page.getByTestId('saved-on-device').getByText(SAVED_ON_DEVICE).waitFor();
    await shot(page, 'offline-hwc-saved-on-device-1366', false);

    await context.setOffline(false);
    await page.getByText(en.translation.hwc.sent).waitFor();
    const notices = await sql<{ n: number }>`select count(*)::int as n from hwc_patient where child_last_name = 'Offlinewood'`.execute(h.server.db);
    assert.equal(notices.rows[0].n, 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('external referral: a registered provider refers with no connection; back online, the thanks and one patient', async () => {
    const phone = '6145550199';
    const post = (path: string, body: unknown) =>
      fetch(`${h.server.url}/api/ext/demo-referral${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: JSON.stringify(body) });
    assert.equal((await post('/register', { name: 'Dr. Off Line', identifier: phone, identifier_type: 'Phone' })).status, 202);
    const sms = await h.server.db.selectFrom('outbox').select('body').where('recipient', '=', phone).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const confirmed = await (await post('/register-confirm', { challenge: /(\d{6})/.exec(sms.body)![1], identifier: phone })).json();
    const { context, page, errors } = await openPage(h, 390, 844);
    await context.addInitScript((token) => localStorage.setItem('careweave.ext.registration.demo-referral', token), confirmed.data.attributes.registration_token as string);
    await page.goto('/ext/demo-referral/referral-form');
    await page.getByLabel('First name', { exact: true }).waitFor();
    await workerInControl(page);
    await listsKept(page, '/demo-referral', '/demo-referral/index', '/demo-referral/providers', ...['gender', 'gender-identity', 'race', 'ethnicity', 'country-division', 'address-type', 'carrier', 'reason', 'diagnosis', 'referral-source', 'provider-role'].map((list) => `/reference/reference-${list}`));

    await context.setOffline(true);
    await page.reload();
    const widget = page.locator('main');
    await widget.getByRole('radio', { name: 'Patient' }).check();
    await fillReferredPatient(widget, { first: 'Marlow', last: 'Offlinecombe', mobile: '6145550189' });
    await widget.getByRole('button', { name: 'Submit referral' }).click();
    await page.getByTestId('saved-on-device').getByText(SAVED_ON_DEVICE).waitFor();
    await shot(page, 'offline-ext-saved-on-device-390', false);
    const patients = async () => (await sql<{ n: number }>`select count(*)::int as n from patient where last_name = 'Offlinecombe'`.execute(h.server.db)).rows[0].n;
    assert.equal(await patients(), 0);

    await context.setOffline(false);
    await widget.getByText('Thanks for your referral. You can now safely close your browser tab.').waitFor();
    assert.equal(await patients(), 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a network that drops every other answer: the sheet is sent again with its key and stored once', async () => {
    // A real proxy in front of the server: every other submit reaches the server, and its answer never reaches the browser.
    let submits = 0;
    const upstream = new URL(h.server.url);
    const proxy = http.createServer((req, res) => {
      const drop = req.method === 'POST' && req.url?.endsWith('/submit') && submits++ % 2 === 0;
      const forward = http.request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        if (drop) {
          answer.resume();
          answer.on('end', () => req.socket.destroy());
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as { port: number };
    const context = await h.browser.newContext({ baseURL: `http://127.0.0.1:${port}`, viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    try {
      await page.goto('/cit/oh');
      await workerInControl(page);
      await identifyCit(page);
      await page.getByTestId('identity-status').getByText(CIT_TEXT.identitySuccess).waitFor();
      await fillCitSheet(page, 'Flakefield');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('cit-receipt').getByRole('heading', { name: 'Contact sheet submitted' }).waitFor();
      assert.ok(submits >= 2, `the first answer was dropped, so the sheet went again (${submits} submits)`);
      assert.equal(await sheets('Flakefield'), 1);
    } finally {
      await context.close();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
