import { gets } from '../../shared/api/client';
import { isOfflinePage, noteLoadedList, takeLoadedLists } from '../../shared/offline-paths';

/**
 * Issue 39: a public form's page installs the service worker (sw.ts), so the
 * form opens and sends with no connection the next time. It is the same
 * worker for the whole site, but it serves only the public forms' pages, lists
 * and submissions from the device: staff pages pass through untouched.
 * When the worker first takes control, the lists the form loaded before it
 * are asked for again through it, to be kept. Loaded by a public page only,
 * so the staff shell's first load does not carry it.
 */
export function registerOfflineForms(path: string): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator) || !isOfflinePage(path)) return;
  gets.observe = noteLoadedList;
  if (!navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        for (const [url, headers] of takeLoadedLists()) void fetch(url, { headers, credentials: 'include' }).catch(() => undefined);
      },
      { once: true },
    );
  }
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}
