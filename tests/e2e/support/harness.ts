import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../../server/db/seed/demo-users';
import { startTestServer, type TestServer } from '../../../server/testing/start-test-server';
import { CLOCK_OFFSET_MS, chromiumEnv, shiftedDateScript } from '../../../scripts/shifted-date.mjs';
import { logProblems } from './log-check';
import { answersBreakingDocument } from './openapi-check';

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
 * `env` configures the server (`{ DEMO_SEED: '0' }`: an empty install).
 * The server logs every request to a file of its own, and stop() fails if a
 * line of it holds patient data (log-check.ts), or if an answer is not as the
 * OpenAPI document describes it (openapi-check.ts).
 */
export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  if (process.env.E2E_BUILT !== '1') execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: ROOT, stdio: 'inherit' });
  mkdirSync(SHOTS, { recursive: true });
  const logDir = mkdtempSync(resolve(tmpdir(), `careweave-log-${basename(process.argv[1] ?? 'e2e', '.test.ts')}-`));
  const logFile = resolve(logDir, 'server.log');
  const answersFile = resolve(logDir, 'answers.ndjson');
  // Every answer is logged, to be checked against the OpenAPI document when the file is done (openapi-check.ts).
  const server = await startTestServer({ LOG_REQUESTS: '1', LOG_FILE: logFile, RESPONSE_LOG: answersFile, API_DOCS: 'public', ...env });
  // At a faked date (scripts/test-dates.mjs), Chromium runs on the real clock and each page's Date is moved instead (openPage).
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS, ...(CLOCK_OFFSET_MS && { env: chromiumEnv() }) });
  return {
    server,
    browser,
    async stop() {
      await browser.close();
      const document = await (await fetch(`${server.url}/api/openapi.json`)).json();
      await server.stop();
      const breaking = answersBreakingDocument(document, answersFile);
      assert.deepEqual(breaking, [], `${breaking.length} answers the OpenAPI document does not describe (${answersFile}, kept)`);
      writeScreenshotSheet();
      const problems = logProblems(readFileSync(logFile, 'utf8'));
      assert.deepEqual(problems, [], `The server's log (${logFile}, kept) has ${problems.length} problems, the first:\n${problems.slice(0, 20).join('\n')}`);
      rmSync(logDir, { recursive: true, force: true });
    },
  };
}

/**
 * tests/e2e/screenshots/index.html: every screenshot on one page, by name, so
 * the screens can be looked over together (docs/design-tokens.md). Rewritten
 * after each file, so it always shows the latest pictures.
 */
function writeScreenshotSheet(): void {
  const names = readdirSync(SHOTS).filter((f) => f.endsWith('.png')).sort();
  const figures = names.map((f) => `<figure><a href="${f}"><img src="${f}" alt="" loading="lazy"></a><figcaption>${f.slice(0, -4)}</figcaption></figure>`).join('\n');
  writeFileSync(
    resolve(SHOTS, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Careweave screens</title><style>
body{font:14px/1.5 system-ui,sans-serif;margin:1rem}main{display:grid;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:1rem}
figure{margin:0}img{width:100%;height:14rem;object-fit:cover;object-position:top;border:1px solid #ccc}</style></head>
<body><h1>Careweave screens (${names.length})</h1><main>${figures}</main></body></html>`,
  );
}

/** A fresh context (no cookies, no storage). Reduced motion: screenshots never catch a half-faded dialog. */
export async function openPage(h: Harness, width = 1280, height = 900): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await h.browser.newContext({ baseURL: h.server.url, viewport: { width, height }, reducedMotion: 'reduce' });
  if (CLOCK_OFFSET_MS) await context.addInitScript(shiftedDateScript);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => {
    errors.push(err.message);
    console.error('page error:', err.message);
  });
  return { context, page, errors };
}

/**
 * The record's left menu, opened first where it is collapsed: a narrow
 * screen starts it so and collapses it again after each page chosen.
 */
export async function recordMenu(page: Page | Locator): Promise<Locator> {
  const menu = page.getByRole('navigation', { name: 'Patient record' });
  const show = page.getByRole('button', { name: 'Show Menu' });
  await menu.or(show).first().waitFor();
  if (await show.isVisible()) await show.click();
  await menu.waitFor();
  return menu;
}

/**
 * The top bar's main navigation, opened first on a phone, where it waits
 * behind the Menu button (shell/top-bar.tsx).
 */
export async function mainNav(page: Page): Promise<Locator> {
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  // The bar is drawn once the session is known; until then neither the button nor the nav is there to ask.
  await page.getByRole('link', { name: 'Careweave home' }).waitFor();
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  return page.getByRole('navigation', { name: 'Main' });
}

/** Opens the user menu (the button with the user's name), behind the Menu button on a phone. */
export async function openUserMenu(page: Page, displayName: string): Promise<void> {
  await mainNav(page);
  await page.getByRole('button', { name: displayName }).click();
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

const AXE_SOURCE = readFileSync(resolve(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string; summary: string }[];
}

/**
 * Runs axe-core over the page as it stands (open shadow roots included, so the
 * Shoelace parts and the widgets' own trees are checked) and fails on any
 * serious or critical finding. Evaluated through the DevTools protocol rather
 * than a script tag: the app's Content-Security-Policy forbids inline scripts,
 * and it must stay that way for users.
 */
export async function checkA11y(page: Page, name: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const findings: AxeFinding[] = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: any[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n: any) => ({ target: JSON.stringify(n.target), summary: String(n.failureSummary ?? '').replace(/\s+/g, ' ') })),
      }));
  }, AXE_TAGS);
  if (findings.length === 0) return;
  const lines = findings.flatMap((f) => [`${f.impact} ${f.id}: ${f.help}`, ...f.nodes.map((n) => `  ${n.target}\n    ${n.summary}`)]);
  throw new Error(`Accessibility findings on screen "${name}" (${page.url()}):\n${lines.join('\n')}`);
}

/**
 * Pictures cost a quarter of an e2e file's time with the accessibility check: CI's clean clone throws them away
 * (SCREENSHOTS=0 in .ci/run), and at a faked date (scripts/test-dates.mjs) they would replace the real day's.
 */
const PICTURES = process.env.SCREENSHOTS !== '0';

/**
 * Screenshot of a screen, then the accessibility check of that same screen:
 * every screen an e2e test shows is also checked, including ones added later.
 * The picture is taken first so a failing screen can still be looked at.
 * At a faked date neither: the screens' structure does not depend on the date, and the real day's run checks them.
 */
export async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  if (CLOCK_OFFSET_MS) return;
  if (PICTURES) await page.screenshot({ path: resolve(SHOTS, `${name}.png`), fullPage });
  await checkA11y(page, name);
}

/**
 * A screen at a phone's width holds together (issue 40 §3): nothing reaches past the window's right edge (no
 * sideways scrolling), and the page's primary column (the record's page beside its menu, else the page's <main>)
 * is shown, inside the window and across most of it, not squeezed beside a menu or pushed out to the side.
 * An assertion of its own: a screenshot is a picture to look at, not a check.
 */
export async function assertFitsPhone(page: Page, name: string): Promise<void> {
  // No named helper inside: the test runner's transform would name it with a function the page lacks.
  const fit = await page.evaluate(() => {
    let column: Element | null = null;
    const roots: (Document | ShadowRoot)[] = [document];
    while (roots.length && !column) {
      const root = roots.shift()!;
      column = root.querySelector('.record-page');
      if (!column) for (const el of root.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
    }
    column ??= document.querySelector('main');
    if (!column) return null;
    const box = column.getBoundingClientRect();
    return {
      column: `${column.tagName.toLowerCase()}.${[...column.classList].join('.')}`,
      over: document.documentElement.scrollWidth - window.innerWidth,
      inner: window.innerWidth,
      left: box.left,
      right: box.right,
      width: box.width,
      height: box.height,
      visible: column.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
    };
  });
  assert.ok(fit, `${name}: the page has a primary column (the record's page or <main>)`);
  assert.ok(fit.over <= 0, `${name}: scrolls sideways by ${fit.over} px`);
  assert.ok(fit.visible && fit.height > 0, `${name}: the primary column (${fit.column}) is shown`);
  assert.ok(fit.left >= -1 && fit.right <= fit.inner + 1, `${name}: the primary column (${fit.column}) is inside the window (${fit.left}–${fit.right} of ${fit.inner})`);
  assert.ok(fit.width >= fit.inner * 0.75, `${name}: the primary column (${fit.column}) has most of the width (${fit.width} of ${fit.inner})`);
}

/**
 * Patients any navigator may open: the first division's (the navigator's
 * current one), not restricted, with no case. Callers narrow, select and
 * order as their test needs.
 */
export function openPatients(h: Harness) {
  return h.server.db
    .selectFrom('patient')
    .where('restricted_flag', '=', '0')
    .where('division_uid', '=', (eb) => eb.selectFrom('division').select('division_uid').orderBy('division_name').limit(1))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('patient_case').select('case_uid').whereRef('patient_case.patient_uid', '=', 'patient.patient_uid'))));
}

/**
 * A table's rows once it has loaded: while a list loads, its body holds one
 * row with the loading state, which a test must not take for the first row.
 */
export const loadedRows = (scope: Page | Locator) => scope.locator('tbody:not([aria-busy="true"]) tr');
