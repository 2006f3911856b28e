import { waitFor } from './dom';

/**
 * FullCalendar resizes itself from a ResizeObserver; Chromium then reports
 * "ResizeObserver loop completed with undelivered notifications" to
 * window.onerror, which mocha counts as a failure. The notice is harmless
 * (the next frame delivers them), so calendar tests let it pass.
 */
export function ignoreResizeObserverLoop(): void {
  const mochaHandler = window.onerror;
  window.onerror = (message, ...rest) => (/ResizeObserver loop/.test(String(message)) ? true : mochaHandler?.call(window, message, ...rest) ?? false);
}

export const calendarEvents = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>('.care-event')];

/** Events drawn plus those folded into "+N more" links: everything in the visible range. */
export function shownCount(root: ParentNode): number {
  const more = [...root.querySelectorAll('[aria-haspopup="dialog"]')].map((el) => Number(/\+(\d+)/.exec(el.textContent ?? '')?.[1] ?? 0));
  return calendarEvents(root).length + more.reduce((a, b) => a + b, 0);
}

export const calendarTitle = (root: ParentNode) => root.querySelector('[role="heading"][aria-level="2"]')?.textContent?.trim() ?? '';

/** Waits until a fetch has settled: not busy, and either events or the empty text. */
export async function settled(root: ParentNode, message = 'the calendar to load'): Promise<void> {
  await waitFor(() => {
    const view = root.querySelector('.calendar-view');
    return view && view.getAttribute('aria-busy') === 'false' && root.querySelector('[role="table"], [role="grid"], table');
  }, { timeout: 10000, message });
}
