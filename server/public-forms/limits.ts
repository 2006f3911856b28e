import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connect';
import { tooMany } from '../errors';
import { addHit, countHits } from '../security/rate-limit';

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
 * token) per client address and per value, and refuses with a clear 429 past
 * the limit. Counters live in PostgreSQL so every server process shares them.
 */
export async function countAttempt(db: Db, request: FastifyRequest, limit: Limit, value: string): Promise<void> {
  const buckets = [`${limit.name}:addr:${request.ip}`, `${limit.name}:value:${value.toLowerCase()}`];
  const [byAddress, byValue] = await Promise.all(buckets.map((b) => countHits(db, b, limit.windowSeconds)));
  if (byAddress >= limit.perAddress || byValue >= limit.perValue) {
    throw tooMany(limit.windowSeconds, `Too many attempts. Please wait ${Math.ceil(limit.windowSeconds / 60)} minutes and try again.`);
  }
  await Promise.all(buckets.map((b) => addHit(db, b)));
}
