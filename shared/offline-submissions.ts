import { openDB, type DBSchema } from 'idb';

/**
 * Issue 39: a public form's submission sent with no connection. The service
 * worker (shell/offline/sw.ts) keeps the request itself in Workbox's queue and
 * sends it when the network is back; this store is what the page and the
 * worker say to each other about it, by its Idempotency-Key: which form it
 * came from (written by the page) and the server's answer once there is one
 * (written by the worker). The page reads the answer, shows the real
 * confirmation, and forgets the record.
 */
export interface KeptSubmission {
  key: string;
  /** The form's id (useIdempotentSubmit's formId): which page shows the answer. */
  form?: string;
  queuedAt?: number;
  /** The server's answer; with a refusal, also what was sent, so the form can show it again to be corrected. */
  answer?: { status: number; text: string; sent?: string };
}

/** The body the worker answers a submission it kept: no server answer has this key. */
export const SAVED_ON_DEVICE = 'savedOnDevice';
/** The page asks the worker to send what it keeps (on open, when back online). */
export const SEND_KEPT = 'careweave:send-kept';
/** The worker tells its pages an answer arrived. */
export const KEPT_ANSWERED = 'careweave:kept-answered';
/** Background Sync's tag and Workbox's queue name. */
export const SUBMISSIONS_QUEUE = 'careweave-submissions';
/** How long a submission is kept for sending, and an answer nobody read, in minutes. */
export const KEPT_MINUTES = 7 * 24 * 60;

interface OfflineDb extends DBSchema {
  submissions: { key: string; value: KeptSubmission };
}

const database = () =>
  openDB<OfflineDb>('careweave-offline', 1, {
    upgrade(db) {
      db.createObjectStore('submissions', { keyPath: 'key' });
    },
  });

/** Adds to what is known of one submission (the page and the worker each write their part, in either order). */
export async function noteSubmission(part: KeptSubmission): Promise<void> {
  const db = await database();
  const tx = db.transaction('submissions', 'readwrite');
  const known = await tx.store.get(part.key);
  await tx.store.put({ ...known, ...part });
  await tx.done;
}

/** A form's kept submissions, dropping those older than KEPT_MINUTES (a device left unused). */
export async function submissionsOf(form: string, nowMs: number): Promise<KeptSubmission[]> {
  const db = await database();
  const all = await db.getAll('submissions');
  const stale = all.filter((s) => s.queuedAt !== undefined && nowMs - s.queuedAt > KEPT_MINUTES * 60_000);
  await Promise.all(stale.map((s) => db.delete('submissions', s.key)));
  return all.filter((s) => s.form === form && !stale.includes(s));
}

export async function forgetSubmission(key: string): Promise<void> {
  await (await database()).delete('submissions', key);
}

/** What the worker answers a page whose submission it kept: a 202 the page reads as "saved on this device". */
export const savedOnDeviceBody = (key: string) => JSON.stringify({ [SAVED_ON_DEVICE]: { key } });

export const isSavedOnDevice = (answer: unknown): answer is Record<typeof SAVED_ON_DEVICE, { key: string }> =>
  typeof answer === 'object' && answer !== null && SAVED_ON_DEVICE in answer;
