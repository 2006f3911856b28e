import { ROLE_TEMPLATES, type RoleTemplate } from '../../shared/role-templates';
import { recordAdminChange } from '../admin/admin-audit';
import type { Db } from '../db/connect';
import type { IdentityProvider } from './identity-providers.repository';

/** Administrator rights are given by an administrator, never by a first sign-in. */
export const PROVISIONABLE_TEMPLATES = (Object.keys(ROLE_TEMPLATES) as RoleTemplate[]).filter((t) => !(ROLE_TEMPLATES[t].flags as readonly string[]).includes('navigatorAdmin'));

const isProvisionable = (name: unknown): name is RoleTemplate => typeof name === 'string' && (PROVISIONABLE_TEMPLATES as string[]).includes(name);

/**
 * The role template for a first sign-in: the first of the user's groups the
 * provider maps to one, else the provider's default; none when the
 * administrator did not turn just-in-time users on.
 */
export function templateFor(idp: IdentityProvider, claims: Record<string, unknown>): RoleTemplate | null {
  if (!idp.jit_role_template || !idp.jit_division_uid) return null;
  const raw = idp.group_claim ? claims[idp.group_claim] : undefined;
  const groups = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  for (const group of groups) {
    const mapped = typeof group === 'string' ? idp.group_roles[group] : undefined;
    if (isProvisionable(mapped)) return mapped;
  }
  return isProvisionable(idp.jit_role_template) ? idp.jit_role_template : null;
}

/** A user name nobody has: the e-mail's local part, then -2, -3 … */
async function freeUserName(db: Db, email: string): Promise<string> {
  const base = email.split('@')[0].toLowerCase().replace(/[^a-z0-9._-]/g, '').slice(0, 40) || 'user';
  const taken = new Set(
    (await db.selectFrom('app_user').select('user_name').where('user_name', 'like', `${base}%`).execute()).map((r) => r.user_name.toLowerCase()),
  );
  for (let i = 1; ; i++) {
    const name = i === 1 ? base : `${base}-${i}`;
    if (!taken.has(name)) return name;
  }
}

/** Creates the user the provider vouches for, with the template's flags in the provider's division, and says so in the admin log. */
export async function provisionUser(trx: Db, idp: IdentityProvider, template: RoleTemplate, email: string, name: string | null) {
  const displayName = name?.trim().slice(0, 200) || email;
  const [first, ...rest] = displayName.split(/\s+/);
  const user = await trx
    .insertInto('app_user')
    .values({ user_name: await freeUserName(trx, email), display_name: displayName, first_name: first, last_name: rest.join(' ') || null, email_address: email, password_hash: null, theme: null, authentication_service: 'oidc' })
    .returning(['user_uid', 'user_name'])
    .executeTakeFirstOrThrow();
  const flags = [...ROLE_TEMPLATES[template].flags];
  await trx.insertInto('user_division').values({ user_uid: user.user_uid, division_uid: idp.jit_division_uid!, permissions: flags }).execute();
  await recordAdminChange(trx, { userUid: null, name: idp.display_name }, {
    orgUid: idp.org_uid,
    action: 'ProvisionedUser',
    targetType: 'user',
    targetUid: user.user_uid,
    targetLabel: displayName,
    after: { user_name: user.user_name, email, role_template: template, division_uid: idp.jit_division_uid, flags },
  });
  return { userUid: user.user_uid, divisionUid: idp.jit_division_uid! };
}
