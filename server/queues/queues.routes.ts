import type { FastifyPluginAsync } from 'fastify';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/context';
import { parseListRequest, runList, type QueryParams } from '../dataviews/engine';
import { PUBLIC_VIEWS } from '../dataviews/registry';
import { notFound } from '../errors';
import { findQueue, queuesOfDivision } from './queues.repository';
import { queueCount, ruleFilters } from './queue-rule';
import { QueueDocument, QueueList, QueueQuery } from './queues.responses';
import { WORK_LIST_FLAGS, allow } from '../security/access';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const queueRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get('/queues', withSchemas(allow(...WORK_LIST_FLAGS), { 200: QueueList }), async (request) => {
    const auth = requireAuth(request);
    const queues = (await queuesOfDivision(db, auth.divisionUid)).filter((q) => q.parent_queue_uid === null);
    const counts = await Promise.all(queues.map((q) => queueCount(db, auth, q)));
    return {
      data: queues.map((q, i) => ({ type: 'queue', id: q.queue_uid, attributes: { queue_label: q.queue_label, count: counts[i] } })),
    };
  });

  app.get<{ Params: { id: string }; Querystring: QueryParams }>('/queues/:id', withSchemas(allow(...WORK_LIST_FLAGS), { 200: QueueDocument }, { querystring: QueueQuery }), async (request) => {
    const auth = requireAuth(request);
    const queue = UUID.test(request.params.id) ? await findQueue(db, request.params.id, auth.divisionUid) : undefined;
    if (!queue) throw notFound('Queue not found');
    const view = PUBLIC_VIEWS[queue.view_name];
    const list = parseListRequest(view, request.query, { sort: queue.default_sort ?? undefined });
    const rules = ruleFilters(queue);
    const children = (await queuesOfDivision(db, auth.divisionUid)).filter((q) => q.parent_queue_uid === queue.queue_uid);
    const [page, count, childCounts] = await Promise.all([
      runList(db, view, auth, list, rules),
      list.filters.length ? queueCount(db, auth, queue) : Promise.resolve(undefined),
      Promise.all(children.map((c) => queueCount(db, auth, c))),
    ]);
    return {
      data: {
        type: 'queue',
        id: queue.queue_uid,
        attributes: {
          queue_label: queue.queue_label,
          count: count ?? page.total,
          child_queues: children.map((c, i) => ({ id: c.queue_uid, queue_label: c.queue_label, count: childCounts[i] })),
          queue_list_view_column_map: queue.column_map,
          data: page.rows,
        },
      },
      meta: { total: page.total, page: page.page, page_size: page.pageSize },
    };
  });
};
