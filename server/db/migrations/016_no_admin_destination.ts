import { sql, type Kysely } from 'kysely';

/**
 * Every start used to seed an `admin` destination for an admin page that does
 * not exist yet, so the user menu's "Admin" led to "Page not found". Only that
 * seeded row goes; the seed brings it back with the page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from destination where name = 'admin' and url = '/admin' and required_flag = 'navigatorAdmin'`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
