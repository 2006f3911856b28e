import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/context';
import { allow, forPatient, PATIENT_RECORD_FLAGS, patientOf } from '../security/access';
import { patientDocument } from './patients.repository';

/** The patient record (spec 001 section 7): the patient every record page starts from. */
export const patientsRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get<{ Params: { id: string } }>('/patients/:id', forPatient(allow(...PATIENT_RECORD_FLAGS)), async (request) => {
    const patient = patientOf(request);
    return { data: { type: 'patients', id: patient.patient_uid, attributes: await patientDocument(db, requireAuth(request), patient.patient_uid) } };
  });
};
