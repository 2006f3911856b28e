import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { badRequest } from '../errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[A-Za-z0-9_-]{16,100}$/;

export interface Stored {
  status: number;
  body: unknown;
}

/**
 * Runs a public submit at most once per (form, Idempotency-Key). The key row
 * is inserted first in the transaction that writes the record, so a double
 * click or a retry after a dropped connection waits for the first attempt and
 * then gets its answer again; a failed attempt rolls back and may be retried.
 */
export async function onceOnly(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  handler: (trx: Db) => Promise<Stored>,
): Promise<FastifyReply> {
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (typeof key !== 'string' || !KEY.test(key)) throw badRequest('An Idempotency-Key header (16 to 100 letters, digits, - or _) is required');
  const result = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('idempotent_request')
      .values({ scope, key, status: 0, body: '{}' })
      .onConflict((oc) => oc.doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) {
      const previous = await trx.selectFrom('idempotent_request').select(['status', 'body']).where('scope', '=', scope).where('key', '=', key).executeTakeFirstOrThrow();
      return { status: previous.status, body: previous.body, replayed: true };
    }
    const answer = await handler(trx as unknown as Db);
    await trx
      .updateTable('idempotent_request')
      .set({ status: answer.status, body: JSON.stringify(answer.body) })
      .where('scope', '=', scope)
      .where('key', '=', key)
      .execute();
    return { ...answer, replayed: false };
  });
  if (result.replayed) void reply.header('idempotent-replayed', 'true');
  return reply.status(result.status).send(result.body);
}

/** Keys only need to outlive any retry; a day is plenty. */
export async function pruneIdempotentRequests(db: Db): Promise<void> {
  await db.deleteFrom('idempotent_request').where('created_at', '<', sql<Date>`now() - interval '1 day'`).execute();
}

