import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import type { Server } from 'socket.io';

/** How long a starting process waits for Redis before it serves without it. */
const BOOT_WAIT_MS = 3000;

export interface SharedRooms {
  close(): void;
}

/** The address as logged: a password in REDIS_URL stays out of the log. */
function shown(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/**
 * The adapter sends some commands without waiting for their answer (a
 * broadcast's PUBLISH, the UNSUBSCRIBEs of its close()). While Redis is away
 * they are refused, and an unhandled refusal would end the process: each
 * answer gets a handler here, while a caller that awaits one still sees it.
 */
function withHandledAnswers<C extends object>(client: C): C {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const answer: unknown = value.apply(target, args);
        if (answer instanceof Promise) answer.catch(() => {});
        return answer;
      };
    },
  });
}

/**
 * Issue 36 section 4: Redis shares socket.io's rooms between processes, and
 * its absence is a fault chat survives. While Redis does not answer, each
 * process still delivers to its own sockets (the adapter's local half), with
 * a warning in the log; the clients reconnect by themselves and sharing
 * resumes when Redis answers again. A process that starts while Redis is
 * away serves on socket.io's in-memory adapter and moves its sockets' rooms
 * to the Redis adapter when Redis first answers.
 */
export async function shareRoomsThroughRedis(io: Server, url: string, appLog: FastifyBaseLogger): Promise<SharedRooms> {
  // The app logs only errors unless LOG_REQUESTS=1; an operator must see these two lines either way.
  const log = appLog.child({}, { level: 'info' });
  const where = shown(url);
  // Refused at once while Redis is away rather than queued: a queue would grow for as long as the
  // outage lasts, then replay stale broadcasts.
  const pub = createClient({ url, disableOfflineQueue: true });
  const sub = pub.duplicate();
  let shared = false;
  let booting = true;
  let outage = false;

  const share = () => {
    shared = true;
    const nsp = io.of('/');
    // The new adapter starts empty: sockets that connected while Redis was away keep their rooms.
    const rooms = new Map(nsp.adapter.sids);
    io.adapter(createAdapter(withHandledAnswers(pub), withHandledAnswers(sub)));
    for (const [id, joined] of rooms) void nsp.adapter.addAll(id, joined);
  };
  const down = () => {
    outage = true;
    log.warn(`Redis at ${where} does not answer: chat reaches only this process's sockets`);
  };
  for (const client of [pub, sub]) {
    // Every failed reconnect attempt is an 'error' too (one every 2 s at most): one warning per outage.
    client.on('error', () => {
      if (!booting && !outage) down();
    });
    client.on('ready', () => {
      if (!pub.isReady || !sub.isReady) return;
      if (!shared) share();
      if (!outage) return;
      outage = false;
      log.info(`Redis at ${where} answers again: chat reaches every process`);
    });
  }

  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, BOOT_WAIT_MS)));
  // Rejected only when close() comes before Redis ever answered.
  const connected = Promise.all([pub.connect(), sub.connect()]).catch(() => {});
  await Promise.race([connected, late]);
  clearTimeout(timer);
  booting = false;
  if (!shared) down();
  return {
    close() {
      pub.destroy();
      sub.destroy();
    },
  };
}
