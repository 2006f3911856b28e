import { nowMs } from '../clock';

/**
 * A patient page sends one id with every call it makes, new on each page
 * load: the server writes the "viewed patient" audit entry once per page view
 * instead of once per call.
 */
export const PAGE_VIEW_HEADER = 'x-page-view';

export const newPageViewId = (): string => crypto.randomUUID();

const HANDOFF_PREFIX = 'careweave.page-view.';
// Long enough for a lazy record chunk on a slow line, short enough that a later opening counts again.
const HANDOFF_MS = 30_000;

/**
 * Continue in the search preview records the view and then opens the record:
 * the record carries on the same page view, so one opening is one entry.
 */
export function handOffPageView(patientUid: string, pageViewId: string): void {
  try {
    sessionStorage.setItem(HANDOFF_PREFIX + patientUid, JSON.stringify({ pageViewId, at: nowMs() }));
  } catch {
    // Storage refused (private mode, sandboxed frame): the record counts its own view.
  }
}

/** The last id given out, so that rendering one opening twice (React may start a render over and throw the first away) is still one view. */
let lastTaken: { patientUid: string; pageViewId: string; at: number } | null = null;
const SAME_OPENING_MS = 2_000;

/** The page view handed off for this patient a moment ago, once; otherwise a new one. */
export function takePageView(patientUid: string): string {
  const now = nowMs();
  let pageViewId: string | null = null;
  try {
    const raw = sessionStorage.getItem(HANDOFF_PREFIX + patientUid);
    sessionStorage.removeItem(HANDOFF_PREFIX + patientUid);
    const handed = raw ? (JSON.parse(raw) as { pageViewId?: unknown; at?: unknown }) : null;
    if (handed && typeof handed.pageViewId === 'string' && typeof handed.at === 'number' && now - handed.at < HANDOFF_MS) pageViewId = handed.pageViewId;
  } catch {
    // Unreadable or refused storage: a new page view.
  }
  if (!pageViewId && lastTaken !== null && lastTaken.patientUid === patientUid && now - lastTaken.at < SAME_OPENING_MS) pageViewId = lastTaken.pageViewId;
  lastTaken = { patientUid, pageViewId: pageViewId ?? newPageViewId(), at: now };
  return lastTaken.pageViewId;
}
