import type { Db } from '../db/connect';
import { claimDue, markDelivered, markFailedAttempt } from './outbox.repository';
import type { Transport } from './transports';

export interface OutboxWorker {
  /** Delivers what is due now; resolves with how many were delivered. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** Polls the outbox; several processes may run one each (claims use SKIP LOCKED). */
export function startOutboxWorker(db: Db, transport: Transport, intervalMs = 2000): OutboxWorker {
  let running: Promise<number> | null = null;
  const runOnce = () =>
    (running ??= (async () => {
      let delivered = 0;
      try {
        for (const message of await claimDue(db, 20)) {
          try {
            await transport.send({ outboxUid: message.outbox_uid, channel: message.channel, recipient: message.recipient, subject: message.subject, body: message.body });
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
