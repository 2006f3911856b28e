import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { snakeCase, snakeKeys } from '../../shared/casing';
import {
  FORM_EVENT_NAMES,
  mayReadEventDetails,
  MedicalEventPayloadSchema,
  medicalEventSchema,
  ruledValues,
  shownDetailObject,
  todayIn,
  type MedicalEventType,
  type MedicalEventValues,
} from '../../shared/schemas/medical-events';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { isUuid } from '../../shared/uuid';
import { check } from '../../shared/schemas/validate';
import { NoContent } from '../api-docs/json-api';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { auditSourceOf } from '../audit/audit-source';
import { changeEntry, recordChange } from '../audit/audit.repository';
import { requireAuth } from '../auth/context';
import type { Db } from '../db/connect';
import { forbidden, HttpError, notFound, parseBody } from '../errors';
import { PATIENT_NOT_FOUND, visibleRow } from '../patients/patient-access';
import { patientScope } from '../dataviews/scopes';
import { onceOnly } from '../public-forms/idempotency';
import { settleHumanInteractions } from './human-interactions';
import { allow, forPatient, patientOf } from '../security/access';
import {
  addNote,
  deactivateNote,
  EVENT_ROW_FIELDS,
  findEventType,
  findMedicalEvent,
  insertMedicalEvent,
  listEvents,
  listForeignEvents,
  previousNotes,
  unlistedChoices,
  updateMedicalEvent,
  type EventNote,
  type EventRowOnly,
  type EventTypeChoices,
  type MedicalEventRow,
} from './medical-events.repository';
import { AddedEventDocument, ChangedEventDocument, EventDocument, EventList, EventTypeDocument, ForeignEventList } from './medical-events.responses';

const EVENT_NOT_FOUND = 'Medical event not found';
const TYPE_NOT_FOUND = 'Medical event type not found';
const NOTE_NOT_FOUND = 'Note not found';
/** Crisis interventions are approved CIT sheets: CIT staff change them there, never through this form. */
const CIT_STAFF_READ_ONLY = 'Crisis Intervention Team users review medical events; they do not record them';
const LIST_ROWS = 100;

const wire = (path: string) => `data.attributes.${path.split('.').map(snakeCase).join('.')}`;

/**
 * An event as the caller may read it: whole for its type's detail readers,
 * otherwise only its row (the allow-list EVENT_ROW_FIELDS), never its answers
 * or notes.
 */
function readBy(request: FastifyRequest, row: MedicalEventRow): MedicalEventRow | EventRowOnly {
  if (mayReadEventDetails(requireAuth(request).flags, row.medical_event_name)) return row;
  return { ...(Object.fromEntries(EVENT_ROW_FIELDS.map((f) => [f, row[f]])) as Omit<EventRowOnly, 'detail_object'>), detail_object: {} };
}

/** The stored JSON (location, detail members) goes out in the wire's snake_case like every column. */
const resource = (row: (MedicalEventRow | EventRowOnly) & { previous_notes?: EventNote[] }) => ({ type: 'medical-events', id: row.medical_event_uid, attributes: snakeKeys(row) });
/** One event as its details page reads it: with its Previous Notes when the caller reads its details. */
async function withNotes(db: Db, request: FastifyRequest, row: MedicalEventRow) {
  const shown = readBy(request, row);
  return resource(shown === row ? { ...row, previous_notes: await previousNotes(db, row.medical_event_uid) } : shown);
}

async function knownType(db: Db, request: FastifyRequest, name: string): Promise<EventTypeChoices> {
  const choices = await findEventType(db, name, requireAuth(request).orgUid);
  if (!choices) throw notFound(TYPE_NOT_FOUND);
  return choices;
}

/**
 * Every rule of spec 002 section 5 "Medical event" through the shared schema,
 * then the chosen ids against the type's lists. Returns the values to store
 * and the detail members the type shows for them.
 */
async function checked(db: Db, request: FastifyRequest, choices: EventTypeChoices, raw: MedicalEventValues, storedDate?: string) {
  const { type, statuses } = choices;
  const values = ruledValues(type, raw);
  const result = check(medicalEventSchema({ type, statusNameOf: (uid) => statuses.get(uid), todayIn, storedDate }), values);
  if (result.errors) throw new HttpError(422, result.errors.map((e) => ({ ...e, field: e.field && wire(e.field) })));
  const detail = shownDetailObject(type.medicalEventName, values, values.statusUid ? statuses.get(values.statusUid) : undefined);
  const unlisted = await unlistedChoices(db, requireAuth(request).orgUid, choices, values, detail);
  if (unlisted.length) throw new HttpError(422, unlisted.map((field) => ({ field: wire(field), message: NOT_LISTED })));
  return { values, detail };
}

/** The form types only, and never by CIT staff (spec 002 section 6: their Add button is hidden; the server refuses too). */
function assertRecorder(request: FastifyRequest, type: MedicalEventType) {
  if (requireAuth(request).flags.hasAppCit) throw forbidden(CIT_STAFF_READ_ONLY);
  if (!FORM_EVENT_NAMES.includes(type.medicalEventName as (typeof FORM_EVENT_NAMES)[number])) {
    throw new HttpError(422, [{ field: 'data.attributes.medical_event_name', message: NOT_LISTED }]);
  }
}

/**
 * Medical events (spec 002 sections 2, 5 and 7 "Medical events"): a patient's
 * events of one type, one event, and the add and edit forms, for users with
 * the medicalEvent feature. Every write records its activity-log entry in the
 * same transaction; the calendar reads the same table.
 */
export const medicalEventsRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  const medicalEvent = allow('medicalEvent');

  app.get<{ Params: { name: string } }>('/medical-event-types/:name', withSchemas(medicalEvent, { 200: EventTypeDocument }), async (request) => {
    const { type } = await knownType(db, request, request.params.name);
    return { data: { type: 'reference-medical-event', id: type.uid, attributes: snakeKeys(type) } };
  });

  app.get<{ Params: { id: string; name: string } }>('/patients/:id/medical-events/:name', withSchemas(forPatient(medicalEvent), { 200: EventList }), async (request) => {
    const { type } = await knownType(db, request, request.params.name);
    const rows = await listEvents(db, patientOf(request).patient_uid, type.uid, LIST_ROWS);
    return { data: rows.map((row) => resource(readBy(request, row))), meta: { total: rows.length, medical_event_type: snakeKeys(type) } };
  });

  /**
   * Spec 002 "Medical event list": the same person's events from another
   * division (`?medical_event_name=` narrows them to one type). They are
   * listed, never opened: `/medical-events/{id}` answers 404 for them.
   */
  app.get<{ Params: { id: string }; Querystring: { medical_event_name?: string } }>('/patients/:id/foreign/medical-event', withSchemas(forPatient(medicalEvent), { 200: ForeignEventList }), async (request) => {
    const name = request.query.medical_event_name;
    const type = name === undefined ? null : (await knownType(db, request, name)).type;
    const rows = await listForeignEvents(db, patientOf(request).patient_uid, requireAuth(request).divisionUid, type?.uid ?? null, LIST_ROWS);
    return { data: rows.map(resource), meta: { total: rows.length } };
  });

  app.get<{ Params: { id: string } }>('/medical-events/:id', withSchemas(medicalEvent, { 200: EventDocument }), async (request) => ({
    data: await withNotes(db, request, await visibleRow(db, request, request.params.id, findMedicalEvent, EVENT_NOT_FOUND)),
  }));

  /** A double click or a retry with the same Idempotency-Key stores one event. */
  app.post('/medical-events', withSchemas(medicalEvent, { 201: AddedEventDocument }, { body: MedicalEventPayloadSchema }), async (request, reply) => {
    const { attributes } = parseBody(MedicalEventPayloadSchema, request.body).data;
    const choices = await findEventType(db, attributes.medicalEventName, requireAuth(request).orgUid);
    if (!choices) throw new HttpError(422, [{ field: 'data.attributes.medical_event_name', message: NOT_LISTED }]);
    const { type } = choices;
    assertRecorder(request, type);
    if (!attributes.patientUid) throw new HttpError(422, [{ field: 'data.attributes.patient_uid', message: 'Required' }]);
    // The access guard's rule is the insert's condition (one statement fewer than requirePatient first).
    if (!isUuid(attributes.patientUid)) throw notFound(PATIENT_NOT_FOUND);
    const patientUid = attributes.patientUid;
    return onceOnly(db, request, reply, 'medical-events', async (trx) => {
      const { values, detail } = await checked(trx, request, choices, attributes);
      const people = await settleHumanInteractions(trx, request, detail, type.medicalEventLabel);
      const row = await insertMedicalEvent(trx, patientUid, patientScope('patient')(requireAuth(request)), type.uid, requireAuth(request).userUid, values, people, (id) =>
        changeEntry(trx, auditSourceOf(request), {
          patientUid,
          action: 'AddedMedicalEvent',
          did: `added a ${type.medicalEventLabel.toLowerCase()} event`,
          targetType: 'medical-events',
          targetUid: id,
        }),
      );
      if (!row) throw notFound(PATIENT_NOT_FOUND);
      await addNote(trx, row.medical_event_uid, requireAuth(request).userUid, values);
      // A new event's only note is the one just written, if any.
      return { status: 201, body: { data: values.notes?.trim() ? await withNotes(trx, request, row) : resource({ ...row, previous_notes: [] }) } };
    });
  });

  app.put<{ Params: { id: string } }>('/medical-events/:id', withSchemas(medicalEvent, { 200: ChangedEventDocument }, { body: MedicalEventPayloadSchema }), async (request) => {
    const { attributes } = parseBody(MedicalEventPayloadSchema, request.body).data;
    return db.transaction().execute(async (trx) => {
      const before = await visibleRow(trx, request, request.params.id, findMedicalEvent, EVENT_NOT_FOUND);
      const choices = await knownType(trx, request, before.medical_event_name);
      const { type } = choices;
      assertRecorder(request, type);
      if (attributes.medicalEventName !== type.medicalEventName) throw new HttpError(422, [{ field: 'data.attributes.medical_event_name', message: 'An event keeps its type' }]);
      const { values, detail } = await checked(trx, request, choices, attributes, before.event_date_local);
      const people = await settleHumanInteractions(trx, request, detail, type.medicalEventLabel, before.detail_object);
      await updateMedicalEvent(trx, before.medical_event_uid, values, people);
      await addNote(trx, before.medical_event_uid, requireAuth(request).userUid, values);
      await recordChange(trx, auditSourceOf(request), {
        patientUid: before.patient_uid,
        action: 'ChangedMedicalEvent',
        did: `changed a ${type.medicalEventLabel.toLowerCase()} event`,
        targetType: 'medical-events',
        targetUid: before.medical_event_uid,
      });
      return { data: await withNotes(trx, request, (await findMedicalEvent(trx, before.medical_event_uid))!) };
    });
  });

  /** Spec 002 "Medical event forms": notes are deactivated (after a confirmation), never edited. */
  app.delete<{ Params: { id: string; noteId: string } }>('/medical-events/:id/notes/:noteId', withSchemas(medicalEvent, { 204: NoContent }), async (request, reply) => {
    await db.transaction().execute(async (trx) => {
      const event = await visibleRow(trx, request, request.params.id, findMedicalEvent, EVENT_NOT_FOUND);
      assertRecorder(request, (await knownType(trx, request, event.medical_event_name)).type);
      if (!isUuid(request.params.noteId) || !(await deactivateNote(trx, event.medical_event_uid, request.params.noteId))) throw notFound(NOTE_NOT_FOUND);
      await recordChange(trx, auditSourceOf(request), {
        patientUid: event.patient_uid,
        action: 'DeactivatedMedicalEventNote',
        did: `deactivated a note of a ${event.medical_event_label.toLowerCase()} event`,
        targetType: 'medical-events',
        targetUid: event.medical_event_uid,
      });
    });
    return reply.status(204).send();
  });
};
