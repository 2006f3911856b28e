import type { Db } from '../connect';
import type { DemoIds } from './demo';
import { ordinaryPatients } from './ordinary-patients';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Library resources the navigator handed out (by title), for the first
 * ordinary patients the face sheet's notes are about: the one with the
 * overdose admission got crisis and naloxone resources, the next food help.
 */
const HANDED_OUT: { patient: number; daysAgo: number; title: string }[] = [
  { patient: 0, daysAgo: 58, title: '988 Suicide & Crisis Lifeline (call or text 988)' },
  { patient: 0, daysAgo: 58, title: 'Ohio Naloxone: Free Naloxone and Project DAWN Sites' },
  { patient: 0, daysAgo: 58, title: 'Handout: How to Give Naloxone Nasal Spray' },
  { patient: 0, daysAgo: 30, title: 'Nar-Anon Family Groups' },
  { patient: 1, daysAgo: 4, title: 'SNAP (Supplemental Nutrition Assistance Program)' },
  { patient: 1, daysAgo: 4, title: 'Ohio Benefits: Apply for Medicaid, SNAP and Cash Assistance' },
];

/** Demo rows for the record's Resources page, from the library migration 030 seeded and its seeded handouts. */
export async function seedResources(db: Db, ids: DemoIds): Promise<void> {
  const ordinary = await ordinaryPatients(db, ids.divisionUids[0], 2);
  const library = await db.selectFrom('reference_resource').select(['resource_uid', 'title']).where('title', 'in', HANDED_OUT.map((h) => h.title)).execute();
  const navigator = await db.selectFrom('app_user').select('user_uid').where('user_name', '=', 'navigator').executeTakeFirstOrThrow();
  const now = Date.now();
  await db
    .insertInto('patient_resource')
    .values(
      HANDED_OUT.map((h) => ({
        patient_uid: ordinary[h.patient].patient_uid,
        resource_uid: library.find((r) => r.title === h.title)!.resource_uid,
        added_by: navigator.user_uid,
        created_at: new Date(now - h.daysAgo * DAY),
      })),
    )
    .execute();
}
