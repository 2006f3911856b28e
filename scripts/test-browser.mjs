// Browser tests: start the real server, pre-bundle tests/browser with
// esbuild, run web-test-runner in Chromium; exit with its code.
// Usage: node scripts/test-browser.mjs [tests/browser/some.test.tsx ...]
//
// Nothing is skipped in silence (issue 40). The real-server files skip
// themselves (`if (!url) this.skip()`) when they get no server URL, which
// would read as a pass. So this runner fails the run when ANY test was
// skipped, whatever skipped it, and lists each one (file > suite > test)
// with the reason. It learns which tests skipped from a reporter added to
// web-test-runner's config for the run (RUN_CONFIG below): one check here
// covers every file and every way of skipping (this.skip, it.skip,
// describe.skip, a test without a body), with no change to the test files.
// - `npm test`: the server must start; if it cannot (or its entry is
//   missing), the run fails before any test.
// - SKIP_TEST_SERVER=1 (by hand, for stub-only files): no server is
//   started; the stub-only files pass as usual, and a file that needs the
//   server fails the run, named, with "the test server did not start".
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { build } from 'esbuild';

const WTR_PORT = Number(process.env.WTR_PORT ?? 8765);
const SERVER_ENTRY = 'server/testing/serve-for-tests.ts';
// One directory per port, so that runs side by side (a helper's file beside the whole suite) never delete each other's bundles.
const BUILD_DIR = `.wtr-build/${WTR_PORT}`;
/** web-test-runner.config.mjs plus the reporter that lists skipped tests in SKIPPED_FILE. */
const RUN_CONFIG = `${BUILD_DIR}/run.config.mjs`;
const SKIPPED_FILE = `${BUILD_DIR}/skipped.json`;

/** Resolves with the server's URL once it prints `CAREWEAVE_TEST_URL=...`. */
function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ALLOWED_ORIGINS: `http://localhost:${WTR_PORT},http://127.0.0.1:${WTR_PORT}` },
  });
  const url = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The test server did not print CAREWEAVE_TEST_URL within 90 s')), 90_000);
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^CAREWEAVE_TEST_URL=(\S+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      } else process.stdout.write(`[server] ${line}\n`);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The test server exited early (code ${code})`));
    });
  });
  return { child, url };
}

function stopServer(child) {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

/**
 * The project's wtr config, plus a reporter that writes every skipped test
 * (its bundle file and its suite > test path) to SKIPPED_FILE when the run
 * ends. Written after the bundle, into the bundle's directory.
 */
function writeRunConfig() {
  writeFileSync(
    RUN_CONFIG,
    `import { writeFileSync } from 'node:fs';
import { defaultReporter } from '@web/test-runner';
import base from '../../web-test-runner.config.mjs';

const skippedIn = (suite, path, out) => {
  for (const test of suite?.tests ?? []) if (test.skipped) out.push([...path, test.name].join(' > '));
  for (const inner of suite?.suites ?? []) skippedIn(inner, [...path, inner.name], out);
  return out;
};
const skipReporter = {
  onTestRunFinished({ sessions }) {
    const skipped = sessions.flatMap((s) => skippedIn(s.testResults, [], []).map((test) => ({ file: s.testFile, test })));
    writeFileSync(${JSON.stringify(SKIPPED_FILE)}, JSON.stringify(skipped, null, 2));
  },
};
export default { ...base, files: [${JSON.stringify(`${BUILD_DIR}/**/*.test.js`)}], reporters: [...(base.reporters ?? [defaultReporter()]), skipReporter] };
`,
  );
}

/** `.wtr-build/<port>/a/b.test.js` (absolute or not) -> `tests/browser/a/b.test.tsx`. */
const sourceOf = (bundle) => bundle.replace(/^.*?\.wtr-build\/\d+\//, 'tests/browser/').replace(/\.js$/, '.tsx');

/** Fails (returns 1) when any test was skipped, naming each one and saying why. */
function checkNothingSkipped(serverUrl) {
  if (!existsSync(SKIPPED_FILE)) {
    console.error(`\n[test-browser] FAILED: ${SKIPPED_FILE} was not written, so it is unknown whether tests were skipped.`);
    return 1;
  }
  const skipped = JSON.parse(readFileSync(SKIPPED_FILE, 'utf8'));
  if (skipped.length === 0) return 0;
  const why = serverUrl
    ? 'No browser test may skip (issue 40): make each one pass or fail.'
    : `The test server did not start (${process.env.SKIP_TEST_SERVER === '1' ? 'SKIP_TEST_SERVER=1' : 'no server URL'}); the tests below need it ` +
      '(or skipped for another reason, which no browser test may). Run them with the server, or leave their files out.';
  console.error(`\n[test-browser] FAILED: ${skipped.length} browser test(s) skipped. ${why}`);
  for (const { file, test } of skipped) console.error(`  skipped: ${sourceOf(file)}: ${test}`);
  console.error(`[test-browser] ${skipped.length} skipped`);
  return 1;
}

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, WTR_PORT: String(WTR_PORT) } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Vite's `?inline` CSS imports (a stylesheet's text, for a shadow root), for esbuild. */
const inlineCss = {
  name: 'inline-css',
  setup(b) {
    b.onResolve({ filter: /\.css\?inline$/ }, async (args) => {
      const found = await b.resolve(args.path.slice(0, -'?inline'.length), { kind: args.kind, resolveDir: args.resolveDir });
      return found.errors.length ? { errors: found.errors } : { path: found.path, namespace: 'inline-css' };
    });
    b.onLoad({ filter: /.*/, namespace: 'inline-css' }, (args) => ({ contents: readFileSync(args.path, 'utf8'), loader: 'text' }));
  },
};

let server;
let code = 1;
try {
  let serverUrl = '';
  if (process.env.SKIP_TEST_SERVER === '1') {
    console.log('SKIP_TEST_SERVER=1: no test server. A test that needs it skips, and any skipped test fails this run.');
  } else if (existsSync(SERVER_ENTRY)) {
    server = startServer();
    serverUrl = await server.url;
    console.log(`Test server at ${serverUrl}`);
  } else {
    throw new Error(`${SERVER_ENTRY} not found: the test server cannot start (set SKIP_TEST_SERVER=1 to run stub-only files without it).`);
  }

  rmSync(BUILD_DIR, { recursive: true, force: true });
  const only = process.argv.slice(2);
  await build({
    entryPoints: only.length ? only : ['tests/browser/**/*.test.tsx'],
    bundle: true,
    format: 'esm',
    outdir: BUILD_DIR,
    outbase: 'tests/browser',
    jsx: 'automatic',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [inlineCss],
    // @sinonjs/fake-timers reaches for node's util only when it runs under node (a `process` global); in the page it never does.
    external: ['util'],
    define: {
      'process.env.NODE_ENV': '"development"',
      __CAREWEAVE_URL__: JSON.stringify(serverUrl),
    },
  });

  writeRunConfig();
  code = await run(process.execPath, ['node_modules/@web/test-runner/dist/bin.js', '--config', RUN_CONFIG]);
  if (checkNothingSkipped(serverUrl) !== 0) code = 1;
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  code = 1;
} finally {
  await stopServer(server?.child);
}
process.exit(code);
