import type { FastifyPluginAsync } from 'fastify';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/context';
import { badRequest } from '../errors';
import { allow, forPatient, PATIENT_RECORD_FLAGS, patientOf } from '../security/access';
import { includedOf, type IncludeName } from './demographics.repository';
import { currentInboundReferral, patientDocument } from './patients.repository';
import { CurrentInboundReferral, PatientRecord } from './patients.responses';

/** `?include=addresses,insurance-providers,email-addresses` (spec 001 section 7 "Demographics"); anything else is the caller's mistake. */
function includesOf(include: unknown): IncludeName[] {
  if (include === undefined || include === '') return [];
  const names = String(include).split(',').map((n) => n.trim());
  const unknown = names.find((n) => !Object.hasOwn(includedOf, n));
  if (unknown !== undefined) throw badRequest(`Unknown include: ${unknown.slice(0, 40)}`, 'include');
  return [...new Set(names)] as IncludeName[];
}

/** The patient record (spec 001 section 7): the patient every record page starts from. */
export const patientsRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get<{ Params: { id: string }; Querystring: { include?: string } }>('/patients/:id', withSchemas(forPatient(allow(...PATIENT_RECORD_FLAGS)), { 200: PatientRecord }), async (request) => {
    const patient = patientOf(request);
    const attributes = await patientDocument(db, requireAuth(request), patient.patient_uid);
    const includes = includesOf(request.query.include);
    if (!includes.length) return { data: { type: 'patients', id: patient.patient_uid, attributes } };
    const relationships: Record<string, { data: { type: string; id: string }[] }> = {};
    const included: { type: string; id: string; attributes: Record<string, unknown> }[] = [];
    for (const name of includes) {
      const rows = await includedOf[name](db, patient.patient_uid);
      relationships[name] = { data: rows.map((r) => ({ type: name, id: r.id })) };
      included.push(...rows.map((r) => ({ type: name, id: r.id, attributes: r })));
    }
    return { data: { type: 'patients', id: patient.patient_uid, attributes, relationships }, included };
  });

  // Spec 000 section 7 "Patient": the patient's newest inbound referral (data: null without one).
  app.get<{ Params: { id: string } }>('/patients/:id/current-inbound-referral', withSchemas(forPatient(allow(...PATIENT_RECORD_FLAGS)), { 200: CurrentInboundReferral }), async (request) => {
    const referral = await currentInboundReferral(db, patientOf(request).patient_uid);
    return { data: referral ? { type: 'inbound-referrals', id: referral.referral_uid, attributes: referral } : null };
  });
};
