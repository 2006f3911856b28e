import { execFileSync } from 'node:child_process';
import { chromeLauncher } from '@web/test-runner-chrome';

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

/**
 * scripts/test-dates.mjs runs the suite under libfaketime at a faked date.
 * Chromium does not run well under it (its many threads read the clock all
 * the time), so it runs on the real clock and the test page's Date is moved
 * by the same offset instead: the page, the test server and its PostgreSQL
 * then agree on the faked day.
 */
const CLOCK_OFFSET_MS = Number(process.env.CAREWEAVE_CLOCK_OFFSET_MS ?? 0);
const shiftedDate = `(() => {
  const RealDate = Date, offset = ${CLOCK_OFFSET_MS};
  class ShiftedDate extends RealDate {
    constructor(...args) { if (args.length === 0) super(RealDate.now() + offset); else super(...args); }
    static now() { return RealDate.now() + offset; }
  }
  globalThis.Date = ShiftedDate;
})();`;
const chromiumEnv = () => {
  const env = { ...process.env };
  delete env.LD_PRELOAD;
  delete env.FAKETIME;
  return env;
};

// Tests are pre-bundled by scripts/test-browser.mjs: React 19's CommonJS entries defeat wtr's own resolution.
export default {
  ...(CLOCK_OFFSET_MS && {
    testRunnerHtml: (testFramework) => `<html><head><script>${shiftedDate}</script></head><body><script type="module" src="${testFramework}"></script></body></html>`,
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
