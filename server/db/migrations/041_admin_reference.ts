import { sql, type Kysely } from 'kysely';

/**
 * Issue 14 section 3, reference lists an administrator edits (server/admin/reference-lists.ts):
 * - `org_uid` on the install-wide lists (reference_data, nav_item, badge groups
 *   and badges, the resource library): empty for the rows the install ships,
 *   which every organisation reads, or the organisation whose administrator
 *   added the row, which only that organisation reads (as facilities and
 *   providers already are);
 * - `is_active` on providers, so a provider records point to is deactivated,
 *   never deleted (facilities have `is_in_selections`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table reference_data add column org_uid uuid references organization (org_uid);
    alter table nav_item add column org_uid uuid references organization (org_uid);
    alter table reference_badge_group add column org_uid uuid references organization (org_uid);
    alter table reference_badge add column org_uid uuid references organization (org_uid);
    alter table reference_resource add column org_uid uuid references organization (org_uid);
    alter table provider add column is_active boolean not null default true;
    create index reference_data_org_idx on reference_data (org_uid) where org_uid is not null;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
