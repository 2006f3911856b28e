import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connect';
import { tooMany } from '../errors';
import { bucketKey, reserve, type Reservation } from '../security/rate-limit';

export interface Limit {
  /** What is counted, e.g. 'hwc-code'. */
  name: string;
  /** Attempts allowed per window, per client address and per value (code, phone, token). */
  perAddress: number;
  perValue: number;
  windowSeconds: number;
}

/**
 * Counts one attempt against a public check (agency code, registration code,
 * token) per client address and per value, before the check runs, and refuses
 * with a clear 429 past the limit. Counters live in PostgreSQL so every server
 * process shares them. A caller whose attempt turned out valid may give it
 * back (`refund`), so only failures use up the allowance.
 */
export async function countAttempt(db: Db, request: FastifyRequest, limit: Limit, value: string): Promise<Reservation> {
  const reservation = await reserve(
    db,
    [
      { bucket: bucketKey(limit.name, 'addr', request.ip), limit: limit.perAddress },
      { bucket: bucketKey(limit.name, 'value', value.toLowerCase()), limit: limit.perValue },
    ],
    limit.windowSeconds,
  );
  if (!reservation.allowed) throw tooMany(limit.windowSeconds, `Too many attempts. Please wait ${Math.ceil(limit.windowSeconds / 60)} minutes and try again.`);
  return reservation;
}
