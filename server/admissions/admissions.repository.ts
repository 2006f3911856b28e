import { sql } from 'kysely';
import type { AdmissionPayload } from '../../shared/schemas/admissions';
import { rowsPlannedOnce, type Db } from '../db/connect';
import { sqlToday } from '../db/clock';

type Attributes = AdmissionPayload['data']['attributes'];

const ADMISSION_COLUMNS = [
  'a.admission_uid', 'a.patient_uid', 'a.event_date', 'a.discharge_date', 'a.status_uid', 's.label as status_label',
  'a.facility_uid', 'f.facility_name', 'a.comments', 'a.note', 'a.created_at',
] as const;

const admissions = (db: Db) =>
  db.selectFrom('admission as a').innerJoin('reference_data as s', 's.uid', 'a.status_uid').leftJoin('facility as f', 'f.facility_uid', 'a.facility_uid').select(ADMISSION_COLUMNS);

/** Spec 001 "Admission": newest first, with the status and facility names; planned once per connection (found by the patient's id in index order). */
export function listAdmissions(db: Db, patientUid: string, limit: number) {
  return rowsPlannedOnce(db, admissions(db).where('a.patient_uid', '=', patientUid).orderBy('a.event_date', 'desc').orderBy('a.admission_uid').limit(limit));
}

/** One admission; the caller checks that its patient is visible. */
export function findAdmission(db: Db, admissionUid: string) {
  return admissions(db).where('a.admission_uid', '=', admissionUid).executeTakeFirst();
}

/**
 * Spec 001 "Admission ... related notes": the patient's notes written while
 * the stay lasted (from the admission day to the discharge day, or today).
 */
export function relatedNotes(db: Db, patientUid: string, from: string, to: string | null) {
  return db
    .selectFrom('patient_note_view')
    .select(['note_uid', 'note', 'created_date', 'author_first_name', 'author_last_name'])
    .where('patient_uid', '=', patientUid)
    .where('is_archived', '=', false)
    .where(sql<boolean>`created_date::date between ${from}::date and coalesce(${to}::date, ${sqlToday()})`)
    .orderBy('created_date', 'desc')
    .execute();
}

/** Whether the status is a reference status of type Admission and the facility one of the caller's organisation. */
export async function choicesExist(db: Db, orgUid: string, a: Attributes): Promise<{ status: boolean; facility: boolean }> {
  const status = await db.selectFrom('reference_data').select('uid').where('uid', '=', a.statusUid).where('model', '=', 'reference-status').where('ref_data_type', '=', 'Admission').where('is_active', '=', true).executeTakeFirst();
  const facility = a.facilityUid
    ? await db.selectFrom('facility').select('facility_uid').where('facility_uid', '=', a.facilityUid).where((eb) => eb.or([eb('org_uid', '=', orgUid), eb('org_uid', 'is', null)])).executeTakeFirst()
    : true;
  return { status: !!status, facility: !!facility };
}

const columns = (a: Attributes) => ({
  status_uid: a.statusUid,
  facility_uid: a.facilityUid ?? null,
  event_date: a.eventDate,
  discharge_date: a.dischargeDate ?? null,
  comments: a.comments?.trim() || null,
  note: a.note?.trim() || null,
});

export async function insertAdmission(db: Db, patientUid: string, a: Attributes): Promise<string> {
  const row = await db.insertInto('admission').values({ patient_uid: patientUid, ...columns(a) }).returning('admission_uid').executeTakeFirstOrThrow();
  return row.admission_uid;
}

export async function updateAdmission(db: Db, admissionUid: string, a: Attributes): Promise<void> {
  await db.updateTable('admission').set(columns(a)).where('admission_uid', '=', admissionUid).execute();
}
