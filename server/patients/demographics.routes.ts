import type { FastifyPluginAsync } from 'fastify';
import { homeMode } from '../../shared/modes';
import { CARE_FLAGS } from '../../shared/permissions';
import {
  AVATAR_MAX_BASE64,
  AvatarUploadSchema,
  DEMOGRAPHICS_LABELS,
  DEMOGRAPHICS_WIRE_FIELDS,
  demographicsSchema,
  EpisodeUpdateSchema,
  PatientUpdateSchema,
  type DemographicsValues,
  type PatientUpdate,
} from '../../shared/schemas/demographics';
import { check } from '../../shared/schemas/validate';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { auditSourceOf } from '../audit/audit-source';
import { recordChange } from '../audit/audit.repository';
import { requireAuth, type AuthContext } from '../auth/context';
import type { Db } from '../db/connect';
import { HttpError, notFound, parseBody } from '../errors';
import { allow, forPatient, PATIENT_RECORD_FLAGS, patientOf } from '../security/access';
import { readAvatar, storeAvatar, typeOfFile } from './avatar-store';
import {
  activeReferenceUids,
  currentDemographics,
  findEpisode,
  findEpisodeStatus,
  listRaces,
  saveAvatarFile,
  saveDemographics,
  saveEpisodeStatus,
  saveNote,
} from './demographics.repository';
import { EpisodeDocument, Picture, RaceList } from './demographics.responses';
import { patientDocument } from './patients.repository';
import { PatientDocument } from './patients.responses';
import { visibleRow } from './patient-access';

const invalid = (field: string, message: string) => new HttpError(422, [{ field, message }]);

/** The demographics a PUT names, over the current ones: what is left out stays as it is. */
function changedValues(data: PatientUpdate): Partial<DemographicsValues> {
  const a = data.attributes;
  const r = data.relationships;
  const text = (v: string | null | undefined) => (v === undefined ? undefined : (v ?? ''));
  const values: Partial<DemographicsValues> = {
    firstName: text(a.firstName),
    middleName: text(a.middleName),
    lastName: text(a.lastName),
    birthDate: text(a.birthDate),
    preferredPhone: text(a.preferredPhone) as DemographicsValues['preferredPhone'] | undefined,
    mobilePhone: text(a.mobilePhone),
    homePhone: text(a.homePhone),
    workPhone: text(a.workPhone),
    genderUid: r?.gender ? (r.gender.data?.id ?? '') : undefined,
    genderIdentityUid: r?.genderIdentity ? (r.genderIdentity.data?.id ?? '') : undefined,
    raceUids: r?.races ? [...new Set(r.races.data.map((race) => race.id))] : undefined,
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

/** Links must name active entries of their reference lists. */
async function checkReferences(db: Db, values: DemographicsValues): Promise<void> {
  const errors = [];
  if (!(await activeReferenceUids(db, 'reference-gender', [values.genderUid])).size) errors.push({ field: DEMOGRAPHICS_WIRE_FIELDS.genderUid, message: 'Must be one of the choices' });
  if (values.genderIdentityUid && !(await activeReferenceUids(db, 'reference-gender-identity', [values.genderIdentityUid])).size) {
    errors.push({ field: DEMOGRAPHICS_WIRE_FIELDS.genderIdentityUid, message: 'Must be one of the choices' });
  }
  if ((await activeReferenceUids(db, 'reference-race', values.raceUids)).size !== values.raceUids.length) errors.push({ field: DEMOGRAPHICS_WIRE_FIELDS.raceUids, message: 'Must be one of the choices' });
  if (errors.length) throw new HttpError(422, errors);
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(Array.isArray(a) ? [...a].sort() : a) === JSON.stringify(Array.isArray(b) ? [...b].sort() : b);

/**
 * Applies a demographics change: section 5's rules on the result (community
 * mode leaves the birth date optional), then the write; returns the labels of
 * the fields that changed.
 */
async function applyDemographics(db: Db, auth: AuthContext, patientUid: string, data: PatientUpdate): Promise<string[]> {
  const current = await currentDemographics(db, patientUid);
  const result = check(demographicsSchema(homeMode(auth.flags) === 'community'), { ...current, ...changedValues(data) });
  if (result.errors) {
    throw new HttpError(422, result.errors.map((e) => ({ message: e.message, field: DEMOGRAPHICS_WIRE_FIELDS[e.field?.split('.')[0] as keyof DemographicsValues] ?? e.field })));
  }
  const values = result.value;
  await checkReferences(db, values);
  const changed = (Object.keys(DEMOGRAPHICS_LABELS) as (keyof DemographicsValues)[]).filter((k) => !sameValue(current[k], values[k]));
  if (changed.length) await saveDemographics(db, patientUid, values);
  return changed.map((k) => DEMOGRAPHICS_LABELS[k].toLowerCase());
}

/**
 * The header's gear menu and the demographics page (spec 001 "Patient
 * header", section 7 "Demographics" and "Header"). Every change is written
 * with its activity-log entry in one transaction.
 */
export const demographicsRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  app.get<{ Params: { id: string } }>('/patients/:id/races', withSchemas(forPatient(allow(...PATIENT_RECORD_FLAGS)), { 200: RaceList }), async (request) => {
    const rows = await listRaces(db, patientOf(request).patient_uid);
    return { data: rows.map((r) => ({ type: 'reference-race', id: r.uid, attributes: r })) };
  });

  /** The priority note alone, or demographics with their links; answers the patient as GET does. */
  app.put<{ Params: { id: string } }>('/patients/:id', withSchemas(forPatient(allow(...CARE_FLAGS)), { 200: PatientDocument }, { body: PatientUpdateSchema }), async (request) => {
    const auth = requireAuth(request);
    const patientUid = patientOf(request).patient_uid;
    const { data } = parseBody(PatientUpdateSchema, request.body);
    if (data.id !== undefined && data.id !== patientUid) throw invalid('data.id', 'Must be the patient of the path');
    const { note, ...rest } = data.attributes;
    const editsDemographics = Object.values(rest).some((v) => v !== undefined) || data.relationships !== undefined;
    if (!editsDemographics && note === undefined) throw invalid('data.attributes', 'Nothing to change');
    const source = auditSourceOf(request);
    await db.transaction().execute(async (trx) => {
      if (editsDemographics) {
        const changed = await applyDemographics(trx, auth, patientUid, data);
        if (changed.length) await recordChange(trx, source, { patientUid, action: 'EditedDemographics', did: `edited the demographics (${changed.join(', ')})`, targetType: 'patients', targetUid: patientUid });
      }
      if (note !== undefined) {
        const next = note?.trim() || null;
        const before = await trx.selectFrom('patient').select('note').where('patient_uid', '=', patientUid).executeTakeFirstOrThrow();
        if (before.note !== next) {
          await saveNote(trx, patientUid, next);
          await recordChange(trx, source, { patientUid, action: 'SetPriorityNote', did: next ? 'set the priority note' : 'removed the priority note', targetType: 'patients', targetUid: patientUid });
        }
      }
    });
    return { data: { type: 'patients', id: patientUid, attributes: await patientDocument(db, auth, patientUid) } };
  });

  /** The path names an episode, not a patient: its patient is checked here, and one the caller may not see is not found. */
  app.put<{ Params: { patientEpisodeUid: string } }>('/patient-episodes/:patientEpisodeUid', withSchemas(allow(...CARE_FLAGS), { 200: EpisodeDocument }, { body: EpisodeUpdateSchema }), async (request) => {
    const id = request.params.patientEpisodeUid;
    const source = auditSourceOf(request);
    const episode = await visibleRow(db, request, id, findEpisode, 'Episode not found');
    const { data } = parseBody(EpisodeUpdateSchema, request.body);
    const status = await findEpisodeStatus(db, data.attributes.newStatus);
    if (!status) throw invalid('data.attributes.new-status', 'Must be an episode status');
    if (episode.status_uid !== status.uid) {
      await db.transaction().execute(async (trx) => {
        await saveEpisodeStatus(trx, episode, status.uid);
        await recordChange(trx, source, { patientUid: episode.patient_uid, action: 'ChangedEpisodeStatus', did: `changed the episode status to ${status.label}`, targetType: 'patient-episodes', targetUid: id });
      });
    }
    return { data: { type: 'patient-episodes', id, attributes: { patient_episode_uid: id, patient_uid: episode.patient_uid, status_uid: status.uid, status_label: status.label } } };
  });

  const upload = forPatient(allow(...CARE_FLAGS));
  // Room for the largest picture's base64 and the JSON around it; a larger one is refused by its length.
  const maxJsonString = AVATAR_MAX_BASE64 + 64 * 1024;
  const uploading = withSchemas({ bodyLimit: maxJsonString + 64 * 1024, config: { ...upload.config, maxJsonString } }, { 201: PatientDocument }, { body: AvatarUploadSchema });
  app.post<{ Params: { id: string } }>('/patients/:id/avatar', uploading, async (request, reply) => {
    const patient = patientOf(request);
    const patientUid = patient.patient_uid;
    const body = parseBody(AvatarUploadSchema, request.body);
    const file = await storeAvatar(config.dataDir, body.base64Data);
    const source = auditSourceOf(request);
    // The same picture again (a double click, a retry) changes nothing and says nothing.
    if (file !== patient.avatar_file) {
      await db.transaction().execute(async (trx) => {
        await saveAvatarFile(trx, patientUid, file);
        await recordChange(trx, source, { patientUid, action: 'ChangedProfilePicture', did: 'changed the profile picture', targetType: 'patients', targetUid: patientUid });
      });
    }
    return reply.status(201).send({ data: { type: 'patients', id: patientUid, attributes: await patientDocument(db, requireAuth(request), patientUid) } });
  });

  /** The picture for whoever may see the patient; its address changes with its content, so it may be cached. */
  app.get<{ Params: { id: string } }>('/patients/:id/avatar', withSchemas(forPatient(allow(...PATIENT_RECORD_FLAGS)), { 200: Picture }), async (request, reply) => {
    const patientUid = patientOf(request).patient_uid;
    const row = await db.selectFrom('patient').select('avatar_file').where('patient_uid', '=', patientUid).executeTakeFirstOrThrow();
    const bytes = row.avatar_file ? await readAvatar(config.dataDir, row.avatar_file) : null;
    if (!row.avatar_file || !bytes) throw notFound('No picture');
    return reply
      .headers({ 'content-type': typeOfFile(row.avatar_file), 'cache-control': 'private, max-age=31536000, immutable', 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'" })
      .send(bytes);
  });
};
