import crypto from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database';

// Dates stay 'YYYY-MM-DD' strings: a birth date has no time zone.
pg.types.setTypeParser(1082, (v: string) => v);
// Timestamps without zone (a calendar event's wall-clock time where it happens) stay ISO strings
// without an offset; as Dates they would be read as server-local and sent as UTC.
pg.types.setTypeParser(1114, (v: string) => v.replace(' ', 'T'));
// bigint counts (count(*)) fit in a JS number for our sizes.
pg.types.setTypeParser(20, (v: string) => Number(v));

export type Db = Kysely<Database>;

export function createDb(connectionString: string, max = 4): { db: Db; pool: pg.Pool } {
  // JIT compiling pays off for long analytic queries; for short list calls it costs more than
  // the query. Plans stay custom: a generic plan for a name search ignored the order index and
  // was 12x slower on PostgreSQL 15 (npm run bench on DATABASE_URL: p99 124 ms before, 28 after).
  const pool = new pg.Pool({ connectionString, max, options: '-c jit=off -c plan_cache_mode=force_custom_plan' });
  pool.on('error', () => {
    // An idle client lost its connection (database restart); the pool replaces it.
  });
  pool.on('connect', prepareStatements);
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), pool };
}

const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 5000;

/**
 * Sends every parameterised read as a named prepared statement, so each
 * connection parses a given SQL text once instead of on every call (about 10%
 * more list calls per second in npm run bench). Writes and DDL keep the unnamed
 * path: a migration must never meet a statement prepared against the old schema.
 */
function prepareStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || !/^\s*(select|with)\b/i.test(text)) {
      return query(text, values, callback);
    }
    let name = statementNames.get(text);
    if (!name) {
      name = `cw_${crypto.createHash('sha1').update(text).digest('base64url')}`;
      if (statementNames.size < MAX_NAMED_STATEMENTS) statementNames.set(text, name);
    }
    return query({ name, text, values }, callback);
  };
}
