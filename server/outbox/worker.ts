import type { Db } from '../db/connect';
import { claimDue, markDelivered, markFailedAttempt } from './outbox.repository';
import type { Delivery, Transports } from './transports';

export interface OutboxWorker {
  /** Delivers what is due now; resolves with how many were delivered. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** Polls the outbox for the channels it has transports for; several processes may run one each (claims use SKIP LOCKED). */
export function startOutboxWorker(db: Db, transports: Transports, intervalMs = 2000): OutboxWorker {
  const channels = Object.keys(transports) as Delivery['channel'][];
  let running: Promise<number> | null = null;
  const runOnce = () =>
    (running ??= (async () => {
      let delivered = 0;
      try {
        for (const message of await claimDue(db, 20, channels)) {
          try {
            await transports[message.channel]!.send({ outboxUid: message.outbox_uid, channel: message.channel, recipient: message.recipient, subject: message.subject, body: message.body });
            await markDelivered(db, message.outbox_uid);
            delivered += 1;
          } catch (err) {
            await markFailedAttempt(db, message.outbox_uid, message.attempts, (err as Error).message ?? String(err));
          }
        }
      } finally {
        running = null;
      }
      return delivered;
    })());
  const timer = setInterval(() => void runOnce().catch(() => {}), intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => 0);
    },
  };
}
