import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { sqlNow } from '../db/clock';

/** A record opened by breaking the glass, while its window lasts. */
export interface GlassWindow {
  breakGlassUid: string;
  patientUid: string;
}

/**
 * The user's open windows in their current division, read on every request
 * of a user holding `breakGlass` (so a window ends everywhere the moment it
 * expires, in every session and process). `safe` is whether the request only
 * reads: a write sees only the windows whose division allowed writes.
 */
export async function openWindows(db: Db, userUid: string, divisionUid: string, safe: boolean): Promise<GlassWindow[]> {
  const { rows } = await sql<{ break_glass_uid: string; patient_uid: string }>`
    select break_glass_uid, patient_uid from break_glass_event
     where user_uid = ${userUid} and division_uid = ${divisionUid} and expires_at > ${sqlNow()}
       ${safe ? sql`` : sql`and writes_allowed`}
     order by started_at`.execute(db);
  return rows.map((r) => ({ breakGlassUid: r.break_glass_uid, patientUid: r.patient_uid }));
}
