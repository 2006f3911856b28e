import type { Db } from '../connect';
import type { DemoIds } from './demo';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

type Assignee = 'me' | null;

interface DemoReminder {
  /** Hours after the start of the seed's local day. */
  at: number;
  note: string;
  to: Assignee;
}

/**
 * Reminders the navigator's home card must not show: restricted and adoption
 * cases the navigator may not see, and another division's; the restricted
 * case where the navigator is the worker stays visible to them. The card's
 * own reminders (today's mine and unassigned, read ones, other days, another
 * navigator's) are the caseload's (caseload.ts `today`, its stories'
 * reminders). Times are relative to the seed's local day, so "today" is
 * today when seeded.
 */
export async function seedReminders(db: Db, ids: DemoIds): Promise<void> {
  const [, south] = ids.divisionUids;
  const navigators = await db
    .selectFrom('provider as p')
    .innerJoin('app_user as u', 'u.user_uid', 'p.user_uid')
    .select(['p.provider_uid', 'p.display_name', 'u.user_name', 'u.user_uid'])
    .where('p.provider_role_uid', '=', ids.reference.navigatorRole)
    .execute();
  const me = navigators.find((n) => n.user_name === 'navigator')!;
  const assignee = (to: Assignee) => (to === 'me' ? me : null);

  const caseOf = async (caseId: string) =>
    (await db.selectFrom('patient_case').select('patient_uid').where('case_id', '=', caseId).executeTakeFirstOrThrow()).patient_uid;
  const otherDivision = await db.selectFrom('patient').select('patient_uid').where('division_uid', '=', south).orderBy('last_name').orderBy('first_name').orderBy('birth_date').executeTakeFirstOrThrow();

  const hidden: (DemoReminder & { patientUid: string })[] = [
    { patientUid: await caseOf('C-1001'), at: 16, note: 'Visit with the caseworker on the protective case', to: 'me' },
    { patientUid: await caseOf('C-1002'), at: 10.5, note: 'Call the caseworker about the court date', to: null },
    { patientUid: await caseOf('C-2001'), at: 11.5, note: 'Send the consent form to the adoptive parents', to: 'me' },
    { patientUid: otherDivision.patient_uid, at: 9, note: 'Confirm the dental appointment', to: null },
  ];

  const startOfToday = new Date();
  startOfToday.setHours(0, 0, 0, 0);
  const rows = hidden.map((r) => {
    const who = assignee(r.to);
    const due = new Date(startOfToday.getTime() + Math.round(r.at * HOUR));
    return {
      subject_uid: r.patientUid,
      reminder_date: due,
      note: r.note,
      is_read: false,
      target_uid: who?.provider_uid ?? null,
      display_name: who?.display_name ?? null,
      reminder_type: 'reminder',
      ui_model_name: 'patients',
      route: `/patients/${r.patientUid}/details`,
      created_by: me.user_uid,
      created_date: new Date(due.getTime() - 2 * DAY),
      updated_date: new Date(due.getTime() - 2 * DAY),
    };
  });
  await db.insertInto('notification').values(rows).execute();
}
