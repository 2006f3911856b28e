/// <reference lib="webworker" />
import { Queue } from 'workbox-background-sync';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { nowMs } from '../../shared/clock';
import { KEPT_ANSWERED, KEPT_MINUTES, noteSubmission, savedOnDeviceBody, SEND_KEPT, SUBMISSIONS_QUEUE } from '../../shared/offline-submissions';
import { isOfflinePage, isPublicList, isPublicSubmission } from '../../shared/offline-paths';

/**
 * Issue 39: the public forms work with no signal. Workbox precaches what a
 * public form needs to start (the build step picks it, scripts/offline-precache.ts),
 * answers a public form's page from that cache when the network does not,
 * keeps the reference lists a form last loaded, and keeps a submission sent
 * with no connection in its Background Sync queue. Staff pages and staff data
 * never pass through a cache here.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
// Only the files themselves: '/' is never answered with a precached page, and no path gains '.html'.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });

// A slow network is waited for a little, then the copy on the device is shown: the same page, one release old at most.
const pageFromNetwork = new NetworkOnly({ networkTimeoutSeconds: 4 });
registerRoute(
  ({ url, request }) => request.mode === 'navigate' && url.origin === self.location.origin && isOfflinePage(url.pathname),
  async (options) => {
    try {
      return await pageFromNetwork.handle(options);
    } catch {
      return (await matchPrecache('public.html')) ?? Response.error();
    }
  },
);

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && isPublicList(url.pathname),
  new NetworkFirst({
    cacheName: 'careweave-public-lists',
    networkTimeoutSeconds: 4,
    // An officer's code travels as a header: the lists are the same for every code, and a code is never a cache key.
    matchOptions: { ignoreVary: true },
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: KEPT_MINUTES * 60 })],
  }),
);

/** The answers to kept submissions reach the open pages of their form at once. */
async function tellPages(): Promise<void> {
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: KEPT_ANSWERED });
}

/** An answer that says "later" (the server restarting, a limit): the submission stays kept for the next try. */
const tryAgainLater = (status: number) => status === 429 || status >= 500;

/** Sends every kept submission, oldest first, and records each answer; one still unsent stays for the next try. */
async function sendKept(): Promise<void> {
  let answered = false;
  try {
    for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
      const copy = entry.request.clone();
      let response: Response;
      try {
        response = await fetch(entry.request.clone());
        if (tryAgainLater(response.status)) throw new Error(`HTTP ${response.status}`);
      } catch (err) {
        await queue.unshiftRequest(entry);
        throw err;
      }
      const answer = { status: response.status, text: await response.text(), ...(response.ok ? {} : { sent: await copy.text() }) };
      await noteSubmission({ key: entry.request.headers.get('idempotency-key') ?? '', answer });
      answered = true;
    }
  } finally {
    if (answered) await tellPages();
  }
}

// One send at a time: Background Sync, a page back online and a page opened may all ask at once.
let sending: Promise<void> | null = null;
const sendOnce = () => (sending ??= sendKept().finally(() => (sending = null)));
// Background Sync's failure (a throw) has the browser try again later; Workbox sends the queue when the worker starts where there is none.
const queue = new Queue(SUBMISSIONS_QUEUE, { maxRetentionTime: KEPT_MINUTES, onSync: sendOnce });

registerRoute(
  ({ url, request }) => request.method === 'POST' && url.origin === self.location.origin && isPublicSubmission(url.pathname) && request.headers.has('idempotency-key'),
  async ({ request }) => {
    const kept = request.clone();
    try {
      return await fetch(request);
    } catch {
      const key = kept.headers.get('idempotency-key')!;
      await queue.pushRequest({ request: kept });
      await noteSubmission({ key, queuedAt: nowMs() });
      return new Response(savedOnDeviceBody(key), { status: 202, headers: { 'content-type': 'application/json' } });
    }
  },
  'POST',
);

// An open page asks too (SEND_KEPT): on opening, when back online, and every KEPT_RETRY_MS while something waits.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SEND_KEPT) event.waitUntil(sendOnce().catch(() => undefined));
});
