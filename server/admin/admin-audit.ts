import type { AuthContext } from '../auth/context';
import type { Db } from '../db/connect';

/** Who made an admin change: a signed-in administrator, or the `npm run admin` command (no user). */
export interface AdminActor {
  userUid: string | null;
  name: string;
}

/**
 * `organization`: the acting admin's organisation, named when the row goes to
 * another organisation's log (a change to a user both work with), whose
 * readers would not otherwise know the name.
 */
export const actorOf = (auth: AuthContext, organization?: string): AdminActor => {
  const name = auth.displayName || auth.userName;
  return { userUid: auth.userUid, name: organization ? `${name} (${organization})` : name };
};
export const COMMAND_ACTOR: AdminActor = { userUid: null, name: 'npm run admin' };

export interface AdminChange {
  orgUid: string;
  action:
    | 'CreatedOrganization'
    | 'UpdatedOrganization'
    | 'CreatedDivision'
    | 'UpdatedDivision'
    | 'CreatedQueue'
    | 'UpdatedQueue'
    | 'CreatedCodeHolder'
    | 'UpdatedCodeHolder'
    | 'RotatedCode'
    | 'RevokedCode'
    | 'CreatedExternalLink'
    | 'RotatedExternalLink'
    | 'RevokedExternalLink'
    | 'CreatedUser'
    | 'UpdatedUser'
    | 'DeactivatedUser'
    | 'RemovedUserFromOrganization'
    | 'ReactivatedUser'
    | 'SentPasswordReset'
    | 'CreatedReferenceValue'
    | 'UpdatedReferenceValue'
    | 'DeactivatedReferenceValue'
    | 'ReactivatedReferenceValue'
    | 'ReorderedReferenceList'
    | 'RefusedSignIn'
    | 'CreatedIdentityProvider'
    | 'UpdatedIdentityProvider'
    | 'ProvisionedUser'
    | 'UpdatedPasswordLogin'
    | 'CreatedEhr'
    | 'UpdatedEhr'
    | 'ApprovedUserLink'
    | 'RefusedUserLink'
    | 'CreatedFhirClient'
    | 'UpdatedFhirClient'
    | 'CreatedFhirDestination'
    | 'UpdatedFhirDestination'
    | 'CreatedSmartApp'
    | 'UpdatedSmartApp';
  targetType: 'organization' | 'division' | 'queue' | 'user' | 'cit-agency' | 'hwc-agency' | 'b2w-vendor' | 'ext-instance' | 'reference-value' | 'reference-list' | 'identity-provider' | 'ehr' | 'user-link' | 'fhir-client' | 'fhir-destination' | 'smart-app';
  /** None for a change to a whole list (its order). */
  targetUid: string | null;
  targetLabel: string;
  before?: unknown;
  after?: unknown;
}

/** One row of the admin audit log, written with the transaction of the change (issue 14 section 4). */
export async function recordAdminChange(trx: Db, actor: AdminActor, change: AdminChange): Promise<void> {
  await trx
    .insertInto('admin_audit_entry')
    .values({
      org_uid: change.orgUid,
      actor_uid: actor.userUid,
      actor_name: actor.name,
      action: change.action,
      target_type: change.targetType,
      target_uid: change.targetUid,
      target_label: change.targetLabel,
      before: change.before === undefined ? null : JSON.stringify(change.before),
      after: change.after === undefined ? null : JSON.stringify(change.after),
    })
    .execute();
}
