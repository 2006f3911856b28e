import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import dayjs from 'dayjs';
import { chromium, type Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';

const root = resolve(import.meta.dirname, '../..');
const shots = resolve(import.meta.dirname, 'screenshots');
const ARGS = ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Issue 3's walk through the navigator's day: snooze a reminder, open a calendar event, find a patient and continue. */
describe('navigator home', () => {
  let server: TestServer;
  let browser: Browser;

  before(async () => {
    if (!existsSync(resolve(root, 'dist/elements/care-reminders.js'))) execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
    mkdirSync(shots, { recursive: true });
    server = await startTestServer();
    browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ARGS });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('log in, snooze a reminder, open a calendar event, search a patient and continue to the record', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 1000 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/login');
    await page.getByLabel('User name').fill('navigator');
    await page.getByLabel('Password').fill('careweave-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/home');

    // Snooze the first of today's reminders assigned to me until tomorrow.
    const reminders = page.locator('.care-home-reminders');
    const first = reminders.locator('li', { has: page.getByRole('button', { name: 'Snooze' }) }).first();
    const note = (await first.locator('p').first().textContent())!.trim();
    await page.locator('.care-home-calendar .care-event').first().waitFor();
    await page.screenshot({ path: resolve(shots, 'home-navigator-loaded.png') });
    await first.getByRole('button', { name: 'Snooze' }).click();
    await first.getByRole('menuitem', { name: 'Tomorrow' }).click();
    await reminders.getByText(note, { exact: true }).waitFor({ state: 'detached' });
    const stored = await server.db.selectFrom('notification').select('reminder_date').where('note', '=', note).executeTakeFirstOrThrow();
    assert.equal(dayjs(stored.reminder_date).format('YYYY-MM-DD'), dayjs().add(1, 'day').format('YYYY-MM-DD'));

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
    await page.waitForURL(/\/patients\/[0-9a-f-]{36}$/);
    const patientUid = page.url().split('/').pop()!;
    const audit = await server.db.selectFrom('audit_entry').select('action').where('patient_uid', '=', patientUid).execute();
    assert.deepEqual(audit, [{ action: 'ViewedPatient' }]);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
