import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app-context';
import { allow, forPatient, patientOf } from '../security/access';
import { identityAlerts, identitySummary } from './identity-record.repository';

/**
 * The identity record's own calls (issue 11 section 3): the identity face
 * sheet's counts and cards, and the alert badges bar. The pages' panels are
 * data views (identity.views.ts). Both name the patient, so the access guard
 * answers 404 for a child the caller may not see (restricted, adoption).
 */
export const identityRecordRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  const identity = forPatient(allow('hasAppIdentity'));

  app.get<{ Params: { id: string } }>('/patients/:id/identity-summary', identity, async (request) => {
    const patient = patientOf(request);
    return { data: { type: 'identity-summaries', id: patient.patient_uid, attributes: await identitySummary(db, patient.patient_uid) } };
  });

  app.get<{ Params: { id: string } }>('/patients/:id/identity-alerts', identity, async (request) => {
    const alerts = await identityAlerts(db, patientOf(request));
    return { data: alerts.map((a) => ({ type: 'identity-alerts', id: a.kind, attributes: a })) };
  });
};
