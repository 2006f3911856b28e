import type { AuthContext } from '../auth/context';
import type { Db } from '../db/connect';

/**
 * Spec 002 "Action log entry": users with an app identity have their
 * actions logged (viewing a patient, running a report), in their current
 * division.
 */
export async function logIdentityAction(db: Db, auth: Pick<AuthContext, 'userUid' | 'divisionUid'>, entry: { action: string; patientUid: string | null; reportName: string | null }) {
  return db
    .insertInto('tbl_identity_action_log')
    .values({ user_uid: auth.userUid, division_uid: auth.divisionUid, action: entry.action, patient_uid: entry.patientUid, report_name: entry.reportName })
    .returning(['action_log_uid', 'action', 'patient_uid', 'report_name', 'created_at'])
    .executeTakeFirstOrThrow();
}
