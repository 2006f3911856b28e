import type { MedicationPayload } from '../../shared/schemas/medications';
import type { Db } from '../db/connect';
import { now } from '../../shared/clock';

type Attributes = MedicationPayload['data']['attributes'];

const MEDICATION_COLUMNS = [
  'patient_medication_uid', 'patient_uid', 'medication_uid', 'medication_label', 'dosage', 'frequency', 'started_date', 'finished_date',
  'is_primary', 'is_prescription', 'is_still_taking', 'medication_route_uids', 'medication_route_labels',
  'patient_reported_improvement', 'relief_rating', 'relief_duration', 'comments', 'created_at', 'updated_at',
] as const;

/** One medication with its names and routes; the caller checks that its patient is visible. */
export function findMedication(db: Db, medicationUid: string) {
  return db.selectFrom('patient_medication_view').select(MEDICATION_COLUMNS).where('patient_medication_uid', '=', medicationUid).executeTakeFirst();
}

/** Whether the medication and every route are active entries of their lists. */
export async function choicesExist(db: Db, a: Attributes): Promise<{ medication: boolean; routes: boolean }> {
  const routes = [...new Set(a.medicationRouteUids ?? [])];
  const [medication, found] = await Promise.all([
    db.selectFrom('reference_data').select('uid').where('uid', '=', a.medicationUid).where('model', '=', 'reference-medication').where('is_active', '=', true).executeTakeFirst(),
    routes.length
      ? db.selectFrom('reference_data').select('uid').where('uid', 'in', routes).where('model', '=', 'reference-medication-route').where('is_active', '=', true).execute()
      : [],
  ]);
  return { medication: !!medication, routes: found.length === routes.length };
}

const columns = (a: Attributes) => ({
  medication_uid: a.medicationUid,
  dosage: a.dosage?.trim() || null,
  frequency: a.frequency?.trim() || null,
  started_date: a.startedDate ?? null,
  finished_date: a.finishedDate ?? null,
  is_primary: a.isPrimary ?? false,
  is_prescription: a.isPrescription ?? false,
  is_still_taking: a.isStillTaking ?? false,
  patient_reported_improvement: a.patientReportedImprovement ?? null,
  relief_rating: a.reliefRating ?? null,
  relief_duration: a.reliefDuration ?? null,
  comments: a.comments?.trim() || null,
});

/** The routes are the ones sent: the old set is replaced. */
async function setRoutes(db: Db, medicationUid: string, routeUids: readonly string[] | undefined): Promise<void> {
  await db.deleteFrom('patient_medication_route').where('patient_medication_uid', '=', medicationUid).execute();
  const routes = [...new Set(routeUids ?? [])];
  if (routes.length) await db.insertInto('patient_medication_route').values(routes.map((route_uid) => ({ patient_medication_uid: medicationUid, route_uid }))).execute();
}

export async function insertMedication(db: Db, patientUid: string, a: Attributes): Promise<string> {
  const row = await db.insertInto('patient_medication').values({ patient_uid: patientUid, ...columns(a) }).returning('patient_medication_uid').executeTakeFirstOrThrow();
  await setRoutes(db, row.patient_medication_uid, a.medicationRouteUids);
  return row.patient_medication_uid;
}

export async function updateMedication(db: Db, medicationUid: string, a: Attributes): Promise<void> {
  await db.updateTable('patient_medication').set({ ...columns(a), updated_at: now() }).where('patient_medication_uid', '=', medicationUid).execute();
  await setRoutes(db, medicationUid, a.medicationRouteUids);
}
