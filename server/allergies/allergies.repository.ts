import type { AllergyPayload } from '../../shared/schemas/allergies';
import { MEDICATION_ALLERGY_NAME } from '../../shared/schemas/allergies';
import type { Db } from '../db/connect';
import { now } from '../../shared/clock';

type Attributes = AllergyPayload['data']['attributes'];

const ALLERGY_COLUMNS = [
  'patient_allergy_uid', 'patient_uid', 'allergy_uid', 'allergy_label', 'allergy_type', 'medication_uid', 'medication_label', 'allergen_label', 'comments', 'created_at', 'updated_at',
] as const;

/** One allergy with its names; the caller checks that its patient is visible. */
export function findAllergy(db: Db, allergyUid: string) {
  return db.selectFrom('patient_allergy_view').select(ALLERGY_COLUMNS).where('patient_allergy_uid', '=', allergyUid).executeTakeFirst();
}

/** The id of the `reference-allergy` entry that needs a medication named (installed by migration 027). */
export async function medicationAllergyUid(db: Db): Promise<string | null> {
  const row = await db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-allergy').where('name', '=', MEDICATION_ALLERGY_NAME).executeTakeFirst();
  return row?.uid ?? null;
}

const listed = (db: Db, model: string, uid: string) => db.selectFrom('reference_data').select('uid').where('uid', '=', uid).where('model', '=', model).where('is_active', '=', true).executeTakeFirst();

/** Whether the allergy and the medication (when one is kept) are active entries of their lists. */
export async function choicesExist(db: Db, a: Attributes, keepsMedication: boolean): Promise<{ allergy: boolean; medication: boolean }> {
  const [allergy, medication] = await Promise.all([
    listed(db, 'reference-allergy', a.allergyUid),
    keepsMedication && a.medicationUid ? listed(db, 'reference-medication', a.medicationUid) : true,
  ]);
  return { allergy: !!allergy, medication: !!medication };
}

/** Whether the patient already has this allergy (for a Medication allergy, to this medication), other than `except`. */
export async function alreadyRecorded(db: Db, patientUid: string, a: Attributes, keepsMedication: boolean, except: string | null): Promise<boolean> {
  let query = db.selectFrom('patient_allergy').select('patient_allergy_uid').where('patient_uid', '=', patientUid).where('allergy_uid', '=', a.allergyUid);
  query = keepsMedication && a.medicationUid ? query.where('medication_uid', '=', a.medicationUid) : query.where('medication_uid', 'is', null);
  if (except) query = query.where('patient_allergy_uid', '<>', except);
  return !!(await query.executeTakeFirst());
}

const columns = (a: Attributes, keepsMedication: boolean) => ({
  allergy_uid: a.allergyUid,
  medication_uid: keepsMedication ? (a.medicationUid ?? null) : null,
  comments: a.comments?.trim() || null,
});

export async function insertAllergy(db: Db, patientUid: string, a: Attributes, keepsMedication: boolean): Promise<string> {
  const row = await db.insertInto('patient_allergy').values({ patient_uid: patientUid, ...columns(a, keepsMedication) }).returning('patient_allergy_uid').executeTakeFirstOrThrow();
  return row.patient_allergy_uid;
}

export async function updateAllergy(db: Db, allergyUid: string, a: Attributes, keepsMedication: boolean): Promise<void> {
  await db.updateTable('patient_allergy').set({ ...columns(a, keepsMedication), updated_at: now() }).where('patient_allergy_uid', '=', allergyUid).execute();
}

export async function deleteAllergy(db: Db, allergyUid: string): Promise<boolean> {
  const result = await db.deleteFrom('patient_allergy').where('patient_allergy_uid', '=', allergyUid).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
