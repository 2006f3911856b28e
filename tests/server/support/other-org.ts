import { hashPassword } from '../../../server/auth/password';
import type { Db } from '../../../server/db/connect';
import { DEMO_PASSWORD } from '../../../server/db/seed/demo-users';

export interface OtherOrganization {
  orgUid: string;
  divisionUid: string;
  userName: string;
  /** That organisation's navigator provider, linked to `userName`. */
  navigatorUid: string;
}

/** A second organisation with one navigator user, for "never another organisation's" checks. */
export async function createOtherOrganization(db: Db, userName = 'other-org-navigator'): Promise<OtherOrganization> {
  const org = await db.insertInto('organization').values({ org_name: 'Elsewhere Health', name: 'Elsewhere Health', market_uid: null }).returning('org_uid').executeTakeFirstOrThrow();
  const division = await db.insertInto('division').values({ division_name: 'Elsewhere Care', org_uid: org.org_uid }).returning('division_uid').executeTakeFirstOrThrow();
  const user = await db
    .insertInto('app_user')
    .values({ user_name: userName, display_name: 'Olive Other', email_address: `${userName}@elsewhere.test`, password_hash: await hashPassword(DEMO_PASSWORD), theme: null })
    .returning('user_uid')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_division').values({ user_uid: user.user_uid, division_uid: division.division_uid, permissions: ['hasAppNavigator', 'twoOh'] }).execute();
  const role = await db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-provider-role').where('ref_data_type', '=', 'Navigator').executeTakeFirstOrThrow();
  const provider = await db
    .insertInto('provider')
    .values({ display_name: 'Olive Other', first_name: 'Olive', last_name: 'Other', user_uid: user.user_uid, org_uid: org.org_uid, provider_role_uid: role.uid })
    .returning('provider_uid')
    .executeTakeFirstOrThrow();
  return { orgUid: org.org_uid, divisionUid: division.division_uid, userName, navigatorUid: provider.provider_uid };
}
