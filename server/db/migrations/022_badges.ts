import { sql, type Kysely } from 'kysely';

/**
 * Badges (spec 001 section 3 "Badge group", "reference badge"; section 4:
 * a group is exclusive, single choice, or multiple choice):
 * - `reference_badge_group` and `reference_badge`: reference lists shared by
 *   every organisation, like `reference_data`, but in their own tables so a
 *   patient's badge can reference a badge of its group.
 * - `patient_badge`: a badge a patient carries, once per badge. The group is
 *   kept on the row (the spec's create list names it) and must be the
 *   badge's own: the composite foreign key refuses any other.
 *
 * The left menu's Badges item (turned off by migration 019 until its page
 * existed) comes back with the page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table reference_badge_group (
      badge_group_uid uuid primary key default gen_random_uuid(),
      badge_group_name text not null unique,
      badge_group_label text not null,
      badge_group_color text,
      is_exclusive boolean not null default false,
      default_sort_order integer not null default 0,
      is_active boolean not null default true
    );

    create table reference_badge (
      badge_uid uuid primary key default gen_random_uuid(),
      badge_group_uid uuid not null references reference_badge_group,
      badge_name text not null,
      badge_label text not null,
      color text,
      default_sort_order integer not null default 0,
      is_active boolean not null default true,
      unique (badge_group_uid, badge_name),
      unique (badge_uid, badge_group_uid)
    );

    create table patient_badge (
      patient_badge_uid uuid primary key default gen_random_uuid(),
      patient_uid uuid not null references patient on delete cascade,
      badge_uid uuid not null,
      badge_group_uid uuid not null,
      created_by uuid references app_user,
      created_at timestamptz not null default now(),
      unique (patient_uid, badge_uid),
      foreign key (badge_uid, badge_group_uid) references reference_badge (badge_uid, badge_group_uid)
    );

    update nav_item set is_active = true where ref_data_type = 'patient' and route = 'badge';
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
