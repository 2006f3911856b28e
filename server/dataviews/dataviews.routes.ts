import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/context';
import { badRequest, forbidden, notFound } from '../errors';
import { findOne, parseListRequest, runList, toResource, type QueryParams } from './engine';
import { PUBLIC_VIEWS, REFERENCE_VIEWS, type ViewDefinition } from './registry';

function viewFor(registry: Record<string, ViewDefinition>, name: string, request: FastifyRequest): ViewDefinition {
  const auth = requireAuth(request);
  const view = Object.hasOwn(registry, name) ? registry[name] : undefined;
  if (!view) throw badRequest(`Unknown view '${name}'`);
  if (view.anyFlag && !view.anyFlag.some((f) => auth.flags[f])) throw forbidden();
  return view;
}

/** `/data/public/<view>` and `/data/reference/<model>`: every list call goes through the one engine. */
export const dataViewRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  for (const [prefix, registry] of [
    ['/data/public', PUBLIC_VIEWS],
    ['/data/reference', REFERENCE_VIEWS],
  ] as const) {
    app.get<{ Params: { view: string }; Querystring: QueryParams }>(`${prefix}/:view`, async (request) => {
      const view = viewFor(registry, request.params.view, request);
      const list = await runList(db, view, request.auth!, parseListRequest(view, request.query));
      return {
        data: list.rows.map((r) => toResource(view, r)),
        meta: { total: list.total, page: list.page, page_size: list.pageSize },
      };
    });
    app.get<{ Params: { view: string; id: string } }>(`${prefix}/:view/:id`, async (request) => {
      const view = viewFor(registry, request.params.view, request);
      const row = await findOne(db, view, request.auth!, request.params.id);
      if (!row) throw notFound();
      return { data: toResource(view, row) };
    });
  }
};
