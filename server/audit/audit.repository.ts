import type { RawBuilder } from 'kysely';
import type { Db } from '../db/connect';
import { auditMessage, type RecordedAction } from './audit-messages';

/** Who wrote an entry, from which page view and through which call. */
export interface AuditSource {
  userUid: string;
  userDisplayName: string;
  divisionUid: string;
  pageViewId: string | null;
  serviceMethod: string;
}

export interface AuditWrite extends AuditSource {
  patientUid: string;
  action: RecordedAction;
  targetType: string;
  targetUid: string;
  /** Issue 38: the break-glass event the entry was written under. */
  breakGlassUid?: string | null;
}

const ENTRY_COLUMNS = ['audit_uid', 'patient_uid', 'action', 'user_uid', 'division_uid', 'created_at', 'page_view_id', 'service_method', 'target_type', 'target_uid', 'message'] as const;

/**
 * Writes an entry with its message. Within one page view an action is
 * written once per patient: a repeat (even a concurrent one) writes nothing
 * and returns undefined.
 */
export async function recordAudit(db: Db, entry: AuditWrite) {
  return db
    .insertInto('audit_entry')
    .values(entryRow(entry))
    .onConflict((oc) => oc.columns(['page_view_id', 'patient_uid', 'action']).where('page_view_id', 'is not', null).doNothing())
    .returning(ENTRY_COLUMNS)
    .executeTakeFirst();
}

/** Entries outside any page view (a FHIR answer naming several patients), in one statement. */
export async function recordAudits(db: Db, entries: readonly AuditWrite[]): Promise<void> {
  if (entries.length) await db.insertInto('audit_entry').values(entries.map(entryRow)).execute();
}

const entryRow = (entry: AuditWrite) => ({
  patient_uid: entry.patientUid,
  action: entry.action,
  user_uid: entry.userUid,
  division_uid: entry.divisionUid,
  page_view_id: entry.pageViewId,
  service_method: entry.serviceMethod,
  target_type: entry.targetType,
  target_uid: entry.targetUid,
  message: auditMessage(entry.action, entry.userDisplayName),
  break_glass_uid: entry.breakGlassUid ?? null,
});

/** The entry an earlier call of the same page view wrote where `recordAudit` wrote none. */
export async function findPageViewEntry(db: Db, entry: AuditWrite) {
  return db
    .selectFrom('audit_entry')
    .select(ENTRY_COLUMNS)
    .where('page_view_id', '=', entry.pageViewId)
    .where('patient_uid', '=', entry.patientUid)
    .where('action', '=', entry.action)
    .executeTakeFirstOrThrow();
}

/** A patient's entries, newest first, one page of them, with the total. */
export async function listAuditMessages(db: Db, patientUid: string, paging: { page: number; pageSize: number }) {
  const rows = await db
    .selectFrom('audit_entry as a')
    .innerJoin('app_user as u', 'u.user_uid', 'a.user_uid')
    .select(['a.audit_uid', 'a.created_at', 'a.action', 'a.message', 'a.service_method', 'a.target_type', 'a.target_uid', 'u.display_name'])
    .where('a.patient_uid', '=', patientUid)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.audit_uid', 'desc')
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize)
    .execute();
  const { total } = await db
    .selectFrom('audit_entry')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('patient_uid', '=', patientUid)
    .executeTakeFirstOrThrow();
  return { rows: rows.map((r) => ({ ...r, message: r.message ?? auditMessage(r.action, r.display_name) })), total };
}

export interface AuditChange {
  patientUid: string;
  /** An identifier for the kind of change, e.g. 'ChangedEpisodeStatus'. */
  action: string;
  /** What the user did, as the activity log says it after their name: 'changed the episode status to Active'. */
  did: string;
  targetType: string;
  targetUid: string;
}

/**
 * Records a change to a patient's record (issue 8: every write shows in the
 * activity log). Pass the transaction that makes the change, so the entry
 * exists exactly when the change does. Changes are never de-duplicated: two
 * edits in one page view are two entries.
 */
export async function recordChange(db: Db, source: AuditSource, change: AuditChange): Promise<void> {
  await changeEntry(db, source, change).execute();
}

/**
 * recordChange's insert, not yet sent: a write may run it inside its own
 * statement (a data-modifying CTE, with `targetUid` read from the row it
 * inserts), so the change and its entry take one round trip.
 */
export function changeEntry(db: Db, source: AuditSource, change: Omit<AuditChange, 'targetUid'> & { targetUid: string | RawBuilder<string> }) {
  return db.insertInto('audit_entry').values({
    patient_uid: change.patientUid,
    action: change.action,
    user_uid: source.userUid,
    division_uid: source.divisionUid,
    page_view_id: null,
    service_method: source.serviceMethod,
    target_type: change.targetType,
    target_uid: change.targetUid,
    message: `${source.userDisplayName} ${change.did}`,
  });
}
