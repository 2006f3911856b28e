import { spawnSync } from 'node:child_process';

/**
 * The browser suite and the date-bound end-to-end files at faked dates
 * (issue 40 §1): a test that reads today's date apart from the code under
 * test passes on most days and fails on a month's last day, a year's first
 * or a daylight-saving change. libfaketime moves the clock of the test
 * server and its PostgreSQL, and each test page's Date moves by the same
 * offset (scripts/shifted-date.mjs), so SQL, the server's and the widgets'
 * dates agree as they do on that day; the clock then runs on from there.
 *
 * `node scripts/test-dates.mjs` runs the three dates below; a date given as
 * arguments (`'2027-02-28 23:58:00' America/Chicago`), with browser test
 * files after them or not, runs that one alone (and no e2e file).
 */
const DATES = [
  { at: '2026-11-30 12:00:00', tz: 'UTC', why: 'the last day of a month' },
  { at: '2027-01-01 09:00:00', tz: 'UTC', why: 'the first day of a year' },
  { at: '2027-03-14 01:30:00', tz: 'America/New_York', why: 'the day clocks go forward in America/New_York' },
];

function faketimeInstalled() {
  return spawnSync('sh', ['-c', 'command -v faketime'], { encoding: 'utf8' }).status === 0;
}

if (!faketimeInstalled()) {
  if (process.getuid?.() === 0) {
    console.log('[test-dates] installing faketime (apt-get install -y faketime)');
    const apt = spawnSync('apt-get', ['install', '-y', 'faketime'], { stdio: 'inherit' });
    if (apt.status !== 0) process.exit(apt.status ?? 1);
  } else {
    console.error('[test-dates] needs libfaketime: apt-get install -y faketime (as root)');
    process.exit(1);
  }
}

/**
 * The end-to-end files that show or compute a date: about 4 minutes a date (the whole e2e suite takes half an
 * hour). The identity record's date filters and the medical events' default dates are checked at these dates in
 * the browser suite; their e2e files (2.5 more minutes a date) would bring CI too close to its 90 minutes.
 */
const E2E_FILES = ['add-patient', 'calendar', 'cit', 'ext', 'home', 'notes', 'reports'].map((f) => `tests/e2e/${f}.test.ts`);

const [at, tz, ...files] = process.argv.slice(2);
const runs = at ? [{ at, tz: tz ?? 'UTC', why: 'the date asked for' }] : DATES;
const failed = [];
if (!at) {
  console.log('[test-dates] building the app once for the e2e files');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
/** The faked clock's environment from this moment: each suite gets its own, so the pages' Date moves by the same offset as libfaketime's clock (scripts/shifted-date.mjs) however long the suites before it took. */
function fakedEnv(run) {
  const fakedStart = Number(spawnSync('date', ['-d', run.at, '+%s%3N'], { encoding: 'utf8', env: { ...process.env, TZ: run.tz } }).stdout.trim());
  // Monotonic clocks stay real: timers hang when they jump with the wall clock.
  return { ...process.env, TZ: run.tz, FAKETIME_DONT_FAKE_MONOTONIC: '1', CAREWEAVE_CLOCK_OFFSET_MS: String(fakedStart - Date.now()) };
}

for (const run of runs) {
  console.log(`\n[test-dates] browser suite on ${run.at} ${run.tz} (${run.why})`);
  if (spawnSync('faketime', [run.at, process.execPath, 'scripts/test-browser.mjs', ...files], { stdio: 'inherit', env: fakedEnv(run) }).status !== 0) failed.push(`browser suite, ${run.at} ${run.tz}`);
  if (at) continue;
  console.log(`\n[test-dates] e2e files on ${run.at} ${run.tz} (${run.why})`);
  const e2e = spawnSync('faketime', [run.at, process.execPath, '--import', 'tsx', '--test', '--test-concurrency=1', ...E2E_FILES], {
    stdio: 'inherit',
    env: { ...fakedEnv(run), E2E_BUILT: '1', CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
  });
  if (e2e.status !== 0) failed.push(`e2e files, ${run.at} ${run.tz}`);
}
if (failed.length) {
  console.error(`\n[test-dates] FAILED on: ${failed.join('; ')}`);
  process.exit(1);
}
console.log(`\n[test-dates] passed on ${runs.length} faked date(s)`);
