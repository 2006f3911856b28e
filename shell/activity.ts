import { nowMs } from '../shared/clock';
import { sessionState } from './session-clock';

/** Shared by all tabs of the origin, so activity in one tab keeps the others alive. */
export const LAST_ACTIVITY_KEY = 'careweave.lastActivity';

export function readLastActivity(): number | null {
  const raw = localStorage.getItem(LAST_ACTIVITY_KEY);
  const n = raw === null ? NaN : Number(raw);
  return Number.isFinite(n) ? n : null;
}

/** Refreshes the stamp unconditionally: sign-in, division switch and "Yes, I am still active". */
export function confirmActivity(now = nowMs()): void {
  localStorage.setItem(LAST_ACTIVITY_KEY, String(now));
}

/**
 * Passive activity (mouse, keys, successful API calls) only counts while no
 * warning is showing: otherwise a stray mouse move would dismiss "Are you
 * still active?" without the user answering it.
 */
export function recordActivity(now = nowMs()): void {
  const last = readLastActivity();
  if (last !== null && sessionState(last, now).kind !== 'active') return;
  confirmActivity(now);
}

// Writing localStorage on every mousemove would be wasteful; a second's precision is plenty for a 50-minute rule.
const THROTTLE_MS = 1000;
const EVENTS = ['mousemove', 'keydown', 'click', 'scroll'] as const;

export function watchUserActivity(): () => void {
  let lastWrite = 0;
  const onActivity = () => {
    const now = nowMs();
    if (now - lastWrite < THROTTLE_MS) return;
    lastWrite = now;
    recordActivity(now);
  };
  for (const e of EVENTS) window.addEventListener(e, onActivity, { passive: true, capture: true });
  return () => {
    for (const e of EVENTS) window.removeEventListener(e, onActivity, { capture: true });
  };
}
