import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app-context';
import { badRequest, notFound } from '../errors';
import { signedIn } from '../security/access';
import { requirePatient } from '../patients/patient-access';
import { withSchemas } from '../api-docs/route-schemas';
import { findOne, parseListRequest, runList, toResource, type ListRequest, type QueryParams } from './engine';
import { viewPage, viewQuery, viewRow } from './dataviews.responses';
import { PUBLIC_VIEWS, REFERENCE_VIEWS } from './registry';

/** The one patient a patient's list is asked for (`<column>=<id>` or `<column>__eq=<id>`). */
function patientNamed(column: string, list: ListRequest): string {
  const filter = list.filters.find((f) => f.column === column && f.operator === 'eq' && f.values.length === 1);
  if (!filter) throw badRequest(`${column} is required`, column);
  return filter.values[0];
}

/**
 * `/data/public/<view>` and `/data/reference/<model>`: every list call goes through the one engine. Each
 * view is a route of its own, so each answers with its own schema; a name no view has is a 400.
 */
export const dataViewRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  // An area that answers a view's path itself (allergies, reports) keeps it: registered before this.
  const taken = (url: string) => app.hasRoute({ method: 'GET', url: `${app.prefix}${url}` });
  for (const [prefix, registry] of [
    ['/data/public', PUBLIC_VIEWS],
    ['/data/reference', REFERENCE_VIEWS],
  ] as const) {
    for (const view of Object.values(registry)) {
      const access = { config: { access: view.access } };
      if (!taken(`${prefix}/${view.name}`)) app.get<{ Querystring: QueryParams }>(`${prefix}/${view.name}`, withSchemas(access, { 200: viewPage(view) }, { querystring: viewQuery(view) }), async (request) => {
        const list = parseListRequest(view, request.query);
        if (view.patientColumn) await requirePatient(db, request, patientNamed(view.patientColumn, list));
        const page = await runList(db, view, request.auth!, list);
        return {
          data: page.rows.map((r) => toResource(view, r)),
          meta: { total: page.total, page: page.page, page_size: page.pageSize },
        };
      });
      if (!taken(`${prefix}/${view.name}/:id`)) app.get<{ Params: { id: string } }>(`${prefix}/${view.name}/:id`, withSchemas(access, { 200: viewRow(view) }), async (request) => {
        const row = await findOne(db, view, request.auth!, request.params.id);
        if (!row) throw notFound(view.notFoundMessage);
        return { data: toResource(view, row) };
      });
    }
    const unknown = withSchemas(signedIn, {});
    app.get<{ Params: { view: string } }>(`${prefix}/:view`, unknown, async (request) => {
      throw badRequest(`Unknown view '${request.params.view}'`);
    });
    app.get<{ Params: { view: string } }>(`${prefix}/:view/:id`, unknown, async (request) => {
      throw badRequest(`Unknown view '${request.params.view}'`);
    });
  }
};
