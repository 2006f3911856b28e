import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { cameOverHttps } from './context';
import { hashToken } from './sessions.repository';
import { sqlNow } from '../db/clock';

export const DEVICE_COOKIE = 'careweave_device';
const TRUST_DAYS = 90;

/**
 * Whether this sign-in attempt comes from a browser (its device cookie) or an
 * address this user signed in from successfully in the last 90 days. Such an
 * attempt is not held back by failures on the same user name from elsewhere,
 * so a stranger's guessing cannot lock the real user out of their usual place.
 */
export async function isTrustedClient(db: Db, userUid: string, request: FastifyRequest): Promise<boolean> {
  const token = request.cookies?.[DEVICE_COOKIE];
  const row = await db
    .selectFrom('trusted_device')
    .select('token_hash')
    .where('user_uid', '=', userUid)
    .where((eb) => eb.or([eb('address', '=', request.ip), ...(token ? [eb('token_hash', '=', hashToken(token))] : [])]))
    .where('last_used_at', '>', sql<Date>`${sqlNow()} - make_interval(days => ${TRUST_DAYS})`)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** After a successful sign-in: remember this browser (a long-lived cookie only the sign-in call receives) and address. */
export async function trustClient(db: Db, userUid: string, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const presented = request.cookies?.[DEVICE_COOKIE];
  if (presented) {
    const updated = await db
      .updateTable('trusted_device')
      .set({ address: request.ip, last_used_at: sqlNow() })
      .where('token_hash', '=', hashToken(presented))
      .where('user_uid', '=', userUid)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return;
  }
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insertInto('trusted_device').values({ token_hash: hashToken(token), user_uid: userUid, address: request.ip }).execute();
  void reply.setCookie(DEVICE_COOKIE, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: cameOverHttps(request),
    maxAge: TRUST_DAYS * 24 * 3600,
  });
}

export async function pruneTrustedClients(db: Db): Promise<void> {
  await db.deleteFrom('trusted_device').where('last_used_at', '<', sql<Date>`${sqlNow()} - make_interval(days => ${TRUST_DAYS})`).execute();
}
