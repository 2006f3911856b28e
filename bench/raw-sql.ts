import crypto from 'node:crypto';
import pg from 'pg';
import { PLAN_ONCE, PLANNER_SETTINGS } from '../server/db/connect';

/** A statement a route sent, as the server's connection saw it. */
export interface Statement {
  text: string;
  values: unknown[];
}

export interface Load {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  /** CPU time per request (ms) of the server process and of its own PostgreSQL, when /proc tells (bench/cpu.ts). */
  serverCpuMs?: number;
  databaseCpuMs?: number;
  /** How long bench/cpu.ts speedProbe took just before the run (ms): higher on a machine that has become slower. */
  probeMs?: number;
}

const planOnce = (s: Statement) => s.text.startsWith(PLAN_ONCE);
/** A `with` that inserts, updates or deletes (a rate limit's count, say) is a write: replayed, it would count again. */
const WRITES = /\b(insert\s+into|update\s+\w+\s+set|delete\s+from)\b/i;
const isRead = (s: Statement) => planOnce(s) || (/^\s*(select|with)\b/i.test(s.text) && !WRITES.test(s.text));

/** A route's reads, named (prepared once per connection) where the server marks them planOnce, as it sends them. */
export const readsOf = (statements: Statement[]) =>
  statements
    .filter(isRead)
    .map((s) => (planOnce(s) ? { name: `raw_${crypto.createHash('sha1').update(s.text).digest('base64url')}`, text: s.text, values: s.values } : { text: s.text, values: s.values }));

/**
 * The route's SQL alone: `connections` clients each send the route's reads in
 * order (one "request"), again and again for `seconds`, with the server's
 * planner settings, named or unnamed (planOnce) as the server sends them.
 * What the route adds beyond this is the server's own cost.
 */
export async function replay(connectionString: string, statements: Statement[], connections: number, seconds: number): Promise<Load> {
  const reads = readsOf(statements);
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = new pg.Client({ connectionString, options: PLANNER_SETTINGS.map((s) => `-c ${s}`).join(' ') });
      await client.connect();
      return client;
    }),
  );
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  try {
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < end) {
          const start = performance.now();
          try {
            for (const q of reads) await client.query(q.values.length ? q : q.text);
            latencies.push(performance.now() - start);
          } catch {
            errors++;
          }
        }
      }),
    );
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99), rps: latencies.length / ((performance.now() - started) / 1000), errors };
}
