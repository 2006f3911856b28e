import { sql } from 'kysely';
import type { RoleTemplate } from '../../shared/role-templates';
import { noneIfBlank, type GroupRole, type IdentityProviderInput, type IdentityProviderView, type PasswordLoginState } from '../../shared/schemas/identity-providers';
import { isUuid } from '../../shared/uuid';
import type { Db } from '../db/connect';

/**
 * Issue 34 section 2, the administrator's side: an organisation's identity
 * providers as the admin pages show them (never the client secret), and the
 * organisation's password sign-in switch.
 */

/** The stored map as the pages list it: one row per group, by group name. */
const groupRows = (map: Record<string, string> | null): GroupRole[] =>
  Object.entries(map ?? {})
    .map(([group, roleTemplate]) => ({ group, roleTemplate }))
    .sort((a, b) => a.group.localeCompare(b.group));

function providersQuery(db: Db, orgUid: string) {
  return db
    .selectFrom('identity_provider as p')
    .leftJoin('division as d', 'd.division_uid', 'p.jit_division_uid')
    .select([
      'p.idp_uid',
      'p.display_name',
      'p.issuer',
      'p.client_id',
      sql<boolean>`p.client_secret is not null and p.client_secret <> ''`.as('has_client_secret'),
      'p.scopes',
      'p.user_claim',
      'p.group_claim',
      'p.group_roles',
      'p.jit_role_template',
      'p.jit_division_uid',
      'd.division_name as jit_division_name',
      'p.is_active',
    ])
    .where('p.org_uid', '=', orgUid);
}

type Row = Awaited<ReturnType<ReturnType<typeof providersQuery>['executeTakeFirstOrThrow']>>;

const toView = (r: Row): IdentityProviderView => ({
  idpUid: r.idp_uid,
  displayName: r.display_name,
  issuer: r.issuer,
  clientId: r.client_id,
  hasClientSecret: r.has_client_secret,
  scopes: r.scopes,
  userClaim: r.user_claim,
  groupClaim: r.group_claim,
  groupRoles: groupRows(r.group_roles),
  jitRoleTemplate: r.jit_role_template as RoleTemplate | null,
  jitDivisionUid: r.jit_division_uid,
  jitDivisionName: r.jit_division_name,
  isActive: r.is_active,
});

/** The organisation's providers, by name; another organisation's are never read. */
export async function listProviders(db: Db, orgUid: string): Promise<IdentityProviderView[]> {
  return (await providersQuery(db, orgUid).orderBy('p.display_name').orderBy('p.created_at').execute()).map(toView);
}

/** A provider of the organisation; undefined for another organisation's and for a malformed id. */
export async function findProvider(db: Db, orgUid: string, idpUid: string): Promise<IdentityProviderView | undefined> {
  if (!isUuid(idpUid)) return undefined;
  const row = await providersQuery(db, orgUid).where('p.idp_uid', '=', idpUid).executeTakeFirst();
  return row && toView(row);
}

/** The stored secret, to tell whether an edit changes it; read only on the server. */
export async function storedSecret(db: Db, idpUid: string): Promise<string | null> {
  return (await db.selectFrom('identity_provider').select('client_secret').where('idp_uid', '=', idpUid).executeTakeFirst())?.client_secret ?? null;
}

/** The columns an input sets, but the secret: trimmed, '' as none; the division only with a template. */
function columns(input: IdentityProviderInput) {
  const template = noneIfBlank(input.jitRoleTemplate);
  return {
    display_name: input.displayName.trim(),
    issuer: input.issuer.trim(),
    client_id: input.clientId.trim(),
    scopes: input.scopes.trim().split(/\s+/).join(' '),
    user_claim: input.userClaim.trim(),
    group_claim: noneIfBlank(input.groupClaim),
    group_roles: JSON.stringify(Object.fromEntries(input.groupRoles.map((r) => [r.group.trim(), r.roleTemplate]))),
    jit_role_template: template,
    jit_division_uid: template ? noneIfBlank(input.jitDivisionUid) : null,
    is_active: input.isActive,
  };
}

export async function insertProvider(db: Db, orgUid: string, input: IdentityProviderInput): Promise<string> {
  const row = await db
    .insertInto('identity_provider')
    .values({ ...columns(input), org_uid: orgUid, client_secret: noneIfBlank(input.clientSecret) })
    .returning('idp_uid')
    .executeTakeFirstOrThrow();
  return row.idp_uid;
}

/** An empty secret keeps the stored one. */
export async function updateProvider(db: Db, idpUid: string, input: IdentityProviderInput): Promise<void> {
  const secret = noneIfBlank(input.clientSecret);
  await db
    .updateTable('identity_provider')
    .set({ ...columns(input), ...(secret !== null && { client_secret: secret }) })
    .where('idp_uid', '=', idpUid)
    .execute();
}

/** Another provider of the organisation with this issuer and client id (the table's unique key). */
export async function issuerClientTaken(db: Db, orgUid: string, issuer: string, clientId: string, except?: string): Promise<boolean> {
  let query = db.selectFrom('identity_provider').select('idp_uid').where('org_uid', '=', orgUid).where('issuer', '=', issuer.trim()).where('client_id', '=', clientId.trim());
  if (except) query = query.where('idp_uid', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Active administrators of the organisation (navigatorAdmin in one of its divisions) who keep password sign-in, by name. */
export async function fallbackAdministrators(db: Db, orgUid: string): Promise<string[]> {
  const rows = await db
    .selectFrom('app_user as u')
    .innerJoin('user_division as ud', 'ud.user_uid', 'u.user_uid')
    .innerJoin('division as d', 'd.division_uid', 'ud.division_uid')
    .select(['u.user_uid', 'u.display_name'])
    .distinct()
    .where('d.org_uid', '=', orgUid)
    .where('u.is_active', '=', true)
    .where('u.password_fallback', '=', true)
    .where(sql<boolean>`'navigatorAdmin' = any(ud.permissions)`)
    .orderBy('u.display_name')
    .execute();
  return rows.map((r) => r.display_name);
}

export async function countActiveProviders(db: Db, orgUid: string): Promise<number> {
  const row = await db.selectFrom('identity_provider').select(sql<number>`count(*)::int`.as('n')).where('org_uid', '=', orgUid).where('is_active', '=', true).executeTakeFirstOrThrow();
  return row.n;
}

export async function passwordLoginOn(db: Db, orgUid: string): Promise<boolean> {
  return (await db.selectFrom('organization').select('password_login').where('org_uid', '=', orgUid).executeTakeFirstOrThrow()).password_login;
}

export async function passwordLoginState(db: Db, orgUid: string): Promise<PasswordLoginState> {
  return { passwordLogin: await passwordLoginOn(db, orgUid), fallbackAdministrators: await fallbackAdministrators(db, orgUid), activeProviders: await countActiveProviders(db, orgUid) };
}

export async function setPasswordLogin(db: Db, orgUid: string, on: boolean): Promise<void> {
  await db.updateTable('organization').set({ password_login: on }).where('org_uid', '=', orgUid).execute();
}
