import type { FastifyPluginAsync } from 'fastify';
import { NoContent } from '../api-docs/json-api';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { DisputeSchema, ServiceReferralEmailSchema } from '../../shared/schemas/identity-record';
import { auditSourceOf } from '../audit/audit-source';
import { recordAudit } from '../audit/audit.repository';
import { requireAuth } from '../auth/context';
import { parseBody } from '../errors';
import { allow, forPatient, patientOf } from '../security/access';
import { decideMatch, disputableSources, disputeMatch, patientMatches } from './identity-matches';
import { identityAlerts, identitySummary } from './identity-record.repository';
import { IdentityAlertList, IdentityDisputeDocument, IdentityMatchList, IdentitySummaryDocument, ServiceReferralEmailDocument } from './identity-record.responses';
import { onceOnly } from '../public-forms/idempotency';
import { sendServiceReferralEmail } from './service-referral-email';
import { registerIdentityPdfRoutes } from './identity-pdf.routes';

/**
 * The identity record's own calls (issue 11 section 3): the identity face
 * sheet's counts and cards, and the alert badges bar. The pages' panels are
 * data views (identity.views.ts). Every route names the patient, so the
 * access guard answers 404 for a child the caller may not see (restricted,
 * adoption). Section 4: the patient's matches, approving or rejecting a fuzzy
 * match waiting on the patient page, and disputing a source's match.
 */
export const identityRecordRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { db } = ctx;
  registerIdentityPdfRoutes(app, ctx);
  const identity = forPatient(allow('hasAppIdentity'));

  app.get<{ Params: { id: string } }>('/patients/:id/identity-summary', withSchemas(identity, { 200: IdentitySummaryDocument }), async (request) => {
    const patient = patientOf(request);
    return { data: { type: 'identity-summaries', id: patient.patient_uid, attributes: await identitySummary(db, patient.patient_uid) } };
  });

  app.get<{ Params: { id: string } }>('/patients/:id/identity-alerts', withSchemas(identity, { 200: IdentityAlertList }), async (request) => {
    const alerts = await identityAlerts(db, patientOf(request));
    return { data: alerts.map((a) => ({ type: 'identity-alerts', id: a.kind, attributes: a })) };
  });

  app.get<{ Params: { id: string } }>('/patients/:id/identity-matches', withSchemas(identity, { 200: IdentityMatchList }), async (request) => {
    const matches = await patientMatches(db, patientOf(request).patient_uid);
    return {
      data: matches.map((m) => ({ type: 'identity-matches', id: `${m.sacwis_person_id}:${m.source_name}:${m.mrn}`, attributes: m })),
      meta: { disputable_sources: disputableSources(matches) },
    };
  });

  for (const decision of ['approve', 'reject'] as const) {
    app.post<{ Params: { id: string; sacwisPersonId: string } }>(`/patients/:id/identity-matches/:sacwisPersonId/${decision}`, withSchemas(identity, { 204: NoContent }), async (request, reply) => {
      const patient = patientOf(request);
      const source = auditSourceOf(request);
      await db.transaction().execute(async (trx) => {
        await decideMatch(trx, patient.division_uid, patient.patient_uid, request.params.sacwisPersonId.slice(0, 100), decision === 'approve');
        await recordAudit(trx, { ...source, pageViewId: null, patientUid: patient.patient_uid, action: decision === 'approve' ? 'ApprovedMatch' : 'RejectedMatch', targetType: 'identity-matches', targetUid: patient.patient_uid });
      });
      return reply.code(204).send();
    });
  }

  // Spec 001 section 7: POST /api/data/public/identity/patient/{patient_id}/dispute with dispute-comment and sitenames.
  app.post<{ Params: { id: string } }>('/data/public/identity/patient/:id/dispute', withSchemas(identity, { 201: IdentityDisputeDocument }, { body: DisputeSchema }), async (request, reply) => {
    const patient = patientOf(request);
    const body = parseBody(DisputeSchema, request.body);
    const source = auditSourceOf(request);
    const disputed = await db.transaction().execute(async (trx) => {
      const names = await disputeMatch(trx, patient.division_uid, patient.patient_uid, requireAuth(request).userUid, body.disputeComment.trim(), body.sitenames);
      await recordAudit(trx, { ...source, pageViewId: null, patientUid: patient.patient_uid, action: 'DisputedMatch', targetType: 'identity-matches', targetUid: patient.patient_uid });
      return names;
    });
    return reply.code(201).send({ data: { type: 'identity-disputes', id: patient.patient_uid, attributes: { sitenames: disputed } } });
  });

  // Spec 001 sections 3 and 8: the service referral e-mail to the case's worker and supervisor, through the outbox,
  // once per confirmation (Idempotency-Key); 422 with the spec's text when no case has an address.
  app.post<{ Params: { id: string } }>('/patients/:id/service-referral-email', withSchemas(identity, { 201: ServiceReferralEmailDocument }, { body: ServiceReferralEmailSchema }), async (request, reply) => {
    const patient = patientOf(request);
    const body = parseBody(ServiceReferralEmailSchema, request.body);
    const source = auditSourceOf(request);
    return onceOnly(db, request, reply, 'identity-service-referral-email', async (trx) => {
      const recipients = await sendServiceReferralEmail(trx, patient, body);
      await recordAudit(trx, { ...source, pageViewId: null, patientUid: patient.patient_uid, action: 'ServiceReferralEmail', targetType: 'patients', targetUid: patient.patient_uid });
      return { status: 201, body: { data: { type: 'service-referral-emails', id: patient.patient_uid, attributes: { recipients } } } };
    });
  });
};
