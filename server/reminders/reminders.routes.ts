import type { FastifyPluginAsync } from 'fastify';
import { ReminderPayloadSchema, ReminderUpdateSchema } from '../../shared/schemas/reminders';
import { NoContent } from '../api-docs/json-api';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { requireAuth, type AuthContext } from '../auth/context';
import type { Db } from '../db/connect';
import { toResource } from '../dataviews/engine';
import { HttpError, notFound, parseBody } from '../errors';
import { findNavigator, ownNavigator } from '../providers/providers.repository';
import { findVisiblePatient, PATIENT_NOT_FOUND } from '../patients/patient-access';
import { deleteReminder, findReminder, insertReminder, updateReminder } from './reminders.repository';
import { homePageNotificationsView as view } from './reminders.views';
import { NewReminderDocument, ReminderAssigneeDocument, ReminderDocument } from './reminders.responses';
import { WORK_LIST_FLAGS, allow } from '../security/access';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const REMINDER_NOT_FOUND = 'Reminder not found';

/**
 * The assignee's name follows the assignee: it is read from the provider
 * record, so it can never disagree with target_uid. A target that is not a
 * navigator of the caller's organisation is a field error on target_uid.
 */
async function assignee(db: Db, auth: AuthContext, targetUid: string | null, field: string): Promise<{ target_uid: string | null; display_name: string | null }> {
  if (targetUid === null) return { target_uid: null, display_name: null };
  const navigator = await findNavigator(db, auth.orgUid, targetUid);
  if (!navigator) throw new HttpError(422, [{ field, message: 'Must be a navigator of your organization' }]);
  return { target_uid: navigator.provider_uid, display_name: navigator.display_name };
}

export const remindersRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  /** Who "assigned to me" is: the caller's navigator provider record (null when they have none). */
  app.get('/reminders/me', withSchemas(allow(...WORK_LIST_FLAGS), { 200: ReminderAssigneeDocument }), async (request) => {
    const auth = requireAuth(request);
    const own = await ownNavigator(db, auth.orgUid, auth.userUid);
    return { data: { type: 'reminder-assignee', id: auth.userUid, attributes: { user_uid: auth.userUid, org_uid: auth.orgUid, provider_uid: own?.provider_uid ?? null } } };
  });

  /** Spec 002 "Reminder payload"; the patient must be one the caller may see. */
  app.post('/reminders', withSchemas(allow(...WORK_LIST_FLAGS), { 201: NewReminderDocument }, { body: ReminderPayloadSchema }), async (request, reply) => {
    const auth = requireAuth(request);
    const { data } = parseBody(ReminderPayloadSchema, request.body);
    const patientUid = data.relationships.patient.data.id;
    if (data.attributes.subjectUid !== patientUid) {
      throw new HttpError(422, [{ field: 'data.attributes.subject_uid', message: 'Must be the linked patient' }]);
    }
    if (!(await findVisiblePatient(db, auth, patientUid))) throw notFound(PATIENT_NOT_FOUND);
    const who = await assignee(db, auth, data.attributes.targetUid, 'data.attributes.target_uid');
    const row = await insertReminder(db, { ...data.attributes, targetUid: who.target_uid, displayName: who.display_name }, auth.userUid);
    return reply.status(201).send({
      data: { type: 'reminders', id: row.id, attributes: row, relationships: { patient: { data: { type: 'patients', id: patientUid } } } },
    });
  });

  app.put<{ Params: { id: string } }>('/data/public/notification/:id', withSchemas(allow(...WORK_LIST_FLAGS), { 200: ReminderDocument }, { body: ReminderUpdateSchema }), async (request) => {
    const auth = requireAuth(request);
    const { attributes } = parseBody(ReminderUpdateSchema, request.body).data;
    const id = request.params.id;
    if (!UUID.test(id)) throw notFound(REMINDER_NOT_FOUND);
    const patch = {
      ...(attributes.isRead !== undefined && { is_read: attributes.isRead }),
      ...(attributes.reminderDate !== undefined && { reminder_date: attributes.reminderDate }),
      ...(attributes.targetUid !== undefined && (await assignee(db, auth, attributes.targetUid, 'data.attributes.target_uid'))),
    };
    if (!(await updateReminder(db, auth, id, patch))) throw notFound(REMINDER_NOT_FOUND);
    return { data: toResource(view, (await findReminder(db, auth, id))!) };
  });

  /** Irreversible (spec 000 section 4). */
  app.delete<{ Params: { id: string } }>('/data/public/notification/:id', withSchemas(allow(...WORK_LIST_FLAGS), { 204: NoContent }), async (request, reply) => {
    const auth = requireAuth(request);
    const id = request.params.id;
    if (!UUID.test(id) || !(await deleteReminder(db, auth, id))) throw notFound(REMINDER_NOT_FOUND);
    return reply.status(204).send();
  });
};
