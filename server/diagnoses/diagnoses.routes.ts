import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { DIAGNOSIS_EVENT_TYPE, DIAGNOSIS_REGION_SOURCE, DiagnosisPayloadSchema, REGION_NOT_OF_DIAGNOSIS, type DiagnosisPayload } from '../../shared/schemas/diagnoses';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { isUuid } from '../../shared/uuid';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { auditSourceOf } from '../audit/audit-source';
import { recordChange } from '../audit/audit.repository';
import { requireAuth } from '../auth/context';
import type { Db } from '../db/connect';
import { badRequest, HttpError, notFound, parseBody } from '../errors';
import { requirePatient, visibleRow } from '../patients/patient-access';
import { onceOnly } from '../public-forms/idempotency';
import { allow, CARE_FLAGS, forPatient, patientOf, signedIn } from '../security/access';
import {
  choicesExist,
  eventTypeOf,
  findDiagnosis,
  insertDiagnosis,
  listDiagnoses,
  listEventChoices,
  listReferenceEvents,
  listRegions,
  updateDiagnosis,
  type DiagnosisColumns,
} from './diagnoses.repository';
import { DiagnosisDocument, DiagnosisList, EventDiagnosisList, EventStatusList, ReferenceEventList, RegionList } from './diagnoses.responses';

const DIAGNOSIS_NOT_FOUND = 'Diagnosis not found';
/**
 * Spec 002 section 8: a missing diagnosis reference configuration (no active
 * Diagnosis reference event, or that event with no diagnoses or statuses) is
 * logged as a possible configuration error; the caller gets the empty list,
 * with no message of its own.
 */
export const DIAGNOSIS_CONFIG_MISSING = 'Diagnosis reference configuration missing: possibly a configuration error';
/** The reference lists whose rows have regions. */
const REGION_SOURCES = [DIAGNOSIS_REGION_SOURCE];
const MAX_QUERY_TEXT = 100;

type Diagnosis = NonNullable<Awaited<ReturnType<typeof findDiagnosis>>>;

const visibleDiagnosis = (db: Db, request: FastifyRequest, diagnosisUid: string): Promise<Diagnosis> => visibleRow(db, request, diagnosisUid, findDiagnosis, DIAGNOSIS_NOT_FOUND);

/** Spec 001 section 3 "Diagnosis": id, diagnosis, region, onsetDate, status, provider, isPrimaryDiagnosis, note. */
const resource = (d: Diagnosis) => ({
  type: 'diagnoses',
  id: d.diagnosis_uid,
  attributes: {
    id: d.diagnosis_uid,
    patient_uid: d.patient_uid,
    diagnosis: { diagnosis_uid: d.ref_diagnosis_uid, diagnosis_label: d.diagnosis_label, diagnosis_code: d.diagnosis_code },
    region: d.region_uid ? { id: d.region_uid, region_label: d.region_label } : null,
    onset_date: d.onset_date,
    status: { status_uid: d.status_uid, status_label: d.status_label },
    provider: { id: d.provider_uid, display_name: d.provider_display_name },
    is_primary_diagnosis: d.is_primary_diagnosis,
    note: d.note,
    created_at: d.created_at,
    updated_at: d.updated_at,
  },
  relationships: { patient: { data: { type: 'patients', id: d.patient_uid } }, provider: { data: { type: 'providers', id: d.provider_uid } } },
});

const option = (type: string) => (r: { uid: string; name: string; label: string }) => ({ type, id: r.uid, attributes: r });

function columnsOf(data: DiagnosisPayload['data']): DiagnosisColumns {
  const a = data.attributes;
  return {
    diagnosisUid: a.refDiagnosesIds[0],
    statusUid: a.statusUid,
    providerUid: data.relationships.provider.data.id,
    regionUid: a.regionUid ?? null,
    onsetDate: a.onsetDate ?? null,
    isPrimaryDiagnosis: a.isPrimaryDiagnosis,
    note: a.note ?? null,
  };
}

/** Each choice must be on its list; a region only when the chosen diagnosis takes it (spec 001 section 4). */
async function checkChoices(db: Db, request: FastifyRequest, c: DiagnosisColumns) {
  const found = await choicesExist(db, requireAuth(request).orgUid, DIAGNOSIS_EVENT_TYPE, c);
  const errors = [
    ...(found.diagnosis ? [] : [{ field: 'data.attributes.ref_diagnoses_ids', message: NOT_LISTED }]),
    ...(found.status ? [] : [{ field: 'data.attributes.status_uid', message: NOT_LISTED }]),
    ...(found.provider ? [] : [{ field: 'data.relationships.provider.data.id', message: NOT_LISTED }]),
    ...(found.region || !found.diagnosis ? [] : [{ field: 'data.attributes.region_uid', message: REGION_NOT_OF_DIAGNOSIS }]),
  ];
  if (errors.length) throw new HttpError(422, errors);
}

function queryText(query: Record<string, string | string[] | undefined>, key: string): string {
  const raw = query[key];
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (value === undefined || value === '') throw badRequest(`'${key}' is required`, key);
  if (value.length > MAX_QUERY_TEXT) throw badRequest(`'${key}' is too long`, key);
  return value;
}

/**
 * The record's Diagnoses section (spec 001 sections 2, 3, 4, 5 and 7) and the
 * reference calls its form makes. The reference lists are global and read by
 * any signed-in user; diagnoses are for the modes that edit the record, and
 * every write records its activity-log entry in the same transaction.
 */
export const diagnosesRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  const care = allow(...CARE_FLAGS);

  app.get<{ Params: { id: string } }>('/patients/:id/diagnoses', withSchemas(forPatient(care), { 200: DiagnosisList }), async (request) => {
    const rows = await listDiagnoses(db, patientOf(request).patient_uid);
    return { data: rows.map(resource), meta: { total: rows.length } };
  });

  app.get<{ Params: { id: string } }>('/diagnoses/:id', withSchemas(care, { 200: DiagnosisDocument }), async (request) => ({ data: resource(await visibleDiagnosis(db, request, request.params.id)) }));

  /** A double click or a retry with the same Idempotency-Key stores one diagnosis. */
  app.post('/diagnoses', withSchemas(care, { 201: DiagnosisDocument }, { body: DiagnosisPayloadSchema }), async (request, reply) => {
    const { data } = parseBody(DiagnosisPayloadSchema, request.body);
    const patientUid = data.relationships.patient?.data.id;
    if (!patientUid) throw new HttpError(422, [{ field: 'data.relationships.patient.data.id', message: 'Required' }]);
    const columns = columnsOf(data);
    return onceOnly(db, request, reply, 'diagnoses', async (trx) => {
      const patient = await requirePatient(trx, request, patientUid);
      await checkChoices(trx, request, columns);
      const id = await insertDiagnosis(trx, patient.patient_uid, columns);
      await recordChange(trx, auditSourceOf(request), { patientUid: patient.patient_uid, action: 'AddedDiagnosis', did: 'added a diagnosis', targetType: 'diagnoses', targetUid: id });
      return { status: 201, body: { data: resource((await findDiagnosis(trx, id))!) } };
    });
  });

  app.put<{ Params: { id: string } }>('/diagnoses/:id', withSchemas(care, { 200: DiagnosisDocument }, { body: DiagnosisPayloadSchema }), async (request) => {
    const { data } = parseBody(DiagnosisPayloadSchema, request.body);
    const columns = columnsOf(data);
    return db.transaction().execute(async (trx) => {
      const before = await visibleDiagnosis(trx, request, request.params.id);
      await checkChoices(trx, request, columns);
      await updateDiagnosis(trx, before.diagnosis_uid, columns);
      await recordChange(trx, auditSourceOf(request), { patientUid: before.patient_uid, action: 'ChangedDiagnosis', did: 'changed a diagnosis', targetType: 'diagnoses', targetUid: before.diagnosis_uid });
      return { data: resource((await findDiagnosis(trx, before.diagnosis_uid))!) };
    });
  });

  /** Spec 001 section 7 `reference-event?event-type-name=Diagnosis`: the reference events of a type. */
  app.get<{ Querystring: Record<string, string> }>('/reference-event', withSchemas(signedIn, { 200: ReferenceEventList }), async (request) => {
    const eventTypeName = queryText(request.query, 'event-type-name');
    const rows = await listReferenceEvents(db, eventTypeName);
    if (!rows.length && eventTypeName === DIAGNOSIS_EVENT_TYPE) request.log.error({ model: 'reference-event', eventTypeName }, DIAGNOSIS_CONFIG_MISSING);
    return { data: rows.map((r) => ({ type: 'reference-event', id: r.uid, attributes: r })), meta: { total: rows.length } };
  });

  /** Spec 001 section 7 `reference/events/{eventId}/diagnosis` and `.../status`: an event's diagnoses and statuses. */
  for (const [path, model, answer] of [['diagnosis', 'reference-diagnosis', EventDiagnosisList], ['status', 'reference-status', EventStatusList]] as const) {
    app.get<{ Params: { eventId: string } }>(`/reference/events/:eventId/${path}`, withSchemas(signedIn, { 200: answer }), async (request) => {
      const eventType = isUuid(request.params.eventId) ? await eventTypeOf(db, request.params.eventId) : undefined;
      if (!eventType) throw notFound('Reference event not found');
      const rows = await listEventChoices(db, model, eventType);
      if (!rows.length && eventType === DIAGNOSIS_EVENT_TYPE) request.log.error({ model, eventUid: request.params.eventId, eventTypeName: eventType }, DIAGNOSIS_CONFIG_MISSING);
      return { data: rows.map(option(model)), meta: { total: rows.length } };
    });
  }

  /** Spec 001 section 7 `reference-data/region?source=reference-diagnosis&source_uid=`: the regions a diagnosis takes. */
  app.get<{ Querystring: Record<string, string> }>('/reference-data/region', withSchemas(signedIn, { 200: RegionList }), async (request) => {
    const source = queryText(request.query, 'source');
    if (!REGION_SOURCES.includes(source)) throw badRequest(`'source' must be one of ${REGION_SOURCES.join(', ')}`, 'source');
    const sourceUid = queryText(request.query, 'source_uid');
    if (!isUuid(sourceUid)) throw badRequest("'source_uid' must be an id", 'source_uid');
    const rows = await listRegions(db, source, sourceUid);
    return { data: rows.map(option('reference-region')), meta: { total: rows.length } };
  });
};
