import { sql } from 'kysely';
import type { AuthContext } from '../auth/context';
import type { Db } from '../db/connect';
import { patientScope } from '../dataviews/scopes';

const PATIENT_RESOURCE_COLUMNS = [
  'patient_resource_uid', 'patient_uid', 'resource_uid', 'title', 'category', 'sort_order', 'resource_type', 'resource_link', 'file_name', 'file_size', 'created_date', 'added_by_first_name', 'added_by_last_name',
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

/** The stored file under `key` of an active library File resource (the library is open to every signed-in user). */
export function libraryFile(db: Db, key: string) {
  return db
    .selectFrom('reference_resource')
    .select(['file_name', 'content_type'])
    .where('resource_type', '=', 'File')
    .where('resource_link', '=', key)
    .where('is_active', '=', true)
    .orderBy('resource_uid')
    .limit(1)
    .executeTakeFirst();
}

/** The stored file under `key` of a File resource on the list of a patient the caller may see (also one since taken out of the library). */
export function patientResourceFile(db: Db, auth: AuthContext, key: string) {
  return db
    .selectFrom('patient_resource_view as v')
    .innerJoin('reference_resource as r', 'r.resource_uid', 'v.resource_uid')
    .select(['r.file_name', 'r.content_type'])
    .where('r.resource_type', '=', 'File')
    .where('r.resource_link', '=', key)
    .where(sql<boolean>`${patientScope('v')(auth)}`)
    .limit(1)
    .executeTakeFirst();
}
