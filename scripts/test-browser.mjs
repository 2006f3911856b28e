// Browser tests: start the real server (when its test entry exists and
// SKIP_TEST_SERVER is not 1), pre-bundle tests/browser with esbuild, run
// web-test-runner in Chromium; exit with its code.
// Usage: node scripts/test-browser.mjs [tests/browser/some.test.tsx ...]
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { build } from 'esbuild';

const WTR_PORT = Number(process.env.WTR_PORT ?? 8765);
const SERVER_ENTRY = 'server/testing/serve-for-tests.ts';

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
    console.log('SKIP_TEST_SERVER=1: real-server tests will be skipped.');
  } else if (existsSync(SERVER_ENTRY)) {
    server = startServer();
    serverUrl = await server.url;
    console.log(`Test server at ${serverUrl}`);
  } else {
    console.log(`${SERVER_ENTRY} not found: real-server tests will be skipped.`);
  }

  rmSync('.wtr-build', { recursive: true, force: true });
  const only = process.argv.slice(2);
  await build({
    entryPoints: only.length ? only : ['tests/browser/**/*.test.tsx'],
    bundle: true,
    format: 'esm',
    outdir: '.wtr-build',
    outbase: 'tests/browser',
    jsx: 'automatic',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [inlineCss],
    define: {
      'process.env.NODE_ENV': '"development"',
      __CAREWEAVE_URL__: JSON.stringify(serverUrl),
    },
  });

  code = await run(process.execPath, ['node_modules/@web/test-runner/dist/bin.js', '--config', 'web-test-runner.config.mjs']);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  code = 1;
} finally {
  await stopServer(server?.child);
}
process.exit(code);
