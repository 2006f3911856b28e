import type { FastifyPluginAsync } from 'fastify';
import { AuditEntrySchema } from '../../shared/schemas/audit';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { parsePaging, type QueryParams } from '../dataviews/engine';
import { parseBody } from '../errors';
import { requirePatient } from '../patients/patient-access';
import { PATIENT_RECORD_FLAGS, allow, forPatient, patientOf } from '../security/access';
import { auditSourceOf } from './audit-source';
import { AuditEntryDocument, AuditMessagePage } from './audit.responses';
import { findPageViewEntry, listAuditMessages, recordAudit } from './audit.repository';

export const auditRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  // A page's own record (Continue in the preview, opening Referrals & Appointments); with x-page-view, once per page view.
  const access = allow(...PATIENT_RECORD_FLAGS);
  app.post('/audit', withSchemas({ config: { ...access.config, readsOnly: true } }, { 201: AuditEntryDocument, 200: AuditEntryDocument }, { body: AuditEntrySchema }), async (request, reply) => {
    const source = auditSourceOf(request);
    const body = parseBody(AuditEntrySchema, request.body);
    const patient = await requirePatient(db, request, body.patientUid, { recordView: false });
    const entry = { ...source, patientUid: patient.patient_uid, action: body.action, targetType: 'patients', targetUid: patient.patient_uid };
    const written = await recordAudit(db, entry);
    if (written) return reply.status(201).send({ data: { type: 'audit', id: written.audit_uid, attributes: written } });
    // The page view had recorded it already: the same entry, nothing new.
    const earlier = await findPageViewEntry(db, entry);
    return reply.status(200).send({ data: { type: 'audit', id: earlier.audit_uid, attributes: earlier } });
  });

  // Spec 001 "GET /patients/{patient_id}/audit-messages".
  app.get<{ Params: { id: string }; Querystring: QueryParams }>('/patients/:id/audit-messages', withSchemas(forPatient(allow(...PATIENT_RECORD_FLAGS)), { 200: AuditMessagePage }), async (request) => {
    const patient = patientOf(request);
    const paging = parsePaging(request.query);
    const { rows, total } = await listAuditMessages(db, patient.patient_uid, paging);
    return {
      data: rows.map((r) => ({
        type: 'audit-messages',
        id: r.audit_uid,
        attributes: {
          message_date: r.created_at,
          formatted_message: r.message,
          service_method: r.service_method,
          target_type: r.target_type,
          target_uid: r.target_uid,
          action: r.action,
          user_display_name: r.display_name,
        },
      })),
      meta: { total, page: paging.page, page_size: paging.pageSize },
    };
  });
};
