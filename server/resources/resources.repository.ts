import type { Db } from '../db/connect';

const PATIENT_RESOURCE_COLUMNS = [
  'patient_resource_uid', 'patient_uid', 'resource_uid', 'title', 'category', 'sort_order', 'resource_type', 'resource_link', 'created_date', 'added_by_first_name', 'added_by_last_name',
] as const;

/** One resource of a patient with the library's fields; the caller checks the patient. */
export function findPatientResource(db: Db, patientResourceUid: string) {
  return db.selectFrom('patient_resource_view').select(PATIENT_RESOURCE_COLUMNS).where('patient_resource_uid', '=', patientResourceUid).executeTakeFirst();
}

/** Whether the resource is an active library entry meant for patients (what the add dialog offers). */
export async function isPatientLibraryResource(db: Db, resourceUid: string): Promise<boolean> {
  const row = await db.selectFrom('reference_resource').select('resource_uid').where('resource_uid', '=', resourceUid).where('resource_target', '=', 'patient').where('is_active', '=', true).executeTakeFirst();
  return !!row;
}

/** The new row's id, or null when the patient already has the resource (also when another request added it a moment ago). */
export async function insertPatientResource(db: Db, patientUid: string, resourceUid: string, addedBy: string): Promise<string | null> {
  const row = await db
    .insertInto('patient_resource')
    .values({ patient_uid: patientUid, resource_uid: resourceUid, added_by: addedBy })
    .onConflict((oc) => oc.columns(['patient_uid', 'resource_uid']).doNothing())
    .returning('patient_resource_uid')
    .executeTakeFirst();
  return row?.patient_resource_uid ?? null;
}

/** False when the row was already gone (removed by someone else meanwhile). */
export async function deletePatientResource(db: Db, patientResourceUid: string): Promise<boolean> {
  const result = await db.deleteFrom('patient_resource').where('patient_resource_uid', '=', patientResourceUid).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
