import { SESSION_TIMEOUT_MS, SESSION_WARNING_MS } from '../shared/constants';

export type SessionClock =
  | { kind: 'active' }
  | { kind: 'warning'; remainingMs: number }
  | { kind: 'expired' };

/** Spec 002 "Session": pure so the 50/60-minute rule is testable without waiting. */
export function sessionState(lastActivity: number, now: number): SessionClock {
  const idle = now - lastActivity;
  if (idle >= SESSION_TIMEOUT_MS) return { kind: 'expired' };
  if (idle >= SESSION_WARNING_MS) return { kind: 'warning', remainingMs: SESSION_TIMEOUT_MS - idle };
  return { kind: 'active' };
}

/** "mm:ss" as the dialog text shows it; rounds up so 0:00 is never shown before expiry. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const mm = String(Math.floor(total / 60)).padStart(2, '0');
  const ss = String(total % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}
