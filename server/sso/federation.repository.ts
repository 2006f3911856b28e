import type { Db } from '../db/connect';

export interface Federation {
  kind: 'sso' | 'smart';
  sourceUid: string;
  idToken?: string | null;
  accessToken?: string | null;
  refreshToken?: string | null;
  tokenExpiresAt?: Date | null;
  patientUid?: string | null;
  launchPatient?: unknown;
}

/** What the outside service gave a session; it stays on the server and goes with the session (on delete cascade). */
export async function saveFederation(db: Db, sessionId: string, f: Federation): Promise<void> {
  await db
    .insertInto('session_federation')
    .values({
      session_id: sessionId,
      kind: f.kind,
      source_uid: f.sourceUid,
      id_token: f.idToken ?? null,
      access_token: f.accessToken ?? null,
      refresh_token: f.refreshToken ?? null,
      token_expires_at: f.tokenExpiresAt ?? null,
      patient_uid: f.patientUid ?? null,
      launch_patient: f.launchPatient == null ? null : JSON.stringify(f.launchPatient),
    })
    .execute();
}

export async function findFederation(db: Db, sessionId: string) {
  return db.selectFrom('session_federation').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
}

/** A division switch makes a new session: what the outside service gave goes with it. */
export async function moveFederation(db: Db, fromSessionId: string, toSessionId: string): Promise<void> {
  await db.updateTable('session_federation').set({ session_id: toSessionId }).where('session_id', '=', fromSessionId).execute();
}
