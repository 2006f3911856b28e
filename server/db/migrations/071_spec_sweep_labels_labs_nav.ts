import { sql, type Kysely } from 'kysely';

/**
 * Issue 33 (spec sweep), three small gaps:
 *
 * - Spec 001 section 5, "The hepatitis C filter sends 'null' when the user
 *   types 'negative'": the source systems store a negative Hcv result as no
 *   result, so `tbl_lab.result_value` may be empty (the Labs panel shows such
 *   an Hcv row as 'Negative'). Dropping the constraint leaves the column's type,
 *   so migration 044's view over `t.*` stands as it is.
 * - Spec 000 section 3, "Nav item: ... queryParams": a nav item's query
 *   string (`tab=inactive&sort=-date`), which its link carries; empty for
 *   every item the install ships.
 * - Spec 000, patients are "also called individuals or clients; the label can
 *   be changed by translation": a division's own strings over the install's
 *   (`GET /api/translations` answers the caller's current division's).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table tbl_lab alter column result_value drop not null;

    alter table nav_item add column query_params text;

    create table division_translation (
      division_uid uuid not null references division on delete cascade,
      lang text not null,
      key text not null,
      value text not null,
      primary key (division_uid, lang, key)
    );
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
