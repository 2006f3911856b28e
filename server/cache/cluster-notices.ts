import crypto from 'node:crypto';
import pg from 'pg';

/**
 * Issue 36 section 1: what one process changes that others keep in memory
 * (reference rows, session rows) is announced to every process on the same
 * PostgreSQL through LISTEN/NOTIFY, so an administrator's change or a
 * sign-out is seen by all of them at once, not after a cache's lifetime.
 * One client of its own listens and sends (never a pooled connection a
 * request could be waiting for). A notice is a hint to drop a cache: one
 * that is lost (the listener reconnecting) only means the cache's own
 * short lifetime decides, and every cache is dropped after a reconnect.
 */
export type Notice = { kind: 'reference' } | { kind: 'sessions'; ids: string[]; ended: boolean };

const CHANNEL = 'careweave_cache';
/** NOTIFY payloads stop at 8,000 bytes: session ids (43 characters) go in groups. */
const IDS_PER_NOTICE = 100;
const RECONNECT_MS = 1000;
/** A connect to a host that does not answer (no refusal either) would otherwise wait for the OS's TCP timeout, minutes without notices. */
const CONNECT_TIMEOUT_MS = 5000;
const self = crypto.randomUUID();

/** The connected listeners' senders (one per server; several only when tests run servers side by side in one process). */
const senders = new Set<(payload: string) => void>();

/** Tells the other processes; nothing happens before a listener has started (a command-line tool, a test without one). */
export function announce(notice: Notice): void {
  const send = senders.values().next().value;
  if (!send) return;
  if (notice.kind === 'sessions') {
    for (let i = 0; i < notice.ids.length; i += IDS_PER_NOTICE) send(JSON.stringify({ from: self, ...notice, ids: notice.ids.slice(i, i + IDS_PER_NOTICE) }));
  } else send(JSON.stringify({ from: self, ...notice }));
}

export interface NoticeListener {
  stop(): Promise<void>;
}

/**
 * Listens for the other processes' notices and applies each with `apply`
 * (this process's own are skipped: it applied them when it sent them).
 * `onReconnect` runs when a lost connection is back, since notices sent
 * meanwhile were missed.
 */
export async function listenForNotices(connectionString: string, apply: (notice: Notice) => void, onReconnect: () => void): Promise<NoticeListener> {
  let client: pg.Client | null = null;
  let send: ((payload: string) => void) | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const unplug = () => {
    if (send) senders.delete(send);
    send = null;
  };

  const connect = async (again: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    next.on('error', () => {
      if (client !== next || stopped) return;
      client = null;
      unplug();
      void next.end().catch(() => {});
      retry = setTimeout(() => void connect(true).catch(() => undefined), RECONNECT_MS);
      retry.unref();
    });
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const { from, ...notice } = JSON.parse(message.payload) as Notice & { from: string };
        if (from !== self) apply(notice as Notice);
      } catch {
        // Not ours to read.
      }
    });
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
    } catch (err) {
      void next.end().catch(() => {});
      if (!again || stopped) throw err;
      retry = setTimeout(() => void connect(true).catch(() => undefined), RECONNECT_MS);
      retry.unref();
      return;
    }
    // Stopped while this reconnect was under way: its connection would keep the process alive.
    if (stopped) return void next.end().catch(() => {});
    client = next;
    send = (payload) => void next.query('select pg_notify($1, $2)', [CHANNEL, payload]).catch(() => undefined);
    senders.add(send);
    if (again) onReconnect();
  };

  await connect(false);
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      unplug();
      await client?.end().catch(() => {});
    },
  };
}
