import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { badRequest, notFound } from '../errors';
import { checkAccess, signedIn } from '../security/access';
import { requirePatient } from '../patients/patient-access';
import { findOne, parseListRequest, runList, toResource, type ListRequest, type QueryParams } from './engine';
import { PUBLIC_VIEWS, REFERENCE_VIEWS } from './registry';
import type { ViewDefinition } from './types';

function viewFor(registry: Record<string, ViewDefinition>, name: string, request: FastifyRequest): ViewDefinition {
  const view = Object.hasOwn(registry, name) ? registry[name] : undefined;
  if (!view) throw badRequest(`Unknown view '${name}'`);
  checkAccess(request, view.access);
  return view;
}

/** The one patient a patient's list is asked for (`<column>=<id>` or `<column>__eq=<id>`). */
function patientNamed(column: string, list: ListRequest): string {
  const filter = list.filters.find((f) => f.column === column && f.operator === 'eq' && f.values.length === 1);
  if (!filter) throw badRequest(`${column} is required`, column);
  return filter.values[0];
}

/** `/data/public/<view>` and `/data/reference/<model>`: every list call goes through the one engine. */
export const dataViewRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  for (const [prefix, registry] of [
    ['/data/public', PUBLIC_VIEWS],
    ['/data/reference', REFERENCE_VIEWS],
  ] as const) {
    app.get<{ Params: { view: string }; Querystring: QueryParams }>(`${prefix}/:view`, signedIn, async (request) => {
      const view = viewFor(registry, request.params.view, request);
      const list = parseListRequest(view, request.query);
      if (view.patientColumn) await requirePatient(db, request, patientNamed(view.patientColumn, list));
      const page = await runList(db, view, request.auth!, list);
      return {
        data: page.rows.map((r) => toResource(view, r)),
        meta: { total: page.total, page: page.page, page_size: page.pageSize },
      };
    });
    app.get<{ Params: { view: string; id: string } }>(`${prefix}/:view/:id`, signedIn, async (request) => {
      const view = viewFor(registry, request.params.view, request);
      const row = await findOne(db, view, request.auth!, request.params.id);
      if (!row) throw notFound(view.notFoundMessage);
      return { data: toResource(view, row) };
    });
  }
};
