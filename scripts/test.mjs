import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { findChromium } from './chromium.mjs';

/**
 * `npm test`: type-check, build, then the server, multi-process, browser and
 * end-to-end suites. Every suite runs even when an earlier one fails; the exit code is
 * non-zero when any step failed, and the last line sums the tests. The
 * browser suite fails when any of its tests was skipped, e.g. because the
 * test server did not start (scripts/test-browser.mjs, issue 40).
 */
const chrome = findChromium({ install: true });
const env = { ...process.env, CHROME_PATH: chrome };

/**
 * CI (.ci/run) runs the server suite once, on the machine's PostgreSQL, with a pool of one connection (a
 * handler that asks for a second connection while holding one fails) and two files at a time (each file has
 * a database of its own). Locally, one file at a time with the configured pool.
 */
const serverFiles = readdirSync('tests/server').filter((f) => f.endsWith('.test.ts')).sort().map((f) => `tests/server/${f}`);
const serverConcurrency = process.env.SERVER_TEST_CONCURRENCY ?? '1';
const serverPool = process.env.SERVER_TEST_POOL_MAX ? { PG_POOL_MAX: process.env.SERVER_TEST_POOL_MAX } : {};

const steps = [
  { name: 'type-check', cmd: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'build', cmd: 'npm', args: ['run', '--silent', 'build'] },
  { name: 'server tests', cmd: 'node', args: ['--import', 'tsx', '--test', `--test-concurrency=${serverConcurrency}`, ...serverFiles], counts: 'node', env: serverPool },
  // Several server processes on one database and Redis (issue 36): the machine's Redis, or REDIS_URL.
  { name: 'multi-process tests', cmd: 'npm', args: ['run', '--silent', 'test:cluster'], counts: 'node' },
  { name: 'browser tests', cmd: 'npm', args: ['run', '--silent', 'test:browser'], counts: 'wtr' },
  { name: 'e2e tests', cmd: 'npm', args: ['run', '--silent', 'test:e2e'], counts: 'node', env: { E2E_BUILT: '1' } },
];

function run(step) {
  return new Promise((resolve) => {
    console.log(`\n[test] ── ${step.name} ──`);
    const child = spawn(step.cmd, step.args, { env: { ...env, ...step.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const keep = (chunk, stream) => {
      out += chunk.toString();
      stream.write(chunk);
    };
    child.stdout.on('data', (c) => keep(c, process.stdout));
    child.stderr.on('data', (c) => keep(c, process.stderr));
    const started = Date.now();
    // Each step's wall time, so a CI run shows where its 90 minutes go.
    child.on('close', (code) => {
      console.log(`[test] ${step.name}: ${Math.round((Date.now() - started) / 1000)} s`);
      resolve({ code: code ?? 1, out });
    });
  });
}

function counts(kind, out) {
  // eslint-disable-next-line no-control-regex
  const text = out.replace(/\x1b\[[0-9;]*m/g, '');
  if (kind === 'node') {
    const sum = (re) => [...text.matchAll(re)].reduce((s, m) => s + Number(m[1]), 0);
    return { pass: sum(/^# pass (\d+)/gm), fail: sum(/^# fail (\d+)/gm), skip: sum(/^# skipped (\d+)/gm) };
  }
  const m = [...text.matchAll(/(\d+) passed, (\d+) failed(?:, (\d+) skipped)?/g)].pop();
  return m ? { pass: Number(m[1]), fail: Number(m[2]), skip: Number(m[3] ?? 0) } : { pass: 0, fail: 0, skip: 0 };
}

/** The failed leaf tests of a node:test run (TAP), each with its error's first line, at most 20. */
function failedTests(out) {
  // eslint-disable-next-line no-control-regex
  const lines = out.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const found = [];
  lines.forEach((line, i) => {
    const m = /^(\s*)not ok \d+ - (.*)$/.exec(line);
    if (!m) return;
    const block = lines.slice(i + 1, i + 40);
    const end = block.findIndex((l) => /^\s*\.\.\.$/.test(l));
    const detail = (end < 0 ? block : block.slice(0, end)).map((l) => l.trim());
    // A suite's own failure only repeats its subtests'.
    if (detail.some((l) => l === "type: 'suite'")) return;
    const error = detail.find((l) => l.startsWith('error:')) ?? '';
    const at = detail.find((l) => l.startsWith('location:')) ?? '';
    found.push(`not ok - ${m[2]} ${at} ${error}`.slice(0, 600));
  });
  return found.slice(0, 20);
}

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
for (const step of steps) {
  const { code, out } = await run(step);
  if (step.counts) {
    const c = counts(step.counts, out);
    passed += c.pass;
    failed += c.fail;
    skipped += c.skip;
    if (code !== 0 && c.fail === 0) failed += 1; // a suite that crashed still counts as a failure
  } else if (code !== 0) {
    failed += 1;
  }
  if (code !== 0) failures.push({ name: step.name, lines: failedTests(out) });
  // Nothing after a broken build can be trusted to run.
  if (code !== 0 && step.name === 'build') break;
}

console.log(failures.length ? `\n[test] FAILED: ${failures.map((f) => f.name).join(', ')}` : '\n[test] all suites passed');
// CI keeps only the end of the output: the failed tests are named again here, with the first lines of their errors.
for (const f of failures) for (const line of f.lines) console.log(`[test] ${f.name}: ${line}`);
// A skipped browser test fails its suite (scripts/test-browser.mjs says which and why); skips are counted here as well.
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length ? 1 : 0);
