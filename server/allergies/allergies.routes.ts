import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { allergyPayloadSchema } from '../../shared/schemas/allergies';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { NoContent } from '../api-docs/json-api';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { auditSourceOf } from '../audit/audit-source';
import { recordChange } from '../audit/audit.repository';
import type { Db } from '../db/connect';
import { HttpError, notFound, parseBody } from '../errors';
import { requirePatient, visibleRow } from '../patients/patient-access';
import { onceOnly } from '../public-forms/idempotency';
import { allow, CARE_FLAGS } from '../security/access';
import { AllergyDocument } from './allergies.responses';
import { alreadyRecorded, choicesExist, deleteAllergy, findAllergy, insertAllergy, medicationAllergyUid, updateAllergy } from './allergies.repository';

const ALLERGY_NOT_FOUND = 'Allergy not found';
export const ALREADY_RECORDED = 'Already recorded for this patient';
/** The engine's list name (allergies.views.ts); the writes and the read by id live beside it at the same path. */
const BASE = '/data/public/patient-allergy';

type Allergy = NonNullable<Awaited<ReturnType<typeof findAllergy>>>;

const visibleAllergy = (db: Db, request: FastifyRequest, id: string): Promise<Allergy> => visibleRow(db, request, id, findAllergy, ALLERGY_NOT_FOUND);

/** The body's shape for the API document: the Medication entry's id only matters to the rule checked in parseAllergy. */
const AllergyPayloadShape = allergyPayloadSchema(null);

const resource = (allergy: Allergy) => ({ type: 'patient-allergy', id: allergy.patient_allergy_uid, attributes: allergy });

/** The body, checked against the shared schema with the Medication entry's id, and whether it keeps its medication. */
async function parseAllergy(db: Db, body: unknown) {
  const medicationAllergy = await medicationAllergyUid(db);
  const { attributes } = parseBody(allergyPayloadSchema(medicationAllergy), body).data;
  return { attributes, keepsMedication: attributes.allergyUid === medicationAllergy };
}

/** Both choices from their lists, and an allergen the patient does not have already (`allergyUid` names the row being changed). */
async function checkChoices(db: Db, patientUid: string, allergyUid: string | null, attributes: Parameters<typeof choicesExist>[1], keepsMedication: boolean) {
  const found = await choicesExist(db, attributes, keepsMedication);
  const errors = [
    ...(found.allergy ? [] : [{ field: 'data.attributes.allergy_uid', message: NOT_LISTED }]),
    ...(found.medication ? [] : [{ field: 'data.attributes.medication_uid', message: NOT_LISTED }]),
  ];
  if (errors.length) throw new HttpError(422, errors);
  if (await alreadyRecorded(db, patientUid, attributes, keepsMedication, allergyUid)) {
    throw new HttpError(422, [{ field: keepsMedication ? 'data.attributes.medication_uid' : 'data.attributes.allergy_uid', message: ALREADY_RECORDED }]);
  }
}

/**
 * The record's Allergies section (spec 001 sections 2, 3, 5 and 7): read by
 * id, add, change and delete at `api/data/public/patient-allergy[/{id}]`; the
 * lists are the `patient-allergy` and `nav-list-view-allergy` data views. These
 * exact paths take precedence over the engine's `/data/public/:view/:id`, and
 * each goes through the patient access guard. Every write records its
 * activity-log entry in the same transaction.
 */
export const allergiesRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  const care = allow(...CARE_FLAGS);

  app.get<{ Params: { id: string } }>(`${BASE}/:id`, withSchemas(care, { 200: AllergyDocument }), async (request) => ({ data: resource(await visibleAllergy(db, request, request.params.id)) }));

  /** A double click or a retry with the same Idempotency-Key stores one allergy. */
  app.post(BASE, withSchemas(care, { 201: AllergyDocument }, { body: AllergyPayloadShape }), async (request, reply) => {
    const { attributes, keepsMedication } = await parseAllergy(db, request.body);
    if (!attributes.patientUid) throw new HttpError(422, [{ field: 'data.attributes.patient_uid', message: 'Required' }]);
    const patientUid = attributes.patientUid;
    return onceOnly(db, request, reply, 'patient-allergy', async (trx) => {
      const patient = await requirePatient(trx, request, patientUid);
      await checkChoices(trx, patient.patient_uid, null, attributes, keepsMedication);
      const added = (await findAllergy(trx, await insertAllergy(trx, patient.patient_uid, attributes, keepsMedication)))!;
      await recordChange(trx, auditSourceOf(request), { patientUid: patient.patient_uid, action: 'AddedAllergy', did: `added the allergy ${added.allergen_label}`, targetType: 'patient-allergy', targetUid: added.patient_allergy_uid });
      return { status: 201, body: { data: resource(added) } };
    });
  });

  app.put<{ Params: { id: string } }>(`${BASE}/:id`, withSchemas(care, { 200: AllergyDocument }, { body: AllergyPayloadShape }), async (request) => {
    const { attributes, keepsMedication } = await parseAllergy(db, request.body);
    return db.transaction().execute(async (trx) => {
      const before = await visibleAllergy(trx, request, request.params.id);
      await checkChoices(trx, before.patient_uid, before.patient_allergy_uid, attributes, keepsMedication);
      await updateAllergy(trx, before.patient_allergy_uid, attributes, keepsMedication);
      const after = (await findAllergy(trx, before.patient_allergy_uid))!;
      await recordChange(trx, auditSourceOf(request), { patientUid: before.patient_uid, action: 'ChangedAllergy', did: `changed the allergy ${after.allergen_label}`, targetType: 'patient-allergy', targetUid: after.patient_allergy_uid });
      return { data: resource(after) };
    });
  });

  app.delete<{ Params: { id: string } }>(`${BASE}/:id`, withSchemas(care, { 204: NoContent }), async (request, reply) => {
    await db.transaction().execute(async (trx) => {
      const allergy = await visibleAllergy(trx, request, request.params.id);
      if (!(await deleteAllergy(trx, allergy.patient_allergy_uid))) throw notFound(ALLERGY_NOT_FOUND);
      await recordChange(trx, auditSourceOf(request), { patientUid: allergy.patient_uid, action: 'DeletedAllergy', did: `deleted the allergy ${allergy.allergen_label}`, targetType: 'patient-allergy', targetUid: allergy.patient_allergy_uid });
    });
    return reply.status(204).send();
  });
};
