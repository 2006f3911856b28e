import { sql } from 'kysely';
import type { Db } from '../connect';
import type { DemoIds } from './demo';

const userUid = async (db: Db, name: string) => (await db.selectFrom('app_user').select('user_uid').where('user_name', '=', name).executeTakeFirstOrThrow()).user_uid;

/**
 * Issue 38 in the demo: two past emergency accesses by the CIT supervisor to
 * restricted children of the first division, one reviewed by the director
 * (the privacy officer) and one waiting past the 3 days the program
 * dashboard counts, each with the reads made under it.
 */
export async function seedBreakGlass(db: Db, ids: DemoIds): Promise<void> {
  const division = ids.divisionUids[0];
  const children = await db
    .selectFrom('patient')
    .select('patient_uid')
    .where('division_uid', '=', division)
    .where('restricted_flag', '=', '1')
    .where('case_emails', '@>', sql<string[]>`array['worker@agency.test']`)
    .orderBy('last_name')
    .orderBy('first_name')
    .limit(2)
    .execute();
  if (children.length < 2) return;
  const supervisor = await userUid(db, 'cit-supervisor');
  const director = await userUid(db, 'director');
  const events = [
    { daysAgo: 10, patient: children[0].patient_uid, reason: 'imminent-risk', text: null, reads: 3, review: { status: 'appropriate' as const, comment: 'Officer on scene reported the child in crisis; the placement contacts were needed.' } },
    { daysAgo: 5, patient: children[1].patient_uid, reason: 'other', text: 'Hospital asked for the allergy list during an overnight admission.', reads: 2, review: null },
  ];
  for (const e of events) {
    const started = sql<Date>`now() - make_interval(days => ${e.daysAgo})`;
    const row = await db
      .insertInto('break_glass_event')
      .values({
        division_uid: division,
        user_uid: supervisor,
        patient_uid: e.patient,
        reason: e.reason,
        reason_text: e.text,
        started_at: started,
        expires_at: sql<Date>`now() - make_interval(days => ${e.daysAgo}) + interval '60 minutes'`,
        review_status: e.review?.status ?? null,
        review_comment: e.review?.comment ?? null,
        reviewed_by: e.review ? director : null,
        reviewed_at: e.review ? sql<Date>`now() - make_interval(days => ${e.daysAgo - 1})` : null,
      })
      .returning('break_glass_uid')
      .executeTakeFirstOrThrow();
    const entry = (action: string, message: string, minutes: number) => ({
      patient_uid: e.patient,
      action,
      user_uid: supervisor,
      division_uid: division,
      created_at: sql<Date>`now() - make_interval(days => ${e.daysAgo}) + make_interval(mins => ${minutes})`,
      service_method: action === 'BrokeGlass' ? 'POST /api/break-glass' : 'GET /api/patients/:id',
      target_type: 'patients',
      target_uid: e.patient,
      message,
      break_glass_uid: row.break_glass_uid,
    });
    await db
      .insertInto('audit_entry')
      .values([
        entry('BrokeGlass', 'Sam Supervisor used emergency access to open the record', 0),
        ...Array.from({ length: e.reads }, (_, i) => entry('BreakGlassRead', 'Sam Supervisor read the record under emergency access', i + 1)),
      ])
      .execute();
  }
}
