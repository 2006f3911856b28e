import { sql, type Kysely } from 'kysely';

/**
 * Issue 33 §1: the urgent support line the Customer Support page (/support)
 * shows, one per organisation, edited with its name and market. Stored as
 * digits (the product's phone rule: 10 of them, perhaps an extension); none
 * until an administrator sets one (the demo seed gives the demo organisation
 * its fictional 555-01xx number), and with none the page shows no urgent line.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table organization add column support_phone text
      constraint organization_support_phone_digits check (support_phone ~ '^[0-9]{10,15}$');
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
