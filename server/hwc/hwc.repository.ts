import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { hashAccessCode } from '../public-forms/access-codes';
import { enqueueMessage } from '../outbox/outbox.repository';


export async function findAgencyByCode(db: Db, code: string) {
  return db
    .selectFrom('hwc_agency')
    .select(['agency_uid', 'agency_name', 'org_uid', 'division_uid'])
    .where('code_hash', '=', hashAccessCode(code))
    .where('is_active', '=', true)
    .executeTakeFirst();
}

const ownSchoolWhere = (orgUid: string) =>
  sql<boolean>`f.facility_type = 'School' and (f.org_uid = ${orgUid} or f.facility_uid in (select facility_uid from organization_facility where org_uid = ${orgUid}))`;

/** Schools an organisation may choose (its own and linked ones), selectable ones only when asked. */
export async function listSchools(db: Db, orgUid: string, options: { onlySelectable: boolean; descending: boolean; limit: number }) {
  let query = db
    .selectFrom('facility as f')
    .select(['f.facility_uid', 'f.facility_name', 'f.is_in_selections', 'f.org_uid'])
    .where(ownSchoolWhere(orgUid));
  if (options.onlySelectable) query = query.where('f.is_in_selections', '=', true);
  return query.orderBy('f.facility_name', options.descending ? 'desc' : 'asc').limit(options.limit).execute();
}

export async function findSchool(db: Db, orgUid: string, facilityUid: string) {
  return db.selectFrom('facility as f').select(['f.facility_uid', 'f.facility_name', 'f.is_in_selections']).where('f.facility_uid', '=', facilityUid).where(ownSchoolWhere(orgUid)).executeTakeFirst();
}

export async function distributionList(db: Db, facilityUid: string) {
  return db.selectFrom('facility_distribution_list').select(['id', 'name', 'email_address', 'facility_uid']).where('facility_uid', '=', facilityUid).orderBy('created_at').orderBy('id').execute();
}

/**
 * The notice a school receives (issue 4): the child's name, age and school and
 * the words "Handle with Care", and nothing else: no incident, no agency, no
 * officer, no birth date.
 */
export function noticeMessage(child: { firstName: string; lastName: string; age: number; school: string }) {
  return {
    subject: 'Handle with Care',
    body: [
      'Handle with Care',
      '',
      `Child: ${child.firstName} ${child.lastName}`,
      `Age: ${child.age}`,
      `School: ${child.school}`,
      '',
      'Please handle this child with care at school in the coming days.',
    ].join('\n'),
  };
}

/**
 * Sends the notice to every address on the school's list, through the outbox
 * in the caller's transaction, and records each delivery. Returns how many.
 */
export async function sendNotices(trx: Db, hwcPatientUid: string, sentBy: string | null): Promise<number> {
  const record = await trx
    .selectFrom('hwc_patient')
    .select(['child_first_name', 'child_last_name', 'child_age', 'facility_uid', 'facility_name'])
    .where('hwc_patient_uid', '=', hwcPatientUid)
    .executeTakeFirstOrThrow();
  if (!record.facility_uid) return 0;
  const entries = await distributionList(trx, record.facility_uid);
  const message = noticeMessage({ firstName: record.child_first_name, lastName: record.child_last_name, age: record.child_age, school: record.facility_name });
  for (const entry of entries) {
    const outboxUid = await enqueueMessage(trx, { channel: 'email', recipient: entry.email_address, subject: message.subject, body: message.body });
    await trx
      .insertInto('hwc_notice')
      .values({ hwc_patient_uid: hwcPatientUid, outbox_uid: outboxUid, facility_uid: record.facility_uid, recipient_name: entry.name, email_address: entry.email_address, sent_by: sentBy })
      .execute();
  }
  return entries.length;
}

export const NOT_SENT_NO_SCHOOL = 'The school is not in the list yet: assign a school to send the notice.';
export const NOT_SENT_NO_LIST = 'The school has no distribution list: add an email address to send the notice.';

/**
 * The detail page's record (spec 002 "Handle with Care detail"), with every
 * delivery and its outbox status; only within the caller's current division,
 * like every other record.
 */
export async function findHwcPatient(db: Db, divisionUid: string, hwcPatientUid: string) {
  const row = await db
    .selectFrom('hwc_patient as h')
    .leftJoin('reference_data as g', 'g.uid', 'h.child_gender_uid')
    .select([
      'h.hwc_patient_uid',
      'h.didnt_send_reason',
      'h.officer_name',
      'h.created_at',
      'h.child_first_name',
      'h.child_last_name',
      'g.label as gender_label',
      'h.child_age',
      'h.facility_uid',
      'h.facility_name',
      'h.is_ignored',
      'h.org_uid',
    ])
    .where('h.hwc_patient_uid', '=', hwcPatientUid)
    .where('h.division_uid', '=', divisionUid)
    .executeTakeFirst();
  if (!row) return null;
  const notices = await db
    .selectFrom('hwc_notice as n')
    .innerJoin('outbox as o', 'o.outbox_uid', 'n.outbox_uid')
    .leftJoin('facility as f', 'f.facility_uid', 'n.facility_uid')
    .select(['n.notice_uid', 'n.recipient_name', 'n.email_address', 'f.facility_name', 'n.created_at', 'o.status', 'o.delivered_at'])
    .where('n.hwc_patient_uid', '=', hwcPatientUid)
    .orderBy('n.created_at')
    .orderBy('n.recipient_name')
    .execute();
  return {
    hwc_patient_uid: row.hwc_patient_uid,
    didnt_send_reason: row.didnt_send_reason,
    officer_name: row.officer_name,
    created_date: row.created_at,
    name: `${row.child_last_name}, ${row.child_first_name}`,
    gender_label: row.gender_label,
    age: row.child_age,
    facility_uid: row.facility_uid,
    facility_name: row.facility_name,
    is_ignored: row.is_ignored,
    org_uid: row.org_uid,
    notices,
  };
}
