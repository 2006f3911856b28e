import type { FastifyRequest } from 'fastify';
import { sql, type Selectable } from 'kysely';
import { isUuid } from '../../shared/uuid';
import { auditSourceOf } from '../audit/audit-source';
import { recordAudit } from '../audit/audit.repository';
import { logIdentityAction } from '../audit/identity-action-log';
import { requireAuth } from '../auth/context';
import { planOnce, type Db } from '../db/connect';
import type { PatientTable } from '../db/database';
import { patientScope, type Viewer } from '../dataviews/scopes';
import { notFound } from '../errors';

// Named, not `*`: a column added by a later migration must not change what a prepared statement returns.
export const PATIENT_COLUMNS = [
  'patient_uid', 'division_uid', 'first_name', 'middle_name', 'last_name', 'birth_date', 'gender_uid', 'gender_identity_uid', 'restricted_flag', 'in_custody',
  'agency_legal_status', 'sacwis_person_id', 'mobile_phone', 'home_phone', 'work_phone', 'preferred_phone', 'note', 'episode_status_uid',
  'race_uid', 'ethnicity_uid', 'avatar_file', 'latest_referral_date', 'latest_referral_status', 'latest_referral_source_uid', 'created_at', 'updated_at',
] as const satisfies readonly (keyof PatientTable)[];

export const PATIENT_NOT_FOUND = 'Patient not found';

export type Patient = Pick<Selectable<PatientTable>, (typeof PATIENT_COLUMNS)[number]>;

/**
 * Every read of one patient for a signed-in caller goes through here: the
 * patient when the caller may see it (current division; restricted cases with
 * the permission or a case link; adoption cases with the healthcare role or
 * permission), otherwise undefined. A malformed id is not found, never a
 * database error.
 */
export async function findVisiblePatient(db: Db, auth: Viewer, patientUid: string): Promise<Patient | undefined> {
  if (!isUuid(patientUid)) return undefined;
  // Every record call starts here: planned once per connection (a lookup by the key whatever the caller).
  const { rows } = await planOnce(
    sql<Patient>`select ${sql.join(PATIENT_COLUMNS.map((c) => sql.ref(c)))} from patient where patient_uid = ${patientUid} and ${patientScope('patient')(auth)}`,
  ).execute(db);
  return rows[0];
}

/** Of these ids, the patients the caller may see (the same rule as findVisiblePatient, in one query). */
export async function visiblePatientIds(db: Db, auth: Viewer, patientUids: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(patientUids.filter(isUuid))];
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('patient').select('patient_uid').where('patient_uid', 'in', ids).where(sql<boolean>`${patientScope('patient')(auth)}`).execute();
  return new Set(rows.map((r) => r.patient_uid));
}

export interface RequirePatientOptions {
  /** false for a call that writes its own audit entry (POST /api/audit) rather than counting as a view. */
  recordView?: boolean;
}

/**
 * The patient, or the standard 404 for a malformed id or a patient the caller
 * may not see: the same answer whether or not it exists. A patient page's call
 * (x-page-view header) is a view of the record: the first one of the page view
 * writes the ViewedPatient entry, the rest find it there. Pass the caller's
 * transaction as `db` when it holds one.
 */
export async function requirePatient(db: Db, request: FastifyRequest, patientUid: string, options: RequirePatientOptions = {}): Promise<Patient> {
  const source = auditSourceOf(request);
  const patient = await findVisiblePatient(db, requireAuth(request), patientUid);
  if (!patient) throw notFound(PATIENT_NOT_FOUND);
  await auditGlassRead(db, request, patient.patient_uid);
  if (source.pageViewId && options.recordView !== false) {
    const auth = requireAuth(request);
    const first = await recordAudit(db, { ...source, patientUid: patient.patient_uid, action: 'ViewedPatient', targetType: 'patients', targetUid: patient.patient_uid });
    if (first && auth.flags.hasAppIdentity) await logIdentityAction(db, auth, { action: 'ViewedPatient', patientUid: patient.patient_uid, reportName: null });
  }
  return patient;
}

/**
 * A row that belongs to one patient (a note, an admission, a document ...),
 * looked up by `find`, when the caller may see that patient; otherwise a 404
 * with `message`, the same answer whether or not the row exists. A malformed
 * id is not found, never a database error.
 */
export async function visibleRow<T extends { patient_uid: string }>(
  db: Db,
  request: FastifyRequest,
  id: string,
  find: (db: Db, id: string) => Promise<T | undefined>,
  message: string,
): Promise<T> {
  const row = isUuid(id) ? await find(db, id) : undefined;
  if (!row || !(await findVisiblePatient(db, requireAuth(request), row.patient_uid))) throw notFound(message);
  await auditGlassRead(db, request, row.patient_uid);
  return row;
}

/**
 * Issue 38: every call that reads a record opened by breaking the glass is an
 * audit entry naming the event, not one per page view as ViewedPatient is.
 */
async function auditGlassRead(db: Db, request: FastifyRequest, patientUid: string): Promise<void> {
  const window = requireAuth(request).glass.find((g) => g.patientUid === patientUid);
  if (!window) return;
  const source = auditSourceOf(request);
  await recordAudit(db, { ...source, pageViewId: null, patientUid, action: 'BreakGlassRead', targetType: 'patients', targetUid: patientUid, breakGlassUid: window.breakGlassUid });
}
