import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { foldedTransaction, literal, type Db } from '../db/connect';
import { badRequest, HttpError } from '../errors';
import { sqlNow } from '../db/clock';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[A-Za-z0-9_-]{16,100}$/;

export interface Stored {
  status: number;
  body: unknown;
  /**
   * Added to the first answer's `meta` and never stored (a new access code,
   * shown once): a replay answers without it.
   */
  firstOnly?: Record<string, unknown>;
}

/**
 * Whose keys these are. A signed-in user's keys are their own (stored as
 * `<user id>:<key>`, which no sent key can spell, since ':' is not allowed in
 * one): another user sending the same key never waits on, learns of, blocks
 * or receives the first user's request. Callers without a session share one
 * space, told apart by the fingerprint's credentials.
 */
function storedKey(request: FastifyRequest, key: string): string {
  return request.auth ? `${request.auth.userUid}:${key}` : key;
}

/**
 * On whose behalf the request is sent: the signed-in user and the division
 * their session acts in, never the session token itself (a new sign-in gives a
 * new token, and its retry must replay), plus the credentials a public form
 * carries instead of a session: an agency code in Authorization, a
 * registration token. A Bearer Authorization or the session cookie is a
 * session: without a live one it identifies nobody.
 */
function caller(request: FastifyRequest): string[] {
  const authorization = request.headers.authorization ?? '';
  return [
    request.auth ? `${request.auth.userUid}/${request.auth.divisionUid}` : '',
    authorization.startsWith('Bearer ') ? '' : authorization,
    String(request.headers['x-registration-token'] ?? ''),
  ];
}

/**
 * What the request asks for: path, body and who sends it. A key sent again
 * with a different fingerprint is another request, not a retry.
 */
function fingerprint(request: FastifyRequest): string {
  const hash = crypto.createHash('sha256').update(`${request.method} ${request.url}\u0000${JSON.stringify(request.body ?? null)}`);
  for (const part of caller(request)) hash.update(`\u0000${part}`);
  return hash.digest('base64url');
}

/**
 * Runs a submit at most once per (form, caller's Idempotency-Key). The key row
 * is inserted first in the transaction that writes the record (with its
 * BEGIN, and the answer with its COMMIT: foldedTransaction), so a double
 * click or a retry after a dropped connection waits for the first attempt and
 * then gets its answer again; a failed attempt rolls back and may be retried.
 * The handler gets that transaction and must do all its work in it: asking
 * the pool for another connection while holding this one is refused.
 * A handler may return a 4xx answer on purpose (to keep a counted wrong try):
 * it is stored and replayed like any other.
 */
export async function onceOnly(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  handler: (trx: Db) => Promise<Stored>,
): Promise<FastifyReply> {
  return sendOnce(reply, await runOnce(db, request, scope, handler));
}

/** The answer of a submit run at most once, before it is sent. */
export type OnceAnswer = Stored & { replayed: boolean };

/**
 * onceOnly without the sending: for a caller that must finish its own
 * clean-up (an upload's temporary file) before the client sees the answer.
 */
export async function runOnce(db: Db, request: FastifyRequest, scope: string, handler: (trx: Db) => Promise<Stored>): Promise<OnceAnswer> {
  const sent = request.headers[IDEMPOTENCY_HEADER];
  if (typeof sent !== 'string' || !KEY.test(sent)) throw badRequest('An Idempotency-Key header (16 to 100 letters, digits, - or _) is required');
  const key = storedKey(request, sent);
  const requestHash = fingerprint(request);
  const row = `scope = ${literal(scope)} and key = ${literal(key)}`;
  const claim = `insert into idempotent_request (scope, key, request_hash, status, body) values (${literal(scope)}, ${literal(key)}, ${literal(requestHash)}, 0, '{}')
                 on conflict do nothing returning key`;
  const result = await foldedTransaction(db, claim, async (trx, claimed) => {
    if (!claimed.length) {
      const previous = await trx
        .selectFrom('idempotent_request')
        .select(['status', 'body', 'request_hash'])
        .where('scope', '=', scope)
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      if (previous.request_hash !== requestHash) {
        throw new HttpError(422, [{ message: 'This Idempotency-Key was already used for a different request. Send a new key with a new request.' }]);
      }
      return { result: { status: previous.status, body: previous.body, replayed: true } };
    }
    const answer = await handler(trx);
    return {
      result: { ...answer, replayed: false },
      last: `update idempotent_request set status = ${Number(answer.status)}, body = ${literal(JSON.stringify(answer.body))} where ${row}`,
    };
  });
  return result;
}

export function sendOnce(reply: FastifyReply, answer: OnceAnswer): FastifyReply {
  if (answer.replayed) void reply.header('idempotent-replayed', 'true');
  const first = answer.firstOnly;
  const body = first ? { ...(answer.body as Record<string, unknown>), meta: { ...((answer.body as { meta?: object }).meta ?? {}), ...first } } : answer.body;
  return reply.status(answer.status).send(body);
}

/** Keys only need to outlive any retry; a day is plenty. */
export const IDEMPOTENCY_KEEP_HOURS = 24;

export async function pruneIdempotentRequests(db: Db): Promise<void> {
  await db.deleteFrom('idempotent_request').where('created_at', '<', sql<Date>`${sqlNow()} - make_interval(hours => ${IDEMPOTENCY_KEEP_HOURS})`).execute();
}
