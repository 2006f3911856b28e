import { sql } from 'kysely';
import type { Db } from '../connect';
import type { DemoIds } from './demo';
import { ordinaryPatients } from './ordinary-patients';

const DAY = 24 * 60 * 60 * 1000;

/** Notes the navigator wrote, newest last; `patient` picks the n-th ordinary patient as the reminders do. */
const NOTES: { patient: number; daysAgo: number; note: string }[] = [
  { patient: 0, daysAgo: 30, note: 'Intake call completed. Prefers text messages in the afternoon.' },
  { patient: 0, daysAgo: 9, note: 'Met at the clinic; discussed transportation to appointments.' },
  { patient: 0, daysAgo: 1, note: 'Housing referral accepted by Mid-Ohio Housing. Waiting for the first visit date.' },
  { patient: 1, daysAgo: 4, note: 'Left a voicemail about the follow-up visit.' },
  { patient: 2, daysAgo: 2, note: 'Prescription picked up; pharmacist reviewed the dosage with the care giver.' },
];

/** Admissions for the face sheet's Admissions card (admission feature). */
const ADMISSIONS: { patient: number; daysAgo: number; stayDays: number | null; status: 'admitted' | 'discharged'; comments: string }[] = [
  { patient: 0, daysAgo: 60, stayDays: 3, status: 'discharged', comments: 'Observation after an overdose; discharged home with naloxone.' },
  { patient: 0, daysAgo: 2, stayDays: null, status: 'admitted', comments: 'Admitted for withdrawal management.' },
];

/** Demo notes and admissions, so the face sheet shows real rows for the first patients of the navigator's division. */
export async function seedFaceSheet(db: Db, ids: DemoIds): Promise<void> {
  const ordinary = await ordinaryPatients(db, ids.divisionUids[0], 3);
  const author = await db.selectFrom('app_user').select('user_uid').where('user_name', '=', 'navigator').executeTakeFirstOrThrow();
  const now = Date.now();
  await db
    .insertInto('patient_note')
    .values(
      NOTES.map((n) => ({
        patient_uid: ordinary[n.patient].patient_uid,
        note: n.note,
        activity_date: new Date(now - n.daysAgo * DAY).toISOString().slice(0, 10),
        author_uid: author.user_uid,
        created_at: new Date(now - n.daysAgo * DAY),
      })),
    )
    .execute();
  const statuses = await db.selectFrom('reference_data').select(['uid', 'name']).where('model', '=', 'reference-status').where('ref_data_type', '=', 'Admission').execute();
  const facility = await db.selectFrom('facility').select('facility_uid').where('org_uid', '=', ids.orgUid).orderBy('facility_name').executeTakeFirst();
  const day = (daysAgo: number) => sql<string>`(current_date - ${daysAgo}::int)`;
  for (const a of ADMISSIONS) {
    await db
      .insertInto('admission')
      .values({
        patient_uid: ordinary[a.patient].patient_uid,
        event_date: day(a.daysAgo) as unknown as string,
        discharge_date: a.stayDays === null ? null : (day(a.daysAgo - a.stayDays) as unknown as string),
        status_uid: statuses.find((s) => s.name === a.status)!.uid,
        facility_uid: facility?.facility_uid ?? null,
        comments: a.comments,
      })
      .execute();
  }
}
