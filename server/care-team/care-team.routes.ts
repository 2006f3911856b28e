import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ALREADY_ON_TEAM, CareGiverPayloadSchema, CareTeamMemberPayloadSchema, tidyCareGiver, type CareTeamMemberValues } from '../../shared/schemas/care-team';
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
import { allow, CARE_FLAGS, forPatient, PATIENT_RECORD_FLAGS, patientOf } from '../security/access';
import {
  findCareGiver,
  findMember,
  findMembers,
  insertCareGiver,
  insertMember,
  listCareGivers,
  listMembers,
  memberChoicesExist,
  otherMembership,
  updateCareGiver,
  updateMember,
  type CareGiver,
  type CareTeamMember,
} from './care-team.repository';
import { CareGiverDocument, CareGiverList, MemberDocument, MemberList } from './care-team.responses';

const MEMBER_NOT_FOUND = 'Care team member not found';
const CARE_GIVER_NOT_FOUND = 'Care giver not found';
const DEFAULT_ROWS = 50;
const MAX_ROWS = 100;

const memberResource = (m: CareTeamMember) => ({
  type: 'provider-patients',
  id: m.provider_patient_uid,
  attributes: m,
  relationships: { provider: { data: { type: 'providers', id: m.provider_uid } }, patient: { data: { type: 'patients', id: m.patient_uid } } },
});
const giverResource = (g: CareGiver) => ({ type: 'care-givers', id: g.care_giver_uid, attributes: g });

const visibleMember = (db: Db, request: FastifyRequest, id: string) => visibleRow(db, request, id, findMember, MEMBER_NOT_FOUND);

/** The provider must be the caller's organisation's, the location that provider's, and the provider on the team once. */
async function checkMember(db: Db, request: FastifyRequest, patientUid: string, member: CareTeamMemberValues, except: string | null) {
  const found = await memberChoicesExist(db, requireAuth(request).orgUid, member);
  const errors = [
    ...(found.provider ? [] : [{ field: 'data.attributes.provider_uid', message: NOT_LISTED }]),
    ...(found.provider && !found.location ? [{ field: 'data.attributes.preferred_location_uid', message: NOT_LISTED }] : []),
  ];
  if (!errors.length && (await otherMembership(db, patientUid, member.providerUid, except))) errors.push({ field: 'data.attributes.provider_uid', message: ALREADY_ON_TEAM });
  if (errors.length) throw new HttpError(422, errors);
}

function rowsOf(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_ROWS;
  const n = /^\d{1,3}$/.test(raw) ? Number(raw) : 0;
  if (n < 1 || n > MAX_ROWS) throw badRequest(`page-size must be a whole number from 1 to ${MAX_ROWS}`, 'page-size');
  return n;
}

function idParam(raw: string | undefined, name: string): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!isUuid(raw)) throw badRequest(`'${name}' must be an id`, name);
  return raw;
}

function booleanParam(raw: string | undefined, name: string): boolean | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw !== 'true' && raw !== 'false') throw badRequest(`'${name}' must be true or false`, name);
  return raw === 'true';
}

type ListQuery = { patient_uid?: string; provider_uid?: string; care_team?: string; 'page-size'?: string };

/**
 * The record's Care Team page (spec 001 sections 2, 3, 5, 7 and 9): care-team
 * members (provider-patients) and care givers. Every mode that opens a record
 * reads them; the care modes change them, each write with its activity-log
 * entry in the same transaction.
 */
export const careTeamRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  const read = allow(...PATIENT_RECORD_FLAGS);
  const write = allow(...CARE_FLAGS);

  /** Care-team rows of the visible patients, narrowed by patient, provider and current; a hidden patient named is a 404. */
  app.get<{ Querystring: ListQuery }>('/provider-patients', withSchemas(read, { 200: MemberList }), async (request) => {
    const auth = requireAuth(request);
    const patientUid = idParam(request.query.patient_uid, 'patient_uid');
    if (patientUid) await requirePatient(db, request, patientUid);
    const rows = await findMembers(db, auth, {
      patientUid,
      providerUid: idParam(request.query.provider_uid, 'provider_uid'),
      careTeam: booleanParam(request.query.care_team, 'care_team'),
      limit: rowsOf(request.query['page-size']),
    });
    return { data: rows.map(memberResource), meta: { total: rows.length } };
  });

  app.get<{ Params: { id: string } }>('/patients/:id/provider-patients', withSchemas(forPatient(read), { 200: MemberList }), async (request) => {
    const rows = await listMembers(db, patientOf(request).patient_uid);
    return { data: rows.map(memberResource), meta: { total: rows.length } };
  });

  app.get<{ Params: { id: string } }>('/provider-patients/:id', withSchemas(read, { 200: MemberDocument }), async (request) => ({ data: memberResource(await visibleMember(db, request, request.params.id)) }));

  /** A double click or a retry with the same Idempotency-Key adds the member once. */
  app.post('/provider-patients', withSchemas(write, { 201: MemberDocument }, { body: CareTeamMemberPayloadSchema }), async (request, reply) => {
    const member = parseBody(CareTeamMemberPayloadSchema, request.body).data.attributes;
    const patientUid = member.patientUid;
    if (!patientUid) throw new HttpError(422, [{ field: 'data.attributes.patient_uid', message: 'Required' }]);
    return onceOnly(db, request, reply, 'provider-patients', async (trx) => {
      const patient = await requirePatient(trx, request, patientUid);
      await checkMember(trx, request, patient.patient_uid, member, null);
      const id = await insertMember(trx, patient.patient_uid, member);
      await recordChange(trx, auditSourceOf(request), { patientUid: patient.patient_uid, action: 'AddedCareTeamMember', did: 'added a care team member', targetType: 'provider-patients', targetUid: id });
      return { status: 201, body: { data: memberResource((await findMember(trx, id))!) } };
    });
  });

  app.put<{ Params: { id: string } }>('/provider-patients/:id', withSchemas(write, { 200: MemberDocument }, { body: CareTeamMemberPayloadSchema }), async (request) => {
    // The attributes' patient_uid, if sent, is ignored: a member stays on its patient's team.
    const member = parseBody(CareTeamMemberPayloadSchema, request.body).data.attributes;
    return db.transaction().execute(async (trx) => {
      const before = await visibleMember(trx, request, request.params.id);
      await checkMember(trx, request, before.patient_uid, member, before.provider_patient_uid);
      await updateMember(trx, before.provider_patient_uid, member);
      await recordChange(trx, auditSourceOf(request), { patientUid: before.patient_uid, action: 'ChangedCareTeamMember', did: 'changed a care team member', targetType: 'provider-patients', targetUid: before.provider_patient_uid });
      return { data: memberResource((await findMember(trx, before.provider_patient_uid))!) };
    });
  });

  app.get<{ Params: { id: string } }>('/patients/:id/care-givers', withSchemas(forPatient(read), { 200: CareGiverList }), async (request) => {
    const rows = await listCareGivers(db, patientOf(request).patient_uid);
    return { data: rows.map(giverResource), meta: { total: rows.length } };
  });

  app.get<{ Params: { id: string; careGiverId: string } }>('/patients/:id/care-givers/:careGiverId', withSchemas(forPatient(read), { 200: CareGiverDocument }), async (request) => {
    const giver = isUuid(request.params.careGiverId) ? await findCareGiver(db, patientOf(request).patient_uid, request.params.careGiverId) : undefined;
    if (!giver) throw notFound(CARE_GIVER_NOT_FOUND);
    return { data: giverResource(giver) };
  });

  /** A double click or a retry with the same Idempotency-Key adds the care giver once. */
  app.post<{ Params: { id: string } }>('/patients/:id/care-givers', withSchemas(forPatient(write), { 201: CareGiverDocument }, { body: CareGiverPayloadSchema }), async (request, reply) => {
    const values = tidyCareGiver(parseBody(CareGiverPayloadSchema, request.body).data.attributes);
    const patientUid = patientOf(request).patient_uid;
    return onceOnly(db, request, reply, 'care-givers', async (trx) => {
      const id = await insertCareGiver(trx, patientUid, values);
      await recordChange(trx, auditSourceOf(request), { patientUid, action: 'AddedCareGiver', did: 'added a care giver', targetType: 'care-givers', targetUid: id });
      return { status: 201, body: { data: giverResource((await findCareGiver(trx, patientUid, id))!) } };
    });
  });

  /** Spec 001 section 7 puts the care giver's id in the body (`data.id`), not the path. */
  app.put<{ Params: { id: string } }>('/patients/:id/care-givers', withSchemas(forPatient(write), { 200: CareGiverDocument }, { body: CareGiverPayloadSchema }), async (request) => {
    const { data } = parseBody(CareGiverPayloadSchema, request.body);
    if (!data.id) throw new HttpError(422, [{ field: 'data.id', message: 'Required' }]);
    const careGiverUid = data.id;
    const values = tidyCareGiver(data.attributes);
    const patientUid = patientOf(request).patient_uid;
    return db.transaction().execute(async (trx) => {
      if (!isUuid(careGiverUid) || !(await findCareGiver(trx, patientUid, careGiverUid))) throw notFound(CARE_GIVER_NOT_FOUND);
      await updateCareGiver(trx, careGiverUid, values);
      await recordChange(trx, auditSourceOf(request), { patientUid, action: 'ChangedCareGiver', did: 'changed a care giver', targetType: 'care-givers', targetUid: careGiverUid });
      return { data: giverResource((await findCareGiver(trx, patientUid, careGiverUid))!) };
    });
  });
};
