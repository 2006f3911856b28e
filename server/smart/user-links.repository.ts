import { flagsFrom } from '../../shared/permissions';
import { recordAdminChange } from '../admin/admin-audit';
import type { Db } from '../db/connect';
import type { Viewer } from '../dataviews/scopes';
import type { EhrRegistration } from './ehr-registrations.repository';

/**
 * The Careweave user an administrator approved for this EHR user, with
 * their flags in the EHR's division; `pending` when nobody has decided yet,
 * `inactive` for a user turned off, `no-division` for one without the division.
 */
export async function linkedUser(db: Db, ehr: EhrRegistration, subject: string) {
  const link = await db.selectFrom('external_user_link').selectAll().where('source', '=', ehr.ehr_uid).where('subject', '=', subject).executeTakeFirst();
  if (!link || link.status !== 'approved' || !link.user_uid) return { state: 'pending' as const, link };
  const user = await db
    .selectFrom('app_user as u')
    .leftJoin('user_division as ud', (j) => j.onRef('ud.user_uid', '=', 'u.user_uid').on('ud.division_uid', '=', ehr.division_uid))
    .select(['u.user_uid', 'u.user_name', 'u.email_address', 'u.is_active', 'ud.permissions'])
    .where('u.user_uid', '=', link.user_uid)
    .executeTakeFirst();
  if (!user?.is_active) return { state: 'inactive' as const, link };
  if (!user.permissions) return { state: 'no-division' as const, link };
  const viewer: Viewer = { divisionUid: ehr.division_uid, userName: user.user_name, email: user.email_address, flags: flagsFrom(user.permissions) };
  return { state: 'approved' as const, link, userUid: user.user_uid, viewer };
}

/**
 * The first launch by an EHR user nobody linked yet: a pending link for an
 * administrator to approve (named by the EHR's Practitioner name), and an
 * entry in the organisation's admin log. Nobody is created, no flag is given.
 */
export async function requestLink(db: Db, ehr: EhrRegistration, subject: string, name: string | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('external_user_link')
      .values({ org_uid: ehr.org_uid, source: ehr.ehr_uid, subject, display_name: name })
      .onConflict((oc) => oc.columns(['source', 'subject']).doNothing())
      .returning('link_uid')
      .executeTakeFirst();
    await recordAdminChange(trx, { userUid: null, name: ehr.display_name }, {
      orgUid: ehr.org_uid,
      action: 'RefusedSignIn',
      targetType: 'user-link',
      targetUid: inserted?.link_uid ?? null,
      targetLabel: name ? `${name} (${subject})` : subject,
      after: { reason: 'ehr-user', ehr: ehr.display_name, subject, first_request: !!inserted },
    });
  });
}
