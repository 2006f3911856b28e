import { sql } from 'kysely';
import type { Db } from '../connect';
import type { DemoIds } from './demo';
import { ordinaryPatients } from './ordinary-patients';

/** Referrals the navigator made; `patient` picks the n-th ordinary patient as the face-sheet seed does. */
const REFERRALS: { patient: number; daysAgo: number; answeredDaysAgo: number; specialty: string; to: { facility: string } | { provider: string }; priority: 'routine' | 'urgent'; status: string; reason: string }[] = [
  { patient: 0, daysAgo: 40, answeredDaysAgo: 30, specialty: 'Psychologist', to: { facility: 'Summit Behavioral Health' }, priority: 'urgent', status: 'Enrolled', reason: 'Anxiety and poor sleep since the placement change.' },
  { patient: 0, daysAgo: 10, answeredDaysAgo: 6, specialty: 'Pediatrician', to: { provider: 'Dr. Priya Raman' }, priority: 'routine', status: 'Scheduled', reason: 'Well-child visit overdue.' },
  { patient: 1, daysAgo: 20, answeredDaysAgo: 12, specialty: 'Dentist', to: { facility: "Nationwide Children's Clinic" }, priority: 'routine', status: 'Declined', reason: 'Dental screening; the clinic has no openings for new patients.' },
  { patient: 2, daysAgo: 3, answeredDaysAgo: 3, specialty: 'Speech-Language Pathologist', to: { facility: 'Eastmoor Middle School' }, priority: 'routine', status: 'Pending', reason: 'Teacher reports speech delay.' },
];

/**
 * Demo outbound referrals with each status, so the list shows every badge for
 * the first patients of the navigator's division, and one to Summit County
 * Care that waits there to be linked (the navigator's home in Summit).
 */
export async function seedOutboundReferrals(db: Db, ids: DemoIds): Promise<void> {
  const ordinary = await ordinaryPatients(db, ids.divisionUids[0], 3);
  const navigator = await db.selectFrom('app_user as u').innerJoin('provider as pr', 'pr.user_uid', 'u.user_uid').select(['u.user_uid', 'pr.provider_uid']).where('u.user_name', '=', 'navigator').executeTakeFirstOrThrow();
  const reference = await db.selectFrom('reference_data').select(['uid', 'label', 'model']).where('model', 'in', ['reference-provider-role', 'reference-status']).where((eb) => eb.or([eb('ref_data_type', '=', 'Specialty'), eb('ref_data_type', '=', 'outbound referral')])).execute();
  const uidOf = (model: string, label: string) => reference.find((r) => r.model === model && r.label === label)!.uid;
  const facilities = await db.selectFrom('facility').select(['facility_uid', 'facility_name']).where('org_uid', '=', ids.orgUid).execute();
  const providers = await db.selectFrom('provider').select(['provider_uid', 'display_name']).where('org_uid', '=', ids.orgUid).execute();
  const day = (daysAgo: number) => sql<string>`(current_date - ${daysAgo}::int)`;
  const at = (daysAgo: number) => sql<Date>`(now() - make_interval(days => ${daysAgo}))`;
  for (const r of REFERRALS) {
    await db
      .insertInto('outbound_referral')
      .values({
        patient_uid: ordinary[r.patient].patient_uid,
        specialty_uid: uidOf('reference-provider-role', r.specialty),
        event_date: day(r.daysAgo) as unknown as string,
        status_uid: uidOf('reference-status', r.status),
        status_changed_at: at(r.answeredDaysAgo) as unknown as Date,
        from_provider_uid: navigator.provider_uid,
        to_type: 'facility' in r.to ? 'facility' : 'provider',
        to_facility_uid: 'facility' in r.to ? facilities.find((f) => f.facility_name === (r.to as { facility: string }).facility)!.facility_uid : null,
        to_provider_uid: 'provider' in r.to ? providers.find((p) => p.display_name === (r.to as { provider: string }).provider)!.provider_uid : null,
        priority: r.priority,
        reason: r.reason,
        created_by: navigator.user_uid,
        created_at: at(r.daysAgo) as unknown as Date,
      })
      .execute();
  }
  await db
    .insertInto('outbound_referral')
    .values({
      patient_uid: ordinary[2].patient_uid,
      specialty_uid: uidOf('reference-provider-role', 'Psychiatrist'),
      event_date: day(1) as unknown as string,
      status_uid: uidOf('reference-status', 'Pending'),
      from_provider_uid: navigator.provider_uid,
      to_type: 'division',
      to_division_uid: ids.divisionUids[1],
      priority: 'urgent',
      reason: 'Medication review after a move to Akron.',
      created_by: navigator.user_uid,
      created_at: at(1) as unknown as Date,
    })
    .execute();
}
