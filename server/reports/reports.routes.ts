import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { snakeKeys } from '../../shared/casing';
import { AGGREGATIONS, IdentityActionSchema, REPORT_CARD_VIEWS, ReportCsvSchema, TIME_UNITS, type Aggregation, type ChartPoint, type ReportCardView, type TimeUnit } from '../../shared/schemas/reports';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/context';
import type { Db } from '../db/connect';
import { parseListRequest, streamList, runAggregate, runList, type ListRequest, type QueryParams } from '../dataviews/engine';
import type { ViewDefinition } from '../dataviews/types';
import { badRequest, forbidden, notFound, parseBody } from '../errors';
import { allow } from '../security/access';
import { requirePatient } from '../patients/patient-access';
import { logIdentityAction } from '../audit/identity-action-log';
import { csvHeader, csvRows } from './csv';
import { programDashboard, reportCard } from './report-cards';
import { allReportDivisions, checkedConfiguration, findConfigurations, reportDivisions, reportUsers, type ConfigurationRow } from './reports.repository';
import {
  ChartDocument,
  ConfigurationDocument,
  ConfigurationList,
  CsvDocument,
  IdentityActionDocument,
  ProgramDashboardDocument,
  ReportCardDocument,
  ReportDivisionList,
  reportPage,
  ReportUserList,
} from './reports.responses';
import { hiddenEventDetails, readableBy, REPORT_DATA_VIEWS } from './reports.views';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_DIVISIONS = 50;
/** Query parameters of a chart call that are not filters. */
const CHART_PARAMS = ['x', 'y', 'series', 'aggregation', 'time-unit'] as const;

const reports = allow('hasReports');
const asList = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

const unknownView = (name: string) => notFound(`Unknown report view '${name}'`);

function reportView(name: string): ViewDefinition {
  const view = Object.hasOwn(REPORT_DATA_VIEWS, name) ? REPORT_DATA_VIEWS[name] : undefined;
  if (!view) throw unknownView(name);
  return view;
}

/**
 * A report call's filters: the query's own (checked against the view's
 * columns by the engine) and the divisions, `division_uid` once per division
 * (the current one when none is given). Every division must be one where the
 * caller holds hasReports: 403 otherwise. `readable` is the view as the
 * caller reads it in those divisions (reports.views.ts readableBy).
 */
async function reportRequest(db: Db, request: FastifyRequest, view: ViewDefinition, params: QueryParams, skip: readonly string[] = []) {
  const auth = requireAuth(request);
  const { division_uid: raw, ...rest } = params;
  for (const key of skip) delete rest[key];
  const asked = [...new Set(asList(raw).flatMap((v) => v.split(',')).filter(Boolean))];
  if (asked.length > MAX_DIVISIONS) throw badRequest(`At most ${MAX_DIVISIONS} divisions`, 'division_uid');
  if (asked.some((d) => !UUID.test(d))) throw badRequest('division_uid must be division ids', 'division_uid');
  const divisions = asked.length ? asked : [auth.divisionUid];
  const held = await reportDivisions(db, auth, divisions);
  if (held.length !== divisions.length) throw forbidden('You do not have reports for every division asked for');
  const list = parseListRequest(view, rest);
  const filters: ListRequest['filters'] = [{ column: 'division_uid', operator: 'eq', values: divisions }, ...list.filters];
  // Issue 31: events whose details the caller may not read in a division keep their row only.
  return { auth, list, filters, readable: readableBy(view, hiddenEventDetails(held)) };
}

function oneOf<T extends string>(allowed: readonly T[], value: unknown, field: string, fallback?: T): T {
  if ((value === undefined || value === '') && fallback) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw badRequest(`${field} must be one of ${allowed.join(', ')}`, field);
}

const configurationResource = (row: ConfigurationRow) => ({ type: 'reference-report-configuration', id: row.uid, attributes: snakeKeys(checkedConfiguration(row)) });

/** Reports (spec 002 section 7 "Reports"; issue 12): configurations, report rows, chart numbers and CSV export. */
export const reportsRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  // Static paths: they take precedence over the generic /data/reference/:view lists, which cannot read a definition.
  app.get<{ Querystring: QueryParams }>('/data/reference/reference-report-configuration', withSchemas(reports, { 200: ConfigurationList }), async (request) => {
    const name = asList(request.query['report-configuration-name__eq']).at(-1);
    const rows = await findConfigurations(db, requireAuth(request).orgUid, { name });
    return { data: rows.map(configurationResource), meta: { total: rows.length } };
  });

  app.get<{ Params: { id: string } }>('/data/reference/reference-report-configuration/:id', withSchemas(reports, { 200: ConfigurationDocument }), async (request) => {
    const [row] = UUID.test(request.params.id) ? await findConfigurations(db, requireAuth(request).orgUid, { uid: request.params.id }) : [];
    if (!row) throw notFound('Report not found');
    return { data: configurationResource(row) };
  });

  app.get('/reports/divisions', withSchemas(reports, { 200: ReportDivisionList }), async (request) => {
    const rows = await allReportDivisions(db, requireAuth(request));
    return { data: rows.map((d) => ({ type: 'divisions', id: d.division_uid, attributes: d })) };
  });

  // Spec 000 "Reports cards": one card per report view (static paths above take precedence).
  app.get('/reports/program-dashboard', withSchemas(allow('isDirector'), { 200: ProgramDashboardDocument }), async (request) => ({ data: snakeKeys(await programDashboard(db, requireAuth(request))) }));

  app.get<{ Params: { view: string } }>('/reports/:view', withSchemas(reports, { 200: ReportCardDocument }), async (request) => {
    const view = request.params.view;
    if (!(REPORT_CARD_VIEWS as string[]).includes(view)) throw notFound('Report not found');
    return { data: snakeKeys(await reportCard(db, requireAuth(request), view as ReportCardView)) };
  });

  // Spec 002 section 7: the user filter's choices, the users of the divisions the caller reports on.
  app.get('/users', withSchemas(reports, { 200: ReportUserList }), async (request) => {
    const rows = await reportUsers(db, requireAuth(request));
    return { data: rows.map((u) => ({ type: 'users', id: u.user_uid, attributes: u })), meta: { total: rows.length } };
  });

  // Spec 002 section 3 "Other": actions of users with an app identity (the list is the data view of the same name).
  app.post('/data/public/tbl-identity-action-log', withSchemas(allow('hasAppIdentity'), { 201: IdentityActionDocument }, { body: IdentityActionSchema }), async (request, reply) => {
    const body = parseBody(IdentityActionSchema, request.body);
    const auth = requireAuth(request);
    const patient = body.patientUid ? await requirePatient(db, request, body.patientUid, { recordView: false }) : null;
    const row = await logIdentityAction(db, auth, { action: body.action, patientUid: patient?.patient_uid ?? null, reportName: body.reportName ?? null });
    return reply.status(201).send({ data: { type: 'tbl-identity-action-log', id: row.action_log_uid, attributes: row } });
  });

  // Each report view is a route of its own, so each answers with its own columns; a name no view has is a 404.
  for (const view of Object.values(REPORT_DATA_VIEWS)) {
    app.get<{ Querystring: QueryParams }>(`/permissable/views/${view.name}`, withSchemas(reports, { 200: reportPage(view) }), async (request) => {
      const { auth, list, filters, readable } = await reportRequest(db, request, view, request.query);
      const page = await runList(db, readable, auth, { ...list, filters: [] }, filters);
      return {
        data: { columns: Object.keys(view.columns), rows: page.rows },
        meta: { total: page.total, page: page.page, page_size: page.pageSize },
      };
    });
  }
  app.get<{ Params: { view: string } }>('/permissable/views/:view', withSchemas(reports, {}), async (request) => {
    throw unknownView(request.params.view);
  });

  app.get<{ Params: { view: string }; Querystring: QueryParams }>('/permissable/views/:view/chart', withSchemas(reports, { 200: ChartDocument }), async (request) => {
    const view = reportView(request.params.view);
    const { auth, filters, readable } = await reportRequest(db, request, view, request.query, CHART_PARAMS);
    const q = request.query;
    const x = asList(q.x).at(-1);
    if (!x) throw badRequest('x is required', 'x');
    const aggregation = oneOf<Aggregation>(AGGREGATIONS, asList(q.aggregation).at(-1), 'aggregation', 'count');
    const unit = asList(q['time-unit']).at(-1);
    const timeUnit = unit ? oneOf<TimeUnit>(TIME_UNITS, unit, 'time-unit') : undefined;
    const points: ChartPoint[] = await runAggregate(db, readable, auth, filters, { x, y: asList(q.y).at(-1), series: asList(q.series).at(-1) || undefined, aggregation, timeUnit });
    return { data: points };
  });

  /**
   * The export streams: rows come from a cursor a batch at a time and leave
   * as CSV text inside the JSON answer, so the server holds one batch however
   * many rows the report has. A client that goes away ends the cursor.
   */
  app.post<{ Params: { view: string }; Querystring: QueryParams }>('/permissable/views/:view/csv', withSchemas(reports, { 200: CsvDocument }, { body: ReportCsvSchema }), async (request, reply) => {
    const view = reportView(request.params.view);
    const body = parseBody(ReportCsvSchema, request.body);
    const unknown = body.columns.findIndex((c) => !Object.hasOwn(view.columns, c.columnName));
    if (unknown !== -1) throw badRequest(`Unknown column '${body.columns[unknown].columnName}' for view '${view.name}'`, `columns.${unknown}.column_name`);
    const { auth, list, filters, readable } = await reportRequest(db, request, view, { ...request.query, 'all-data': '1' });
    const columns = body.columns.map((c) => ({ ...c, kind: view.columns[c.columnName] }));
    const out = new PassThrough();
    reply.raw.once('close', () => out.destroy());
    const write = async (text: string) => {
      if (out.destroyed) throw new Error('The client went away');
      if (!out.write(text)) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    };
    // JSON string contents: the text JSON.stringify quotes, without its quotes.
    const inJson = (text: string) => JSON.stringify(text).slice(1, -1);
    let opened = false;
    let onOpen!: () => void;
    const open = new Promise<void>((resolve) => (onOpen = resolve));
    const run = (async () => {
      await write(`{"data":{"data":"${inJson(csvHeader(columns))}`);
      // Only the columns written: a row of the medical-event view is half the size.
      await streamList(db, readable, auth, { ...list, filters: [] }, filters, [...new Set(columns.map((c) => c.columnName))], {
        format: (rows) => inJson(csvRows(columns, rows)),
        write: async (text) => {
          opened = true;
          onOpen();
          await write(text);
        },
      });
      out.end('"}}');
    })();
    run.catch((err) => {
      if (opened && !out.destroyed) request.log.error({ err }, 'report download cut off');
      out.destroy();
    });
    // Nothing is sent before the cursor gives its first rows: a busy pool or a failing query is an ordinary error answer (503, 500), not a cut-off download.
    await Promise.race([open, run]);
    return reply.type('application/json; charset=utf-8').send(out);
  });
};
