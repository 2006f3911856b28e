import type { FastifyPluginAsync } from 'fastify';
import { PATIENT_EDIT_FLAGS } from '../../shared/permissions';
import { LaunchPatientLinkSchema } from '../../shared/schemas/smart';
import { NoContent } from '../api-docs/json-api';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/context';
import { notFound, parseBody } from '../errors';
import { findVisiblePatient } from '../patients/patient-access';
import { allow } from '../security/access';
import { findFederation } from '../sso/federation.repository';
import { findEhr } from './ehr-registrations.repository';
import { LaunchPatientDocument } from './launch-patient.responses';

/** Issue 34: after an EHR launch that matched no patient, Add Patient is filled from the EHR and the new patient gets its MRN. */
export const launchPatientRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  /** Add Patient after a launch that matched nobody: the EHR's Patient, as Add Patient's fields (issue 34). */
  app.get('/smart/launch-patient', withSchemas(allow(...PATIENT_EDIT_FLAGS), { 200: LaunchPatientDocument }), async (request) => {
    const federation = await findFederation(db, requireAuth(request).sessionId);
    if (!federation?.launch_patient) throw notFound('No patient from an EHR launch');
    const ehr = await findEhr(db, federation.source_uid);
    return { data: { type: 'launch-patients', id: federation.session_id.slice(0, 8), attributes: { ...(federation.launch_patient as object), ehr_name: ehr?.display_name ?? null } } };
  });

  /**
   * The patient made from the launch gets the EHR's MRN, from what the
   * server read (never from the browser), so the next launch opens them.
   */
  app.post('/smart/launch-patient/link', withSchemas(allow(...PATIENT_EDIT_FLAGS), { 204: NoContent }, { body: LaunchPatientLinkSchema }), async (request, reply) => {
    const auth = requireAuth(request);
    const body = parseBody(LaunchPatientLinkSchema, request.body);
    const federation = await findFederation(db, auth.sessionId);
    const prefill = federation?.launch_patient as { mrn?: string | null } | null | undefined;
    const ehr = federation ? await findEhr(db, federation.source_uid) : undefined;
    const patient = await findVisiblePatient(db, auth, body.patientUid);
    if (!federation || !ehr || !prefill?.mrn || !patient || patient.division_uid !== ehr.division_uid) throw notFound('No patient from an EHR launch');
    const mrn = prefill.mrn;
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('patient_identifier')
        .values({ patient_uid: patient.patient_uid, system: ehr.mrn_system, value: mrn })
        .onConflict((oc) => oc.columns(['patient_uid', 'system']).doUpdateSet({ value: mrn }))
        .execute();
      await trx.updateTable('session_federation').set({ launch_patient: null, patient_uid: patient.patient_uid }).where('session_id', '=', federation.session_id).execute();
    });
    return reply.status(204).send();
  });
};
