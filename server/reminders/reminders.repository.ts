import { sql } from 'kysely';
import type { ReminderPayload } from '../../shared/schemas/reminders';
import type { AuthContext } from '../auth/context';
import type { Db } from '../db/connect';
import { findOne, whereClause } from '../dataviews/engine';
import { homePageNotificationsView as view } from './reminders.views';
import { sqlNow } from '../db/clock';

type Attributes = ReminderPayload['data']['attributes'];
/** What an update may change (spec 000 section 7 "Update reminder"). */
export interface ReminderPatch {
  is_read?: boolean;
  display_name?: string | null;
  target_uid?: string | null;
  reminder_date?: string;
}

/** A reminder is the caller's to see and change exactly when its list row is in the caller's scope. */
const inScope = (auth: AuthContext) =>
  sql<boolean>`exists (select 1 from home_page_notifications_view v where v.id = notification.id and ${whereClause(view, auth, [])})`;

/** The reminder as the lists show it, or undefined when missing or out of the caller's scope. */
export const findReminder = (db: Db, auth: AuthContext, id: string) => findOne(db, view, auth, id);

export async function insertReminder(db: Db, a: Attributes, createdBy: string) {
  return db
    .insertInto('notification')
    .values({
      subject_uid: a.subjectUid,
      subject_type: a.subjectType,
      reminder_date: a.reminderDate,
      note: a.note,
      is_active: a.isActive,
      is_urgent: a.isUrgent,
      is_read: a.isRead,
      is_saved: a.isSaved,
      display_name: a.displayName,
      target_uid: a.targetUid,
      reminder_type: a.reminderType,
      event_type_uid: a.eventTypeUid,
      event_type_name: a.eventTypeName,
      ui_model_name: a.uiModelName,
      route: a.route,
      created_by: createdBy,
      created_date: a.createdDate,
      updated_date: a.updatedDate,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Returns false when the reminder is missing or out of scope (the caller gets a 404 either way). */
export async function updateReminder(db: Db, auth: AuthContext, id: string, patch: ReminderPatch): Promise<boolean> {
  const row = await db
    .updateTable('notification')
    .set({ ...patch, updated_date: sqlNow() })
    .where('id', '=', id)
    .where(inScope(auth))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteReminder(db: Db, auth: AuthContext, id: string): Promise<boolean> {
  const row = await db.deleteFrom('notification').where('id', '=', id).where(inScope(auth)).returning('id').executeTakeFirst();
  return row !== undefined;
}
