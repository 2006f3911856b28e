import { sql, type Kysely } from 'kysely';

/**
 * Issue 14, administration's second slice: a division's theme colour and the
 * logo its external (public form) pages show. Without a logo the pages show
 * the division's initials on its theme colour, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table division
      add column theme_color text,
      add column logo_url text;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
