/**
 * scripts/test-dates.mjs runs the suites under libfaketime at a faked date.
 * Chromium does not run well under it (its many threads read the clock all
 * the time), so it runs on the real clock and each page's Date is moved by
 * the same offset instead: the page, the test server and its PostgreSQL then
 * agree on the faked day. Used by web-test-runner.config.mjs and the e2e harness.
 */
export const CLOCK_OFFSET_MS = Number(process.env.CAREWEAVE_CLOCK_OFFSET_MS ?? 0);

/** A script run first in every page: Date, moved by the offset. */
export const shiftedDateScript = `(() => {
  const RealDate = Date, offset = ${CLOCK_OFFSET_MS};
  class ShiftedDate extends RealDate {
    constructor(...args) { if (args.length === 0) super(RealDate.now() + offset); else super(...args); }
    static now() { return RealDate.now() + offset; }
  }
  globalThis.Date = ShiftedDate;
})();`;

/** The environment for Chromium: libfaketime left out. */
export function chromiumEnv() {
  const env = { ...process.env };
  delete env.LD_PRELOAD;
  delete env.FAKETIME;
  return env;
}
