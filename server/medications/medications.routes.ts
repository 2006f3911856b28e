import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MedicationPayloadSchema } from '../../shared/schemas/medications';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { auditSourceOf } from '../audit/audit-source';
import { recordChange } from '../audit/audit.repository';
import type { Db } from '../db/connect';
import { HttpError, parseBody } from '../errors';
import { requirePatient, visibleRow } from '../patients/patient-access';
import { onceOnly } from '../public-forms/idempotency';
import { allow, CARE_FLAGS } from '../security/access';
import { choicesExist, findMedication, insertMedication, updateMedication } from './medications.repository';
import { MedicationDocument } from './medications.responses';

const MEDICATION_NOT_FOUND = 'Medication not found';
/** The engine's list name (medications.views.ts); the writes and the read by id live beside it at the same path. */
const BASE = '/data/public/patient-medication';

type Medication = NonNullable<Awaited<ReturnType<typeof findMedication>>>;

const visibleMedication = (db: Db, request: FastifyRequest, id: string): Promise<Medication> => visibleRow(db, request, id, findMedication, MEDICATION_NOT_FOUND);

const resource = (medication: Medication) => ({ type: 'patient-medication', id: medication.patient_medication_uid, attributes: medication });

async function checkChoices(db: Db, attributes: Parameters<typeof choicesExist>[1]) {
  const found = await choicesExist(db, attributes);
  const errors = [
    ...(found.medication ? [] : [{ field: 'data.attributes.medication_uid', message: NOT_LISTED }]),
    ...(found.routes ? [] : [{ field: 'data.attributes.medication_route_uids', message: NOT_LISTED }]),
  ];
  if (errors.length) throw new HttpError(422, errors);
}

/**
 * The record's Medications section (spec 001 sections 2, 3, 5 and 7): read by
 * id, add and change at `api/data/public/patient-medication[/{id}]` (the spec
 * has no delete: a medication stopped gets its finished date); the lists are
 * the `patient-medication` and `nav-list-view-medication` data views. These
 * exact paths take precedence over the engine's `/data/public/:view/:id`, and
 * each goes through the patient access guard. Every write records its
 * activity-log entry in the same transaction.
 */
export const medicationsRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  const care = allow(...CARE_FLAGS);

  app.get<{ Params: { id: string } }>(`${BASE}/:id`, withSchemas(care, { 200: MedicationDocument }), async (request) => ({ data: resource(await visibleMedication(db, request, request.params.id)) }));

  /** A double click or a retry with the same Idempotency-Key stores one medication. */
  app.post(BASE, withSchemas(care, { 201: MedicationDocument }, { body: MedicationPayloadSchema }), async (request, reply) => {
    const { attributes } = parseBody(MedicationPayloadSchema, request.body).data;
    if (!attributes.patientUid) throw new HttpError(422, [{ field: 'data.attributes.patient_uid', message: 'Required' }]);
    const patientUid = attributes.patientUid;
    return onceOnly(db, request, reply, 'patient-medication', async (trx) => {
      const patient = await requirePatient(trx, request, patientUid);
      await checkChoices(trx, attributes);
      const added = (await findMedication(trx, await insertMedication(trx, patient.patient_uid, attributes)))!;
      await recordChange(trx, auditSourceOf(request), { patientUid: patient.patient_uid, action: 'AddedMedication', did: `added the medication ${added.medication_label}`, targetType: 'patient-medication', targetUid: added.patient_medication_uid });
      return { status: 201, body: { data: resource(added) } };
    });
  });

  app.put<{ Params: { id: string } }>(`${BASE}/:id`, withSchemas(care, { 200: MedicationDocument }, { body: MedicationPayloadSchema }), async (request) => {
    const { attributes } = parseBody(MedicationPayloadSchema, request.body).data;
    return db.transaction().execute(async (trx) => {
      const before = await visibleMedication(trx, request, request.params.id);
      await checkChoices(trx, attributes);
      await updateMedication(trx, before.patient_medication_uid, attributes);
      const after = (await findMedication(trx, before.patient_medication_uid))!;
      await recordChange(trx, auditSourceOf(request), { patientUid: before.patient_uid, action: 'ChangedMedication', did: `changed the medication ${after.medication_label}`, targetType: 'patient-medication', targetUid: after.patient_medication_uid });
      return { data: resource(after) };
    });
  });
};
