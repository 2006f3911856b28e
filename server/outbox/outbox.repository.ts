import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { sqlNow } from '../db/clock';

/** E-mail, text, FHIR REST-hook notifications and referrals sent by FHIR (issue 35): one queue, one retry rule. */
export type OutboxChannel = 'email' | 'sms' | 'rest-hook' | 'fhir-referral' | 'fhir-referral-update';

export interface OutgoingMessage {
  channel: OutboxChannel;
  recipient: string;
  subject?: string;
  body: string;
}

/**
 * Call with the same transaction that writes the record causing the message:
 * the message exists exactly when the record does, and survives a restart.
 */
export async function enqueueMessage(db: Db, message: OutgoingMessage): Promise<string> {
  const row = await db
    .insertInto('outbox')
    .values({ channel: message.channel, recipient: message.recipient, subject: message.subject ?? null, body: message.body, last_error: null, delivered_at: null })
    .returning('outbox_uid')
    .executeTakeFirstOrThrow();
  return row.outbox_uid;
}

/**
 * Claims due messages for this process. Claiming pushes `deliver_after` out by
 * a back-off, so a process that dies mid-delivery leaves them to be retried.
 */
export async function claimDue(db: Db, limit: number, channels: readonly OutgoingMessage['channel'][]) {
  if (channels.length === 0) return [];
  const result = await sql<{ outbox_uid: string; channel: OutboxChannel; recipient: string; subject: string | null; body: string; attempts: number; created_at: Date }>`
    update outbox set attempts = attempts + 1,
                      deliver_after = ${sqlNow()} + make_interval(secs => least(3600, 15 * power(2, attempts)))
     where outbox_uid in (
       select outbox_uid from outbox
        where status = 'pending' and deliver_after <= ${sqlNow()} and channel in (${sql.join(channels)})
        order by created_at
        limit ${limit}
        for update skip locked)
    returning outbox_uid, channel, recipient, subject, body, attempts, created_at`.execute(db);
  // RETURNING keeps no order: sent oldest first, so a Task's accepted reaches its subscriber before its completed.
  return result.rows.sort((a, b) => +a.created_at - +b.created_at);
}

export const MAX_ATTEMPTS = 8;

export async function markDelivered(db: Db, outboxUid: string): Promise<void> {
  await db.updateTable('outbox').set({ status: 'delivered', delivered_at: sqlNow(), last_error: null }).where('outbox_uid', '=', outboxUid).execute();
}

export async function markFailedAttempt(db: Db, outboxUid: string, attempts: number, error: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ last_error: error.slice(0, 500), status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending' })
    .where('outbox_uid', '=', outboxUid)
    .execute();
}

export async function recentMessages(db: Db, limit = 100) {
  return db.selectFrom('outbox').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
}
