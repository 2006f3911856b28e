import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../../server/db/seed/demo-users';
import { startTestServer, type TestServer } from '../../../server/testing/start-test-server';

const ROOT = resolve(import.meta.dirname, '../../..');
export const SHOTS = resolve(import.meta.dirname, '../screenshots');

const CHROMIUM_ARGS = ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface Harness {
  server: TestServer;
  browser: Browser;
  stop(): Promise<void>;
}

/**
 * The built app (as users get it) on a real server with its own database, and
 * Chromium. `npm test` builds once before the suites and sets E2E_BUILT=1;
 * a file run on its own builds first so it never tests a stale bundle.
 */
export async function startHarness(): Promise<Harness> {
  if (process.env.E2E_BUILT !== '1') execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: ROOT, stdio: 'inherit' });
  mkdirSync(SHOTS, { recursive: true });
  const server = await startTestServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  return {
    server,
    browser,
    async stop() {
      await browser.close();
      await server.stop();
    },
  };
}

/** A fresh context (no cookies, no storage). Reduced motion: screenshots never catch a half-faded dialog. */
export async function openPage(h: Harness, width = 1280, height = 900): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await h.browser.newContext({ baseURL: h.server.url, viewport: { width, height }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => {
    errors.push(err.message);
    console.error('page error:', err.message);
  });
  return { context, page, errors };
}

/** Fills whichever sign-in form is on the page (the shell's or <care-session>'s). */
export async function signIn(page: Page, userName: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('User name').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function loginAs(page: Page, userName: string): Promise<void> {
  await page.goto('/login');
  await signIn(page, userName);
  await page.waitForURL('**/home');
}

export const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: resolve(SHOTS, `${name}.png`), fullPage });
