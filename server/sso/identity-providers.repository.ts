import type { Db } from '../db/connect';

export type IdentityProvider = NonNullable<Awaited<ReturnType<typeof findIdentityProvider>>>;

export async function findIdentityProvider(db: Db, idpUid: string) {
  return db.selectFrom('identity_provider').selectAll().where('idp_uid', '=', idpUid).executeTakeFirst();
}

/** What the sign-in page offers: every active provider of the install, by name. */
export async function listSignInProviders(db: Db) {
  return db.selectFrom('identity_provider').select(['idp_uid', 'display_name']).where('is_active', '=', true).orderBy('display_name').execute();
}

export async function listOrgIdentityProviders(db: Db, orgUid: string) {
  return db.selectFrom('identity_provider').selectAll().where('org_uid', '=', orgUid).orderBy('display_name').execute();
}

/**
 * The active user the provider's claim names, among the organisation's
 * users: by e-mail for `email`, else by user name. Inactive users are
 * returned too, so the refusal can say why.
 */
export async function findUserForClaim(db: Db, orgUid: string, claim: string, value: string) {
  const column = claim === 'email' ? 'u.email_address' : 'u.user_name';
  return db
    .selectFrom('app_user as u')
    .innerJoin('user_division as ud', 'ud.user_uid', 'u.user_uid')
    .innerJoin('division as d', 'd.division_uid', 'ud.division_uid')
    .select(['u.user_uid', 'u.user_name', 'u.is_active', 'd.division_uid'])
    .where((eb) => eb(eb.fn('lower', [column]), '=', value.toLowerCase()))
    .where('d.org_uid', '=', orgUid)
    .orderBy('u.is_active', 'desc')
    .orderBy('d.division_name')
    .executeTakeFirst();
}

/** The first of the user's divisions in the organisation, by name (as a password sign-in picks). */
export async function firstDivisionIn(db: Db, userUid: string, orgUid: string) {
  const row = await db
    .selectFrom('user_division as ud')
    .innerJoin('division as d', 'd.division_uid', 'ud.division_uid')
    .select('d.division_uid')
    .where('ud.user_uid', '=', userUid)
    .where('d.org_uid', '=', orgUid)
    .orderBy('d.division_name')
    .executeTakeFirst();
  return row?.division_uid;
}

/** Organisations with an active provider: where a callback naming no flow is logged. */
export async function organisationsWithProviders(db: Db): Promise<string[]> {
  return (await db.selectFrom('identity_provider').select('org_uid').distinct().where('is_active', '=', true).execute()).map((r) => r.org_uid);
}
