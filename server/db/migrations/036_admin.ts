import { sql, type Kysely } from 'kysely';

/**
 * Issue 14, administration: one-time sign-in links (only the token's hash is
 * kept; a link works once, until it expires), the admin audit log (who, what,
 * before and after, when; written in the transaction of the change), the
 * users list of the admin pages, and the 'admin' destination that shows the
 * user menu's "Admin" to users with navigatorAdmin now that /admin exists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sign_in_link (
      token_hash text primary key,
      user_uid uuid not null references app_user on delete cascade,
      purpose text not null check (purpose in ('first-sign-in', 'password-reset')),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index sign_in_link_by_user on sign_in_link (user_uid) where used_at is null;

    create table admin_audit_entry (
      audit_uid uuid primary key default gen_random_uuid(),
      org_uid uuid not null references organization,
      actor_uid uuid references app_user,
      actor_name text not null,
      action text not null,
      target_type text not null,
      target_uid uuid,
      target_label text not null,
      before jsonb,
      after jsonb,
      -- The time of the statement, not of the transaction: several changes in one keep their order.
      created_at timestamptz not null default clock_timestamp()
    );
    create index admin_audit_entry_by_org on admin_audit_entry (org_uid, created_at desc);

    create view admin_audit_view as
      select a.audit_uid, a.org_uid, a.created_at, a.actor_name, a.action, a.target_type, a.target_label,
             coalesce(a.before::text, '') as before_json, coalesce(a.after::text, '') as after_json
        from admin_audit_entry a;

    -- One row per user and organisation they have a division in.
    create view admin_user_view as
      select u.user_uid, d.org_uid, u.user_name, u.display_name, u.email_address, u.is_active, u.created_at,
             string_agg(d.division_name, ', ' order by d.division_name) as division_names,
             bool_or('navigatorAdmin' = any(ud.permissions)) as is_admin
        from app_user u
        join user_division ud on ud.user_uid = u.user_uid
        join division d on d.division_uid = ud.division_uid
       group by u.user_uid, d.org_uid;

    insert into destination (name, label, url, required_flag) values ('admin', 'Admin', '/admin', 'navigatorAdmin')
      on conflict (name) do nothing;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
