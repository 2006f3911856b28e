import type { ApiClient, Document, Query, Resource } from '../../shared/api/client';
import type { ChartPoint, ProgramDashboard, ReportCard, ReportChart, ReportConfiguration, ReportTable } from '../../shared/schemas/reports';
import { useWidgetApi, useWidgetSession } from '../../shared/widget/widget-context';
import type { PageRequest, PageResult, Row } from '../kit/data-table';
import { useLoaded, type Loaded } from '../kit/use-loaded';

export interface ReportMenuItem {
  navItemLabel: string;
  route: string;
  /** The link's query string, or null (spec 000 "Nav item"). */
  queryParams?: string | null;
}

/** The Reports menu: nav items of ref_data_type 'reports' (spec 002 section 7). */
export function useReportMenu(): Loaded<ReportMenuItem[]> {
  const api = useWidgetApi();
  return useLoaded(
    async () => (await api.get<Document<Resource<ReportMenuItem>[]>>('data/reference/reference-nav-item', { refDataType: 'reports', route__like: 'configured', allData: 1 })).data.map((r) => r.attributes),
    [api],
  );
}

/** The configuration named `name`, or null when there is none ('Report not found'). */
export function useReportConfiguration(name: string): Loaded<ReportConfiguration | null> {
  const api = useWidgetApi();
  return useLoaded(async () => {
    const doc = await api.get<Document<Resource<ReportConfiguration>[]>>('data/reference/reference-report-configuration', { 'report-configuration-name__eq': name });
    return doc.data[0]?.attributes ?? null;
  }, [api, name]);
}

export interface ReportDivision {
  divisionUid: string;
  divisionName: string;
}

/** The divisions where the user holds hasReports. */
export function useReportDivisions(): Loaded<ReportDivision[]> {
  const api = useWidgetApi();
  return useLoaded(async () => (await api.get<Document<Resource<ReportDivision>[]>>('reports/divisions')).data.map((d) => d.attributes), [api]);
}

const viewPath = (view: string) => `permissable/views/${encodeURIComponent(view)}`;

/** One chart's numbers, computed by the server under the report's filters. */
export async function fetchChart(api: ApiClient, view: string, chart: ReportChart, query: Query): Promise<ChartPoint[]> {
  const doc = await api.request<{ data: ChartPoint[] }>('GET', `${viewPath(view)}/chart`, {
    query: { ...query, x: chart.xAxisColumn, y: chart.yAxisColumn, series: chart.seriesColumn, aggregation: chart.aggregationType, 'time-unit': chart.isTimeSeries ? chart.timeUnit : undefined },
    raw: true,
  });
  return doc.data;
}

/** One page of a report table; rows stay in wire form so their columns match the definition. */
export async function fetchReportPage(api: ApiClient, view: string, query: Query, request: PageRequest): Promise<PageResult<Row>> {
  const doc = await api.request<{ data: { rows: Row[] }; meta: { total: number } }>('GET', viewPath(view), {
    query: { ...query, page: request.page, pageSize: request.pageSize, sort: request.sort || undefined },
    raw: true,
  });
  return { rows: doc.data.rows, total: doc.meta.total };
}

/** The CSV text of the report's rows (`POST .../csv`), for the columns of `table`. */
export async function exportCsv(api: ApiClient, view: string, table: Pick<ReportTable, 'columns'>, query: Query): Promise<string> {
  const doc = await api.request<{ data: { data: string } }>('POST', `${viewPath(view)}/csv`, {
    query,
    body: { columns: table.columns.map((c) => ({ column_name: c.columnName, display_header: c.displayHeader })) },
    raw: true,
  });
  return doc.data.data;
}

/** A home report card (`GET /api/reports/{viewName}`); null for a view without one ('Report not found'). */
export function useReportCard(view: string): Loaded<ReportCard | null> {
  const api = useWidgetApi();
  return useLoaded(async () => {
    try {
      return (await api.get<{ data: ReportCard }>(`reports/${encodeURIComponent(view)}`)).data;
    } catch (error) {
      if ((error as { status?: number }).status === 404) return null;
      throw error;
    }
  }, [api, view]);
}

/** The program dashboard's figures (`GET /api/reports/program-dashboard`, isDirector). */
export function useProgramDashboard(): Loaded<ProgramDashboard> {
  const api = useWidgetApi();
  // The figures are the current division's: a division switch asks again.
  const division = useWidgetSession()?.currentDivisionUid;
  return useLoaded(async () => (await api.get<{ data: ProgramDashboard }>('reports/program-dashboard')).data, [api, division]);
}

/** Logs a report run for a user with an app identity (`POST /api/data/public/tbl-identity-action-log`). */
export async function logReportRun(api: ApiClient, reportName: string): Promise<void> {
  await api.post('data/public/tbl-identity-action-log', { action: 'RanReport', reportName });
}
