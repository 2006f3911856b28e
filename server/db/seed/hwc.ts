import type { Db } from '../connect';
import { sql } from 'kysely';
import { hashAccessCode } from '../../public-forms/access-codes';
import { noticeMessage, NOT_SENT_NO_LIST, NOT_SENT_NO_SCHOOL } from '../../hwc/hwc.repository';
import type { DemoIds } from './demo';
import { ageFrom } from '../../../shared/schemas/hwc';

/** Demo district codes (documented in docs/api.md); only their hashes are stored. */
export const DEMO_HWC_CODES = { franklin: 'FRANKLIN-HWC', summit: 'SUMMIT-HWC' } as const;

/** The children of the seeded notices, by their school: one sent, one for a school without a list, one for a school that was typed in. */
export const DEMO_HWC_CHILDREN = [
  { first: 'Maya', last: 'Brooks', birth: '2014-03-09', sex: 'female', school: 'Eastmoor Middle School', reason: null },
  { first: 'Leo', last: 'Carter', birth: '2010-11-21', sex: 'male', school: 'Westgate High School', reason: NOT_SENT_NO_LIST },
  { first: 'Ava', last: 'Diaz', birth: '2016-06-02', sex: 'female', school: null, reason: NOT_SENT_NO_SCHOOL },
] as const;

/**
 * Handle with Care demo data: two school districts with codes, schools of the
 * demo organisation with and without distribution lists, and three submitted
 * notices: one sent, one for a school without a list, one for a school that
 * was typed in (unassigned).
 */
export async function seedHwc(db: Db, ids: DemoIds): Promise<void> {
  const [north, south] = ids.divisionUids;
  const [franklin] = await db
    .insertInto('hwc_agency')
    .values([
      { agency_name: 'Franklin County School District', code_hash: hashAccessCode(DEMO_HWC_CODES.franklin), org_uid: ids.orgUid, division_uid: north },
      { agency_name: 'Summit County School District', code_hash: hashAccessCode(DEMO_HWC_CODES.summit), org_uid: ids.orgUid, division_uid: south },
    ])
    .returning('agency_uid')
    .execute();

  const eastmoor = await db.selectFrom('facility').select(['facility_uid', 'facility_name']).where('facility_name', '=', 'Eastmoor Middle School').where('org_uid', '=', ids.orgUid).executeTakeFirstOrThrow();
  const [linden, westgate] = await db
    .insertInto('facility')
    .values([
      { facility_name: 'Linden Elementary School', facility_type: 'School', org_uid: ids.orgUid, city: 'Columbus', province_iso: 'OH', post_code: '43211' },
      { facility_name: 'Westgate High School', facility_type: 'School', org_uid: ids.orgUid, city: 'Columbus', province_iso: 'OH', post_code: '43204' },
    ])
    .returning(['facility_uid', 'facility_name'])
    .execute();
  await db
    .insertInto('facility_distribution_list')
    .values([
      { facility_uid: eastmoor.facility_uid, name: 'Eastmoor Counselor', email_address: 'counselor@eastmoor.test' },
      { facility_uid: linden.facility_uid, name: 'Linden Principal', email_address: 'principal@linden.test' },
      { facility_uid: linden.facility_uid, name: 'Linden Nurse', email_address: 'nurse@linden.test' },
    ])
    .execute();

  for (const child of DEMO_HWC_CHILDREN) {
    const r = { ...child, school: [eastmoor, linden, westgate].find((s) => s.facility_name === child.school) };
    const row = await db
      .insertInto('hwc_patient')
      .values({
        agency_uid: franklin.agency_uid,
        org_uid: ids.orgUid,
        division_uid: north,
        officer_name: 'Officer Dana Reyes',
        child_first_name: r.first,
        child_last_name: r.last,
        child_birth_date: r.birth,
        child_age: ageFrom(r.birth)!,
        child_gender_uid: ids.reference.genders[r.sex],
        facility_uid: r.school?.facility_uid ?? null,
        facility_name: r.school?.facility_name ?? 'Hilltop Academy',
        didnt_send_reason: r.reason,
      })
      .returning('hwc_patient_uid')
      .executeTakeFirstOrThrow();
    if (r.reason || !r.school) continue;
    // History, not work: the seeded notice was delivered already, so nothing is waiting in the outbox at start.
    const message = noticeMessage({ firstName: r.first, lastName: r.last, age: ageFrom(r.birth)!, school: r.school.facility_name });
    const entries = await db.selectFrom('facility_distribution_list').select(['name', 'email_address']).where('facility_uid', '=', r.school.facility_uid).execute();
    for (const entry of entries) {
      const outbox = await db
        .insertInto('outbox')
        .values({ channel: 'email', recipient: entry.email_address, subject: message.subject, body: message.body, status: 'delivered', attempts: 1, delivered_at: sql<Date>`now()`, last_error: null })
        .returning('outbox_uid')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('hwc_notice')
        .values({ hwc_patient_uid: row.hwc_patient_uid, outbox_uid: outbox.outbox_uid, facility_uid: r.school.facility_uid, recipient_name: entry.name, email_address: entry.email_address, sent_by: null })
        .execute();
    }
  }
}
