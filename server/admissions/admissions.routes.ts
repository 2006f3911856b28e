import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AdmissionPayloadSchema } from '../../shared/schemas/admissions';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { auditSourceOf } from '../audit/audit-source';
import { recordChange } from '../audit/audit.repository';
import { requireAuth } from '../auth/context';
import type { Db } from '../db/connect';
import { HttpError, parseBody } from '../errors';
import { requirePatient, visibleRow } from '../patients/patient-access';
import { onceOnly } from '../public-forms/idempotency';
import { allow, forPatient, patientOf } from '../security/access';
import { AdmissionDocument, AdmissionList } from './admissions.responses';
import { choicesExist, findAdmission, insertAdmission, listAdmissions, relatedNotes, updateAdmission } from './admissions.repository';

const ADMISSION_NOT_FOUND = 'Admission not found';
/** The face sheet's card shows the newest 10; the Admissions page asks for up to 100. */
const DEFAULT_ROWS = 10;
const MAX_ROWS = 100;

type Admission = NonNullable<Awaited<ReturnType<typeof findAdmission>>>;

const visibleAdmission = (db: Db, request: FastifyRequest, admissionUid: string): Promise<Admission> => visibleRow(db, request, admissionUid, findAdmission, ADMISSION_NOT_FOUND);

async function checkChoices(db: Db, request: FastifyRequest, attributes: Parameters<typeof choicesExist>[2]) {
  const found = await choicesExist(db, requireAuth(request).orgUid, attributes);
  const errors = [
    ...(found.status ? [] : [{ field: 'data.attributes.status_uid', message: NOT_LISTED }]),
    ...(found.facility ? [] : [{ field: 'data.attributes.facility_uid', message: NOT_LISTED }]),
  ];
  if (errors.length) throw new HttpError(422, errors);
}

const resource = async (db: Db, admission: Admission) => ({
  type: 'admissions',
  id: admission.admission_uid,
  attributes: { ...admission, related_notes: await relatedNotes(db, admission.patient_uid, admission.event_date, admission.discharge_date) },
});

/**
 * The record's Admissions section (spec 001 sections 2, 4, 5 and 7), for users
 * with the admission feature. Every write records its activity-log entry in
 * the same transaction.
 */
export const admissionsRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  const admission = allow('admission');

  app.get<{ Params: { id: string }; Querystring: { 'page-size'?: string } }>('/patients/:id/admissions', withSchemas(forPatient(admission), { 200: AdmissionList }), async (request) => {
    const asked = Number(request.query['page-size'] ?? DEFAULT_ROWS);
    const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, MAX_ROWS) : DEFAULT_ROWS;
    const rows = await listAdmissions(db, patientOf(request).patient_uid, limit);
    return { data: rows.map((r) => ({ type: 'admissions', id: r.admission_uid, attributes: r })), meta: { total: rows.length } };
  });

  app.get<{ Params: { id: string } }>('/admissions/:id', withSchemas(admission, { 200: AdmissionDocument }), async (request) => ({ data: await resource(db, await visibleAdmission(db, request, request.params.id)) }));

  /** A double click or a retry with the same Idempotency-Key stores one admission. */
  app.post('/admissions', withSchemas(admission, { 201: AdmissionDocument }, { body: AdmissionPayloadSchema }), async (request, reply) => {
    const { attributes } = parseBody(AdmissionPayloadSchema, request.body).data;
    if (!attributes.patientUid) throw new HttpError(422, [{ field: 'data.attributes.patient_uid', message: 'Required' }]);
    const patientUid = attributes.patientUid;
    return onceOnly(db, request, reply, 'admissions', async (trx) => {
      const patient = await requirePatient(trx, request, patientUid);
      await checkChoices(trx, request, attributes);
      const id = await insertAdmission(trx, patient.patient_uid, attributes);
      await recordChange(trx, auditSourceOf(request), { patientUid: patient.patient_uid, action: 'AddedAdmission', did: 'added an admission', targetType: 'admissions', targetUid: id });
      return { status: 201, body: { data: await resource(trx, (await findAdmission(trx, id))!) } };
    });
  });

  app.put<{ Params: { id: string } }>('/admissions/:id', withSchemas(admission, { 200: AdmissionDocument }, { body: AdmissionPayloadSchema }), async (request) => {
    const { attributes } = parseBody(AdmissionPayloadSchema, request.body).data;
    return db.transaction().execute(async (trx) => {
      const before = await visibleAdmission(trx, request, request.params.id);
      await checkChoices(trx, request, attributes);
      await updateAdmission(trx, before.admission_uid, attributes);
      await recordChange(trx, auditSourceOf(request), { patientUid: before.patient_uid, action: 'ChangedAdmission', did: 'changed an admission', targetType: 'admissions', targetUid: before.admission_uid });
      return { data: await resource(trx, (await findAdmission(trx, before.admission_uid))!) };
    });
  });
};
