import type { FastifyPluginAsync } from 'fastify';
import { CALENDAR_EVENT_TYPES, type CalendarEventType } from '../../shared/schemas/calendar';
import { mayReadEventDetails } from '../../shared/schemas/medical-events';
import type { Flags } from '../../shared/permissions';
import { isUuid } from '../../shared/uuid';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/context';
import { notFound } from '../errors';
import { allow, forPatient, PATIENT_RECORD_FLAGS, patientOf, WORK_LIST_FLAGS } from '../security/access';
import { citSummary, findEvent, latestEvents, listNotes, listUnreadReminders, primaryAddress, type EventCard } from './face-sheet.repository';
import { CitSummary, EventCardList, EventDocument, NoteCardList, PrimaryAddress, ReminderCardList } from './face-sheet.responses';

/** Rows a face-sheet card shows; the section's own page lists the rest. */
const CARD_ROWS = 10;
/** The patient reminders page lists more than the card. */
const PAGE_ROWS = 100;

/**
 * A medical event whose details its type keeps from the caller (a crisis
 * contact sheet for anyone but CIT staff) shows only when, what and its
 * status: the provider, facility, notes and sheet stay on the server.
 */
function readBy<T extends EventCard & { notes?: string | null; cit_submission_uid?: string | null }>(flags: Flags, event: T): T {
  if (event.event_type !== 'medical_event' || mayReadEventDetails(flags, event.medical_event_name ?? '')) return event;
  return { ...event, provider_name: null, facility_name: null, ...('notes' in event && { notes: null, cit_submission_uid: null }) };
}

const list = <T extends Record<string, unknown>>(type: string, id: keyof T, rows: T[]) => ({
  data: rows.map((r) => ({ type, id: String(r[id]), attributes: r })),
  meta: { total: rows.length },
});

/**
 * The face sheet's calls (spec 001 section 7 "Notes, diagnoses, reminders,
 * admissions, overview") and the read-only event details the calendar links
 * to. Every route names the patient, so the guard decides before the handler.
 */
export const faceSheetRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  const record = forPatient(allow(...PATIENT_RECORD_FLAGS));

  app.get<{ Params: { id: string } }>('/patients/:id/medical-events', withSchemas(record, { 200: EventCardList }), async (request) => {
    const patient = patientOf(request);
    const auth = requireAuth(request);
    return list('medical-events', 'id', (await latestEvents(db, auth, patient.patient_uid)).map((e) => readBy(auth.flags, e)));
  });

  app.get<{ Params: { id: string; type: string; eventId: string } }>('/patients/:id/events/:type/:eventId', withSchemas(record, { 200: EventDocument }), async (request) => {
    const patient = patientOf(request);
    const { type, eventId } = request.params;
    const event =
      CALENDAR_EVENT_TYPES.includes(type as CalendarEventType) && isUuid(eventId)
        ? await findEvent(db, requireAuth(request), patient.patient_uid, type as CalendarEventType, eventId)
        : undefined;
    if (!event) throw notFound('Event not found');
    return { data: { type: 'events', id: event.id, attributes: readBy(requireAuth(request).flags, event) } };
  });

  app.get<{ Params: { id: string } }>('/patients/:id/notes', withSchemas(record, { 200: NoteCardList }), async (request) =>
    list('notes', 'note_uid', await listNotes(db, patientOf(request).patient_uid, CARD_ROWS)),
  );


  app.get<{ Params: { id: string } }>('/patients/:id/reminders', withSchemas(forPatient(allow(...WORK_LIST_FLAGS)), { 200: ReminderCardList }), async (request) =>
    list('reminders', 'id', await listUnreadReminders(db, patientOf(request).patient_uid, PAGE_ROWS)),
  );

  app.get<{ Params: { id: string } }>('/patients/:id/primary-address', withSchemas(record, { 200: PrimaryAddress }), async (request) => {
    const address = await primaryAddress(db, patientOf(request).patient_uid);
    return { data: address ? { type: 'addresses', id: address.address_uid, attributes: address } : null };
  });

  app.get<{ Params: { id: string } }>('/patients/:id/cit-summary', withSchemas(forPatient(allow('hasAppCit')), { 200: CitSummary }), async (request) => {
    const patient = patientOf(request);
    return { data: { type: 'cit-summaries', id: patient.patient_uid, attributes: await citSummary(db, patient.patient_uid, request.log) } };
  });
};
