import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ALREADY_ADDED, PatientResourcePayloadSchema } from '../../shared/schemas/resources';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { NoContent } from '../api-docs/json-api';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { auditSourceOf } from '../audit/audit-source';
import { recordChange } from '../audit/audit.repository';
import { requireAuth } from '../auth/context';
import type { Db } from '../db/connect';
import { HttpError, notFound, parseBody } from '../errors';
import { requirePatient, visibleRow } from '../patients/patient-access';
import { onceOnly } from '../public-forms/idempotency';
import { allow, CARE_FLAGS } from '../security/access';
import { deletePatientResource, findPatientResource, insertPatientResource, isPatientLibraryResource } from './resources.repository';
import { PatientResourceDocument } from './resources.responses';

const PATIENT_RESOURCE_NOT_FOUND = 'Resource not found';
const RESOURCE_FIELD = 'data.attributes.resource_uid';

const visiblePatientResource = (db: Db, request: FastifyRequest, id: string) => visibleRow(db, request, id, findPatientResource, PATIENT_RESOURCE_NOT_FOUND);

/**
 * The record's Resources page (spec 001 section 2 `resource`, section 7):
 * library resources handed to a patient. The list is the `patient-resource`
 * data view; the library is the `reference-resource` reference list. Every
 * change records its activity-log entry in the same transaction.
 */
export const resourcesRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  const care = allow(...CARE_FLAGS);

  /** A double click or a retry with the same Idempotency-Key adds the resource once. */
  app.post('/patient-resources', withSchemas(care, { 201: PatientResourceDocument }, { body: PatientResourcePayloadSchema }), async (request, reply) => {
    const auth = requireAuth(request);
    const { attributes } = parseBody(PatientResourcePayloadSchema, request.body).data;
    return onceOnly(db, request, reply, 'patient-resources', async (trx) => {
      const patient = await requirePatient(trx, request, attributes.patientUid);
      if (!(await isPatientLibraryResource(trx, attributes.resourceUid))) throw new HttpError(422, [{ field: RESOURCE_FIELD, message: NOT_LISTED }]);
      const id = await insertPatientResource(trx, patient.patient_uid, attributes.resourceUid, auth.userUid);
      if (!id) throw new HttpError(422, [{ field: RESOURCE_FIELD, message: ALREADY_ADDED }]);
      const row = (await findPatientResource(trx, id))!;
      await recordChange(trx, auditSourceOf(request), { patientUid: patient.patient_uid, action: 'AddedResource', did: `added the resource ${row.title}`, targetType: 'patient-resources', targetUid: id });
      return { status: 201, body: { data: { type: 'patient-resources', id, attributes: row } } };
    });
  });

  app.delete<{ Params: { id: string } }>('/patient-resources/:id', withSchemas(care, { 204: NoContent }), async (request, reply) => {
    await db.transaction().execute(async (trx) => {
      const row = await visiblePatientResource(trx, request, request.params.id);
      if (!(await deletePatientResource(trx, row.patient_resource_uid))) throw notFound(PATIENT_RESOURCE_NOT_FOUND);
      await recordChange(trx, auditSourceOf(request), { patientUid: row.patient_uid, action: 'RemovedResource', did: `removed the resource ${row.title}`, targetType: 'patient-resources', targetUid: row.patient_resource_uid });
    });
    return reply.status(204).send();
  });
};
