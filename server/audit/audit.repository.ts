import type { Db } from '../db/connect';

export async function recordAudit(db: Db, entry: { patientUid: string; action: string; userUid: string; divisionUid: string }) {
  return db
    .insertInto('audit_entry')
    .values({ patient_uid: entry.patientUid, action: entry.action, user_uid: entry.userUid, division_uid: entry.divisionUid })
    .returning(['audit_uid', 'patient_uid', 'action', 'user_uid', 'division_uid', 'created_at'])
    .executeTakeFirstOrThrow();
}
