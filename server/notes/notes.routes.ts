import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { NotePayloadSchema } from '../../shared/schemas/notes';
import { NoContent } from '../api-docs/json-api';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { auditSourceOf } from '../audit/audit-source';
import { recordChange } from '../audit/audit.repository';
import { requireAuth } from '../auth/context';
import type { Db } from '../db/connect';
import { notFound, parseBody } from '../errors';
import { requirePatient, visibleRow } from '../patients/patient-access';
import { onceOnly } from '../public-forms/idempotency';
import { allow, CARE_FLAGS } from '../security/access';
import { archiveNote, findNote, insertNote } from './notes.repository';
import { NoteDocument } from './notes.responses';

const NOTE_NOT_FOUND = 'Note not found';

const visibleNote = (db: Db, request: FastifyRequest, noteUid: string) => visibleRow(db, request, noteUid, findNote, NOTE_NOT_FOUND);

const resource = (note: NonNullable<Awaited<ReturnType<typeof findNote>>>) => ({
  type: 'notes',
  id: note.note_uid,
  attributes: note,
  relationships: { patient: { data: { type: 'patients', id: note.patient_uid } } },
});

/** The record's Notes section (spec 001 sections 2, 4 and 7); the list is the `patient_note` data view. */
export const notesRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  const notes = allow(...CARE_FLAGS);

  app.get<{ Params: { id: string } }>('/notes/:id', withSchemas(notes, { 200: NoteDocument }), async (request) => ({ data: resource(await visibleNote(db, request, request.params.id)) }));

  /** A double click or a retry with the same Idempotency-Key stores one note. */
  app.post('/notes', withSchemas(notes, { 201: NoteDocument }, { body: NotePayloadSchema }), async (request, reply) => {
    const auth = requireAuth(request);
    const { data } = parseBody(NotePayloadSchema, request.body);
    return onceOnly(db, request, reply, 'notes', async (trx) => {
      const patient = await requirePatient(trx, request, data.relationships.patient.data.id);
      const note = await insertNote(trx, patient.patient_uid, auth.userUid, data.attributes);
      await recordChange(trx, auditSourceOf(request), { patientUid: patient.patient_uid, action: 'AddedNote', did: 'added a note', targetType: 'notes', targetUid: note.note_uid });
      return { status: 201, body: { data: resource(note) } };
    });
  });

  /** Deactivation (spec 001 section 4: notes are never edited). */
  app.delete<{ Params: { id: string } }>('/notes/:id', withSchemas(notes, { 204: NoContent }), async (request, reply) => {
    await db.transaction().execute(async (trx) => {
      const note = await visibleNote(trx, request, request.params.id);
      if (!(await archiveNote(trx, note.note_uid))) throw notFound(NOTE_NOT_FOUND);
      await recordChange(trx, auditSourceOf(request), { patientUid: note.patient_uid, action: 'DeactivatedNote', did: 'deactivated a note', targetType: 'notes', targetUid: note.note_uid });
    });
    return reply.status(204).send();
  });
};
