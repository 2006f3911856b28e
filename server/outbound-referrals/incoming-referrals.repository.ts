import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { lockReferral } from './outbound-referrals.repository';

/**
 * Division referrals to `divisionUid` that nobody there has linked to a record
 * yet, with the person they are about: the allow-list of names, birth date,
 * gender, gender identity and phones, never the sender's record id, case,
 * custody, addresses or e-mail. A child whose record became restricted or an
 * adoption case since is not offered.
 */
function fromDivisions(db: Db, divisionUid: string) {
  return db
    .selectFrom('outbound_referral as r')
    .innerJoin('outbound_referral_view as v', 'v.outbound_referral_uid', 'r.outbound_referral_uid')
    .innerJoin('patient as p', 'p.patient_uid', 'r.patient_uid')
    .innerJoin('division as d', 'd.division_uid', 'p.division_uid')
    .select([
      'r.outbound_referral_uid', 'r.event_date', 'v.provider_role_name', 'v.priority', 'v.priority_label', 'v.reason', 'v.notes', 'v.from_provider_name',
      'd.division_name as from_division_name', 'r.created_at',
      'p.first_name', 'p.middle_name', 'p.last_name', 'p.birth_date', 'p.gender_uid', 'p.gender_label', 'p.gender_identity_uid',
      'p.mobile_phone', 'p.home_phone', 'p.work_phone', 'p.preferred_phone',
      sql<'division' | 'fhir'>`'division'`.as('source'),
    ])
    .where('r.to_type', '=', 'division')
    .where('r.to_division_uid', '=', divisionUid)
    .where('r.received_patient_uid', 'is', null)
    .where('p.restricted_flag', '<>', '1')
    .where('p.adoption_case', '=', false);
}

/**
 * Referrals EHRs sent to `divisionUid` by FHIR (issue 35 section 3) that no
 * identifier matched to a record: the same columns, from the EHR (its client
 * name) for what its ServiceRequest asked; one the EHR cancelled is no longer offered.
 */
function fromEhrs(db: Db, divisionUid: string) {
  return db
    .selectFrom('fhir_referral as f')
    .innerJoin('fhir_client as c', 'c.client_id', 'f.client_id')
    .leftJoin('reference_data as g', 'g.uid', 'f.gender_uid')
    .select([
      'f.referral_uid as outbound_referral_uid', 'f.event_date', 'f.what_for as provider_role_name', 'f.priority', sql<string>`initcap(f.priority)`.as('priority_label'),
      'f.reason', 'f.notes', 'f.requester_name as from_provider_name', 'c.display_name as from_division_name', 'f.created_at',
      'f.first_name', 'f.middle_name', 'f.last_name', 'f.birth_date', 'f.gender_uid', 'g.label as gender_label', sql<string | null>`null::uuid`.as('gender_identity_uid'),
      'f.mobile_phone', 'f.home_phone', 'f.work_phone', 'f.preferred_phone',
      sql<'division' | 'fhir'>`'fhir'`.as('source'),
    ])
    .where('f.division_uid', '=', divisionUid)
    .where('f.patient_uid', 'is', null)
    .where('f.status', '<>', 'cancelled');
}

/** What waits in a division, from other divisions and from EHRs alike. */
const waitingReferrals = (db: Db, divisionUid: string) => db.selectFrom(fromDivisions(db, divisionUid).unionAll(fromEhrs(db, divisionUid)).as('w')).selectAll('w');

export type WaitingReferral = NonNullable<Awaited<ReturnType<ReturnType<typeof waitingReferrals>['executeTakeFirst']>>>;

/** The first `limit` waiting referrals, newest first, and how many wait in all. */
export async function listWaitingReferrals(db: Db, divisionUid: string, limit: number): Promise<{ rows: WaitingReferral[]; total: number }> {
  const rows = await waitingReferrals(db, divisionUid)
    .select(sql<string>`count(*) over ()`.as('total'))
    .orderBy('w.event_date', 'desc')
    .orderBy('w.created_at', 'desc')
    .limit(limit)
    .execute();
  return { rows: rows.map(({ total: _total, ...row }) => row), total: Number(rows[0]?.total ?? 0) };
}

/** One referral waiting in `divisionUid`, held until the transaction ends when `lock` (two people linking it at once: one wins). */
export async function findWaitingReferral(db: Db, referralUid: string, divisionUid: string, lock = false): Promise<WaitingReferral | undefined> {
  if (lock) {
    await lockReferral(db, referralUid);
    await db.selectFrom('fhir_referral').select('referral_uid').where('referral_uid', '=', referralUid).forUpdate().execute();
  }
  return waitingReferrals(db, divisionUid).where('w.outbound_referral_uid', '=', referralUid).executeTakeFirst();
}
