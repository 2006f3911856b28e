import type { FastifyPluginAsync } from 'fastify';
import { snakeKeys } from '../../shared/casing';
import { DivisionSchema, OrganizationSchema, QueuePreviewSchema, QueueSchema, type QueueInput } from '../../shared/schemas/admin';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { requireAuth, type AuthContext } from '../auth/context';
import type { Db } from '../db/connect';
import { parseListRequest } from '../dataviews/engine';
import { PUBLIC_VIEWS } from '../dataviews/registry';
import { HttpError, notFound, parseBody } from '../errors';
import { onceOnly } from '../public-forms/idempotency';
import { parseRule, queueCount, ruleText } from '../queues/queue-rule';
import { allow } from '../security/access';
import { actorOf, recordAdminChange } from './admin-audit';
import { lockOrganization } from './admin.repository';
import {
  divisionNameTaken,
  divisionSnapshot,
  findDivision,
  findOrganization,
  findOrgQueue,
  insertDivision,
  insertQueue,
  listDivisions,
  QUEUE_VIEW,
  renameOrganization,
  setMarket,
  setSupportPhone,
  updateDivision,
  updateQueue,
  type OrgDivision,
  type OrgQueue,
} from './organization.repository';
import { DivisionDocument, DivisionList, OrganizationDocument, QueueDocument, QueueList, QueuePreviewDocument } from './organization.responses';

export const DIVISION_NOT_FOUND = 'Division not found';
export const QUEUE_NOT_FOUND = 'Queue not found';
export const DIVISION_NAME_TAKEN = 'The organisation already has a division with this name';

const divisionResource = (d: OrgDivision) => ({ type: 'divisions', id: d.divisionUid, attributes: snakeKeys(d) });

const queueAttributes = (q: OrgQueue) => ({
  queue_uid: q.queue_uid,
  division_uid: q.division_uid,
  parent_queue_uid: q.parent_queue_uid,
  queue_label: q.queue_label,
  rule: ruleText(q.rule),
  default_sort: q.default_sort,
  columns: q.column_map,
  sort_order: q.sort_order,
});
const queueResource = (q: OrgQueue) => ({ type: 'admin-queues', id: q.queue_uid, attributes: queueAttributes(q) });

async function divisionOr404(db: Db, auth: AuthContext, divisionUid: string): Promise<OrgDivision> {
  const division = await findDivision(db, auth.orgUid, divisionUid);
  if (!division) throw notFound(DIVISION_NOT_FOUND);
  return division;
}

async function queueOr404(db: Db, auth: AuthContext, queueUid: string): Promise<OrgQueue> {
  const queue = await findOrgQueue(db, auth.orgUid, queueUid);
  if (!queue) throw notFound(QUEUE_NOT_FOUND);
  return queue;
}

/** The checks the schema cannot make: the rule, the sort and the columns against the queue view; the stored rule. */
function checkQueue(body: QueueInput): Record<string, string> {
  const view = PUBLIC_VIEWS[QUEUE_VIEW];
  const rule = parseRule(QUEUE_VIEW, body.rule);
  const errors = body.columns.flatMap((c, i) => (Object.hasOwn(view.columns, c.columnName) ? [] : [{ field: `columns.${i}.column_name`, message: NOT_LISTED }]));
  if (body.defaultSort?.trim()) {
    try {
      parseListRequest(view, { sort: body.defaultSort });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      errors.push({ field: 'default_sort', message: err.errors[0].message });
    }
  }
  if (errors.length) throw new HttpError(422, errors);
  return rule;
}

/**
 * Issue 14 sections 1 and 3: the admin's organisation (name, market and,
 * since issue 33, the support page's urgent line), its divisions (name,
 * theme colour and logo of the external pages, CIT's supervisory approval)
 * and their work queues. Same anatomy as the users routes: navigatorAdmin
 * only, another organisation's row is a 404, each change locks the
 * organisation and writes the admin audit log in its transaction.
 */
export const organizationRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  const admin = allow('navigatorAdmin');

  app.get('/admin/organization', withSchemas(admin, { 200: OrganizationDocument }), async (request) => {
    const org = await findOrganization(db, requireAuth(request).orgUid);
    return { data: { type: 'organizations', id: org.org_uid, attributes: org } };
  });

  app.put('/admin/organization', withSchemas(admin, { 200: OrganizationDocument }, { body: OrganizationSchema }), async (request) => {
    const auth = requireAuth(request);
    const body = parseBody(OrganizationSchema, request.body);
    const org = await db.transaction().execute(async (trx) => {
      await lockOrganization(trx, auth.orgUid);
      const before = await findOrganization(trx, auth.orgUid);
      await renameOrganization(trx, auth.orgUid, body.orgName.trim());
      if (body.marketName !== undefined) await setMarket(trx, auth.orgUid, body.marketName?.trim() ?? '');
      if (body.supportPhone !== undefined) await setSupportPhone(trx, auth.orgUid, body.supportPhone);
      const after = await findOrganization(trx, auth.orgUid);
      // The audit names what the body set: a field left out is unchanged and not recorded.
      const changed = (o: typeof before) => ({
        orgName: o.org_name,
        ...(body.marketName !== undefined && { marketName: o.market_name }),
        ...(body.supportPhone !== undefined && { supportPhone: o.support_phone }),
      });
      await recordAdminChange(trx, actorOf(auth), { orgUid: auth.orgUid, action: 'UpdatedOrganization', targetType: 'organization', targetUid: auth.orgUid, targetLabel: after.org_name, before: changed(before), after: changed(after) });
      return after;
    });
    return { data: { type: 'organizations', id: org.org_uid, attributes: org } };
  });

  app.get('/admin/divisions', withSchemas(admin, { 200: DivisionList }), async (request) => ({ data: (await listDivisions(db, requireAuth(request).orgUid)).map(divisionResource) }));

  app.get<{ Params: { id: string } }>('/admin/divisions/:id', withSchemas(admin, { 200: DivisionDocument }), async (request) => ({ data: divisionResource(await divisionOr404(db, requireAuth(request), request.params.id)) }));

  app.post('/admin/divisions', withSchemas(admin, { 201: DivisionDocument }, { body: DivisionSchema }), async (request, reply) => {
    const auth = requireAuth(request);
    const body = parseBody(DivisionSchema, request.body);
    return onceOnly(db, request, reply, 'admin-divisions', async (trx) => {
      await lockOrganization(trx, auth.orgUid);
      if (await divisionNameTaken(trx, auth.orgUid, body.divisionName)) throw new HttpError(422, [{ field: 'division_name', message: DIVISION_NAME_TAKEN }]);
      const division = (await findDivision(trx, auth.orgUid, await insertDivision(trx, auth.orgUid, body)))!;
      await recordAdminChange(trx, actorOf(auth), { orgUid: auth.orgUid, action: 'CreatedDivision', targetType: 'division', targetUid: division.divisionUid, targetLabel: division.divisionName, after: divisionSnapshot(division) });
      return { status: 201, body: { data: divisionResource(division) } };
    });
  });

  app.put<{ Params: { id: string } }>('/admin/divisions/:id', withSchemas(admin, { 200: DivisionDocument }, { body: DivisionSchema }), async (request) => {
    const auth = requireAuth(request);
    const body = parseBody(DivisionSchema, request.body);
    const division = await db.transaction().execute(async (trx) => {
      await lockOrganization(trx, auth.orgUid);
      const before = await divisionOr404(trx, auth, request.params.id);
      if (await divisionNameTaken(trx, auth.orgUid, body.divisionName, before.divisionUid)) throw new HttpError(422, [{ field: 'division_name', message: DIVISION_NAME_TAKEN }]);
      await updateDivision(trx, before.divisionUid, body);
      const after = (await findDivision(trx, auth.orgUid, before.divisionUid))!;
      await recordAdminChange(trx, actorOf(auth), { orgUid: auth.orgUid, action: 'UpdatedDivision', targetType: 'division', targetUid: after.divisionUid, targetLabel: after.divisionName, before: divisionSnapshot(before), after: divisionSnapshot(after) });
      return after;
    });
    return { data: divisionResource(division) };
  });

  /** A division's queues, sub-queues included, and the columns a queue may filter on and show. */
  app.get<{ Params: { id: string } }>('/admin/divisions/:id/queues', withSchemas(admin, { 200: QueueList }), async (request) => {
    const division = await divisionOr404(db, requireAuth(request), request.params.id);
    const queues = await db.selectFrom('queue').selectAll().where('division_uid', '=', division.divisionUid).orderBy('sort_order').orderBy('queue_label').execute();
    return { data: queues.map(queueResource), meta: { view_columns: Object.keys(PUBLIC_VIEWS[QUEUE_VIEW].columns) } };
  });

  /**
   * The live count of a rule before it is saved: the list engine runs it in
   * the division, as the admin would see the list there. A rule the engine
   * refuses is a 422 on `rule` with its message.
   */
  app.post('/admin/queues/preview', withSchemas(admin, { 200: QueuePreviewDocument }, { body: QueuePreviewSchema }), async (request) => {
    const auth = requireAuth(request);
    const body = parseBody(QueuePreviewSchema, request.body);
    const division = await divisionOr404(db, auth, body.divisionUid);
    const rule = parseRule(QUEUE_VIEW, body.rule);
    const count = await queueCount(db, { ...auth, divisionUid: division.divisionUid }, { view_name: QUEUE_VIEW, rule });
    return { data: { type: 'queue-previews', id: division.divisionUid, attributes: { count } } };
  });

  app.get<{ Params: { id: string } }>('/admin/queues/:id', withSchemas(admin, { 200: QueueDocument }), async (request) => ({ data: queueResource(await queueOr404(db, requireAuth(request), request.params.id)) }));

  app.post<{ Params: { id: string } }>('/admin/divisions/:id/queues', withSchemas(admin, { 201: QueueDocument }, { body: QueueSchema }), async (request, reply) => {
    const auth = requireAuth(request);
    const body = parseBody(QueueSchema, request.body);
    const division = await divisionOr404(db, auth, request.params.id);
    const rule = checkQueue(body);
    return onceOnly(db, request, reply, 'admin-queues', async (trx) => {
      await lockOrganization(trx, auth.orgUid);
      const queue = (await findOrgQueue(trx, auth.orgUid, await insertQueue(trx, division.divisionUid, body, rule)))!;
      await recordAdminChange(trx, actorOf(auth), { orgUid: auth.orgUid, action: 'CreatedQueue', targetType: 'queue', targetUid: queue.queue_uid, targetLabel: `${division.divisionName}: ${queue.queue_label}`, after: queueAttributes(queue) });
      return { status: 201, body: { data: queueResource(queue) } };
    });
  });

  app.put<{ Params: { id: string } }>('/admin/queues/:id', withSchemas(admin, { 200: QueueDocument }, { body: QueueSchema }), async (request) => {
    const auth = requireAuth(request);
    const body = parseBody(QueueSchema, request.body);
    const queue = await db.transaction().execute(async (trx) => {
      await lockOrganization(trx, auth.orgUid);
      const before = await queueOr404(trx, auth, request.params.id);
      await updateQueue(trx, before.queue_uid, body, checkQueue(body));
      const after = (await findOrgQueue(trx, auth.orgUid, before.queue_uid))!;
      await recordAdminChange(trx, actorOf(auth), { orgUid: auth.orgUid, action: 'UpdatedQueue', targetType: 'queue', targetUid: after.queue_uid, targetLabel: after.queue_label, before: queueAttributes(before), after: queueAttributes(after) });
      return after;
    });
    return { data: queueResource(queue) };
  });
};
