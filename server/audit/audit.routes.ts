import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { AuditEntrySchema } from '../../shared/schemas/audit';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/context';
import { patientScope } from '../dataviews/scopes';
import { HttpError, notFound, parseBody } from '../errors';
import { recordAudit } from './audit.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ACTION = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

export const auditRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.post('/audit', async (request, reply) => {
    const auth = requireAuth(request);
    const body = parseBody(AuditEntrySchema, request.body);
    if (!ACTION.test(body.action)) throw new HttpError(422, [{ field: 'action', message: 'Must be an action name' }]);
    // Only patients the caller may see can be audited as viewed; others are 404, not a leak of existence.
    const visible = UUID.test(body.patientUid)
      ? await sql`select 1 from patient v where v.patient_uid = ${body.patientUid} and ${patientScope('v')(auth)}`.execute(db)
      : { rows: [] };
    if (visible.rows.length === 0) throw notFound('Patient not found');
    const row = await recordAudit(db, { patientUid: body.patientUid, action: body.action, userUid: auth.userUid, divisionUid: auth.divisionUid });
    return reply.status(201).send({ data: { type: 'audit', id: row.audit_uid, attributes: row } });
  });
};
