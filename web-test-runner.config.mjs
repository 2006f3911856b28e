import { execFileSync } from 'node:child_process';
import { chromeLauncher } from '@web/test-runner-chrome';
import { CLOCK_OFFSET_MS, chromiumEnv, shiftedDateScript } from './scripts/shifted-date.mjs';

/** CHROME_PATH, else the `chromium` on PATH (TOOLCHAIN.md: no test tool downloads its own browser). */
function chromiumPath() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  try {
    return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).trim().split('\n')[0];
  } catch {
    throw new Error('No Chromium found: install it (apt-get install -y chromium) or set CHROME_PATH.');
  }
}

/** Fixed so the test server can allow this origin through CORS (scripts/test-browser.mjs). */
export const WTR_PORT = Number(process.env.WTR_PORT ?? 8765);

// Tests are pre-bundled by scripts/test-browser.mjs: React 19's CommonJS entries defeat wtr's own resolution.
export default {
  ...(CLOCK_OFFSET_MS && {
    testRunnerHtml: (testFramework) => `<html><head><script>${shiftedDateScript}</script></head><body><script type="module" src="${testFramework}"></script></body></html>`,
  }),
  files: ['.wtr-build/**/*.test.js'],
  nodeResolve: false,
  port: WTR_PORT,
  concurrency: 1,
  testFramework: { config: { timeout: 20000 } },
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: chromiumPath(),
        ...(CLOCK_OFFSET_MS && { env: chromiumEnv() }),
        args: ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      },
    }),
  ],
};
