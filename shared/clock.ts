/**
 * The one "now" of the server and the widgets. Lifetimes, windows, "today"
 * and every default date are read from here, so a test moves this clock
 * (past a code's ten minutes, to a month's last day) instead of editing rows
 * or computing today beside the code: both then agree, even across midnight.
 * The clock keeps running; a test only shifts it. (As a dayjs: `dayjs(nowMs())`;
 * this module imports nothing, so the first load carries none of it.)
 */
let offsetMs = 0;

export const nowMs = (): number => Date.now() + offsetMs;
export const now = (): Date => new Date(nowMs());

/** Tests: moves now by `ms` (negative moves it back). */
export function moveClock(ms: number): void {
  offsetMs += ms;
}

/** Tests: now is `at` from this moment on, and runs from there. */
export function setClock(at: Date | number): void {
  offsetMs = +at - Date.now();
}

/** Tests: back to the machine's time. */
export function resetClock(): void {
  offsetMs = 0;
}

/** How far now is from the machine's time, in whole seconds: for a library that reads Date.now() itself (openid-client's clockSkew). */
export const realSkewSeconds = (): number => Math.round(offsetMs / 1000);
