import type { FastifyPluginAsync } from 'fastify';
import { snakeKeys } from '../../shared/casing';
import { ExtInstanceSchema, type ExtInstance } from '../../shared/schemas/admin';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { requireAuth, type AuthContext } from '../auth/context';
import type { Db } from '../db/connect';
import { HttpError, notFound, parseBody } from '../errors';
import { onceOnly } from '../public-forms/idempotency';
import { allow } from '../security/access';
import { actorOf, recordAdminChange, type AdminChange } from './admin-audit';
import { lockOrganization, orgDivisions } from './admin.repository';
import { deactivateInstance, findInstance, insertInstance, listInstances } from './ext-instances.repository';
import { ExtInstanceDocument, ExtInstanceList } from './ext-instances.responses';

export const LINK_NOT_FOUND = 'Link not found';
export const ALREADY_REPLACED = 'This link was replaced: rotate the link that replaced it';

const resource = (i: ExtInstance) => ({ type: 'ext-instances', id: i.instanceId, attributes: snakeKeys(i) });

/**
 * Issue 14 section 3, public-form access: the organisation's external-action
 * links (/ext/{slug}/{action type}). Create, rotate, revoke; nothing is
 * deleted or renamed, since registrations and referrals point at the slug. A
 * rotation is a new link with the same settings and a new unguessable slug,
 * and the old one deactivated, in one transaction; revoking deactivates, and
 * the public routes answer a deactivated link as an unknown one (404). The
 * slug is the public address, not a secret, so it is listed, not shown once.
 */
export const extInstanceRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  const admin = allow('navigatorAdmin');
  const find = (trx: Db, auth: AuthContext, id: string) => findInstance(trx, auth.orgUid, config.publicUrl, id);
  const audit = (trx: Db, auth: AuthContext, action: AdminChange['action'], instance: ExtInstance, before?: ExtInstance) =>
    recordAdminChange(trx, actorOf(auth), {
      orgUid: auth.orgUid,
      action,
      targetType: 'ext-instance',
      // The slug is text, the log's target_uid a uuid: the label names the link.
      targetUid: null,
      targetLabel: `${instance.label} (${instance.instanceId})`,
      before,
      after: instance,
    });
  /** A command on one link, in a transaction holding the organisation's lock; 404 for another organisation's. */
  const command = (auth: AuthContext, id: string, work: (trx: Db, before: ExtInstance) => Promise<ExtInstance>) =>
    db.transaction().execute(async (trx) => {
      await lockOrganization(trx, auth.orgUid);
      const before = await find(trx, auth, id);
      if (!before) throw notFound(LINK_NOT_FOUND);
      return work(trx, before);
    });

  app.get('/admin/ext-instances', withSchemas(admin, { 200: ExtInstanceList }), async (request) => ({ data: (await listInstances(db, requireAuth(request).orgUid, config.publicUrl)).map(resource) }));

  app.post('/admin/ext-instances', withSchemas(admin, { 201: ExtInstanceDocument }, { body: ExtInstanceSchema }), async (request, reply) => {
    const auth = requireAuth(request);
    const body = parseBody(ExtInstanceSchema, request.body);
    return onceOnly(db, request, reply, 'admin-ext-instances', async (trx) => {
      await lockOrganization(trx, auth.orgUid);
      if (!(await orgDivisions(trx, auth.orgUid)).some((d) => d.division_uid === body.divisionUid)) throw new HttpError(422, [{ field: 'division_uid', message: NOT_LISTED }]);
      const created = (await find(trx, auth, await insertInstance(trx, body)))!;
      await audit(trx, auth, 'CreatedExternalLink', created);
      return { status: 201, body: { data: resource(created) } };
    });
  });

  /** A new link in place of this one (a revoked one too): the old address stops working at once. */
  app.post<{ Params: { id: string } }>('/admin/ext-instances/:id/rotate', withSchemas(admin, { 200: ExtInstanceDocument }), async (request) => {
    const auth = requireAuth(request);
    const created = await command(auth, request.params.id, async (trx, before) => {
      if (before.replacedBy) throw new HttpError(422, [{ message: ALREADY_REPLACED }]);
      const fresh = await insertInstance(trx, before);
      await deactivateInstance(trx, before.instanceId, fresh);
      const after = (await find(trx, auth, fresh))!;
      await audit(trx, auth, 'RotatedExternalLink', after, before);
      return after;
    });
    return { data: resource(created) };
  });

  app.post<{ Params: { id: string } }>('/admin/ext-instances/:id/revoke', withSchemas(admin, { 200: ExtInstanceDocument }), async (request) => {
    const auth = requireAuth(request);
    const after = await command(auth, request.params.id, async (trx, before) => {
      if (before.state !== 'active') return before;
      await deactivateInstance(trx, before.instanceId);
      const revoked = (await find(trx, auth, before.instanceId))!;
      await audit(trx, auth, 'RevokedExternalLink', revoked, before);
      return revoked;
    });
    return { data: resource(after) };
  });
};
