import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database';

// Dates stay 'YYYY-MM-DD' strings: a birth date has no time zone.
pg.types.setTypeParser(1082, (v: string) => v);
// bigint counts (count(*)) fit in a JS number for our sizes.
pg.types.setTypeParser(20, (v: string) => Number(v));

export type Db = Kysely<Database>;

export function createDb(connectionString: string, max = 20): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', () => {
    // An idle client lost its connection (database restart); the pool replaces it.
  });
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), pool };
}
