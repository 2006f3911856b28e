import { sql } from 'kysely';
import { TASK_STATUS_LABELS, REJECTION_LABELS, type EhrReferralAnswer, type FhirTaskStatus } from '../../shared/schemas/fhir-referrals';
import type { Db } from '../db/connect';
import { sqlNow } from '../db/clock';
import { notifyTaskChange } from '../fhir/task-notifications';

/** A patient's referral from an EHR as staff see it: what for, from whom, its status and what may follow. */
function ehrReferrals(db: Db) {
  return db
    .selectFrom('fhir_referral as f')
    .innerJoin('fhir_client as c', 'c.client_id', 'f.client_id')
    .select([
      'f.referral_uid', 'f.patient_uid', 'f.division_uid', 'f.event_date', 'f.what_for', 'f.priority', sql<string>`initcap(f.priority)`.as('priority_label'), 'f.reason', 'f.notes',
      'f.requester_name', 'c.display_name as from_system_name', 'f.status', 'f.status_reason', 'f.output_display', 'f.updated_at as status_changed_at', 'f.inbound_referral_uid',
    ]);
}
export type EhrReferral = NonNullable<Awaited<ReturnType<ReturnType<typeof ehrReferrals>['executeTakeFirst']>>>;

/** The EHR referrals linked to this record, newest first, with the codes they were sent with (issue 35: "with its reason and codes"; migration 086 reads them). */
export async function ehrReferralsOf(db: Db, patientUid: string) {
  return ehrReferrals(db)
    .select(sql<string[]>`fhir_referral_codes(f.service_request, f.supporting)`.as('codes'))
    .where('f.patient_uid', '=', patientUid)
    .orderBy('f.event_date', 'desc')
    .orderBy('f.created_at', 'desc')
    .execute();
}

/** One linked referral, held until the transaction ends (two answers at once: the second sees the first's status). */
export async function lockedEhrReferral(db: Db, referralUid: string): Promise<EhrReferral | undefined> {
  await db.selectFrom('fhir_referral').select('referral_uid').where('referral_uid', '=', referralUid).forUpdate().execute();
  return ehrReferrals(db).where('f.referral_uid', '=', referralUid).where('f.patient_uid', 'is not', null).executeTakeFirst();
}

/** What the EHR reads as the Task's businessStatus: the status, and why when rejected. */
const businessStatus = (a: EhrReferralAnswer) => (a.status === 'rejected' ? `${TASK_STATUS_LABELS.rejected}: ${REJECTION_LABELS[a.statusReason!]}` : TASK_STATUS_LABELS[a.status as FhirTaskStatus]);

/**
 * The answer on the Task (status, businessStatus, statusReason, output) and on
 * the division's inbound referral (its status label: anything but New takes
 * it out of "new referrals"), and the EHR's REST-hook notifications in the outbox.
 */
export async function answerEhrReferral(db: Db, referral: EhrReferral, a: EhrReferralAnswer): Promise<void> {
  await db
    .updateTable('fhir_referral')
    .set({
      status: a.status,
      business_status: businessStatus(a),
      status_reason: a.status === 'rejected' ? a.statusReason! : null,
      ...(a.status === 'completed' && { output_display: a.output!.trim() }),
      updated_at: sqlNow(),
    })
    .where('referral_uid', '=', referral.referral_uid)
    .execute();
  if (referral.inbound_referral_uid) {
    await db.updateTable('inbound_referral').set({ status: TASK_STATUS_LABELS[a.status as FhirTaskStatus] }).where('referral_uid', '=', referral.inbound_referral_uid).execute();
  }
  await notifyTaskChange(db, referral.referral_uid);
}
