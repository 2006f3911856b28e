import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../connect';

/**
 * A bulk load's upkeep (analyze, vacuum), on one connection without the requests' statement_timeout: at a
 * million patients or ten million events they take longer than a request may (npm run bench -- --scale 1m).
 */
export async function upkeep(db: Db, statements: RawBuilder<unknown>[]): Promise<void> {
  await db.connection().execute(async (conn) => {
    await sql`set statement_timeout = 0`.execute(conn);
    try {
      for (const statement of statements) await statement.execute(conn);
    } finally {
      await sql`reset statement_timeout`.execute(conn);
    }
  });
}
