import type { Db } from '../connect';
import type { DemoIds } from './demo';
import { ordinaryPatients } from './ordinary-patients';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

type Assignee = 'me' | 'colleague' | null;

interface DemoReminder {
  /** Hours after the start of the seed's local day; negative or past 24 moves it to other days. */
  at: number;
  note: string;
  to: Assignee;
  read?: boolean;
}

/** For the navigator's division; `patient` picks the n-th ordinary patient. */
const TODAY: (DemoReminder & { patient: number })[] = [
  { patient: 0, at: 8, note: 'Call to confirm the intake appointment', to: 'me' },
  { patient: 1, at: 9.5, note: 'Follow up on the housing referral', to: 'me' },
  { patient: 2, at: 11, note: 'Check that the prescription was picked up', to: 'me' },
  { patient: 3, at: 14.25, note: 'Schedule a follow-up visit with the primary care provider', to: 'me' },
  { patient: 4, at: 10, note: 'Send the release of information form', to: 'me', read: true },
  { patient: 5, at: 8.5, note: 'Review the discharge summary from Riverside General', to: null },
  { patient: 6, at: 12, note: 'Confirm transportation for Thursday', to: null },
  { patient: 7, at: 15.75, note: 'Ask the family about the school meeting', to: null },
  { patient: 8, at: 9, note: 'Return the voicemail from the care giver', to: null, read: true },
  { patient: 9, at: 13, note: 'Update the care plan after the home visit', to: 'colleague' },
  { patient: 10, at: -20, note: 'Check in after the emergency department visit', to: 'me' },
  { patient: 11, at: 24 + 10, note: 'Bring the insurance paperwork to the clinic', to: 'me' },
  { patient: 12, at: 3 * 24 + 9, note: 'Remind about the peer support group start', to: null },
];

/**
 * Reminders that make the navigator's home card alive, plus the ones it must
 * not show: read ones, other days, another navigator's, restricted and
 * adoption cases the navigator may not see, and another division's. The
 * restricted case where the navigator is the worker stays visible to them.
 * Times are relative to the seed's local day, so "today" is today when seeded.
 */
export async function seedReminders(db: Db, ids: DemoIds): Promise<void> {
  const [north, south] = ids.divisionUids;
  const navigators = await db
    .selectFrom('provider as p')
    .innerJoin('app_user as u', 'u.user_uid', 'p.user_uid')
    .select(['p.provider_uid', 'p.display_name', 'u.user_name', 'u.user_uid'])
    .where('p.provider_role_uid', '=', ids.reference.navigatorRole)
    .execute();
  const me = navigators.find((n) => n.user_name === 'navigator')!;
  const colleague = navigators.find((n) => n.user_name === 'director')!;
  const assignee = (to: Assignee) => (to === 'me' ? me : to === 'colleague' ? colleague : null);

  const ordinary = await ordinaryPatients(db, north, TODAY.length);
  const caseOf = async (caseId: string) =>
    (await db.selectFrom('patient_case').select('patient_uid').where('case_id', '=', caseId).executeTakeFirstOrThrow()).patient_uid;
  const otherDivision = await db.selectFrom('patient').select('patient_uid').where('division_uid', '=', south).orderBy('last_name').executeTakeFirstOrThrow();

  const hidden: (DemoReminder & { patientUid: string })[] = [
    { patientUid: await caseOf('C-1001'), at: 16, note: 'Visit with the caseworker on the protective case', to: 'me' },
    { patientUid: await caseOf('C-1002'), at: 10.5, note: 'Call the caseworker about the court date', to: null },
    { patientUid: await caseOf('C-2001'), at: 11.5, note: 'Send the consent form to the adoptive parents', to: 'me' },
    { patientUid: otherDivision.patient_uid, at: 9, note: 'Confirm the dental appointment', to: null },
  ];

  const startOfToday = new Date();
  startOfToday.setHours(0, 0, 0, 0);
  const rows = [...TODAY.map((r) => ({ ...r, patientUid: ordinary[r.patient].patient_uid })), ...hidden].map((r) => {
    const who = assignee(r.to);
    const due = new Date(startOfToday.getTime() + Math.round(r.at * HOUR));
    return {
      subject_uid: r.patientUid,
      reminder_date: due,
      note: r.note,
      is_read: r.read ?? false,
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
