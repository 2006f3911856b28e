import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { Query } from '../../shared/api/client';
import { now } from '../../shared/clock';
import { formatDate, formatDateTime, formatReportTime } from '../../shared/format';
import { csvFileName, CUSTOM_REPORTS, REPORT_TABLE_PAGE_SIZE, REPORT_TABLE_PAGE_SIZES, REPORT_TEXT, type ChartPoint, type LayoutItem, type ReportConfiguration, type ReportTable } from '../../shared/schemas/reports';
import { useWidgetApi, useWidgetSession } from '../../shared/widget/widget-context';
import { DataTable, type Column, type PageRequest } from '../kit/data-table';
import { LoadState } from '../kit/load-state';
import { navItemHref, NavLink } from '../kit/nav-link';
import { toast, Toasts } from '../kit/toasts';
import { FilterControl, filterQuery, initialValues, type FilterValues } from './report-filters';
import { exportCsv, fetchChart, fetchReportPage, logReportRun, useReportConfiguration, useReportDivisions, useReportMenu, type ReportDivision, type ReportMenuItem } from './reports.resource';
import { ReportsStyles } from './reports.styles';

// chart.js loads with the first report that draws a chart, never with the shell or the menu.
const ReportChartCanvas = lazy(() => import('./report-chart').then((m) => ({ default: m.ReportChartCanvas })));

type RunState = 'not-run' | 'running' | 'shown';

/**
 * A layout item's place in the 12-column grid (one column under 768 px,
 * reports.styles); `top` is the first row of its grid (filters and
 * visualisations are laid out on one layout but drawn in two grids).
 */
const place = (item: LayoutItem, top: number): CSSProperties =>
  ({ '--col': `${item.x + 1} / span ${item.w}`, '--row': `${item.y - top + 1} / span ${item.h}`, '--h': item.h }) as CSSProperties;
const topOf = (items: { item: LayoutItem }[]) => Math.min(...items.map((i) => i.item.y));

export function cellFormat(type: ReportTable['columns'][number]['type']): Column['format'] {
  switch (type) {
    case 'date':
      return (v) => formatDate(v as string | null);
    case 'dateTime':
      return (v) => formatDateTime(v as string | null);
    case 'time':
      return (v) => formatReportTime(v as string | null);
    case 'boolean':
      return (v) => (v === null || v === undefined ? '' : v ? 'Yes' : 'No');
    case 'array':
      return (v) => (Array.isArray(v) ? v.join(', ') : '');
    default:
      return undefined;
  }
}

function DivisionChoice({ divisions, chosen, onChange }: { divisions: ReportDivision[]; chosen: string[]; onChange: (chosen: string[]) => void }) {
  const id = useId();
  return (
    <fieldset className="report-divisions">
      <legend>Divisions</legend>
      {divisions.map((d) => (
        <label key={d.divisionUid} htmlFor={`${id}-${d.divisionUid}`} className="choice">
          <input
            id={`${id}-${d.divisionUid}`}
            type="checkbox"
            checked={chosen.includes(d.divisionUid)}
            // At least one division stays chosen: a report of no division is empty by definition.
            disabled={chosen.length === 1 && chosen[0] === d.divisionUid}
            onChange={(e) => onChange(e.target.checked ? [...chosen, d.divisionUid] : chosen.filter((c) => c !== d.divisionUid))}
          />
          {d.divisionName}
        </label>
      ))}
    </fieldset>
  );
}

function ReportTableView({ name, index, table, view, query }: { name: string; index: number; table: ReportTable; view: string; query: Query }) {
  const api = useWidgetApi();
  const fetchPage = useCallback((request: PageRequest) => fetchReportPage(api, view, query, request), [api, view, query]);
  // A column shown twice (a date-time as its date and its time) sorts from its first place only.
  const columns: Column[] = table.columns.map((c, i) => ({
    columnName: c.columnName,
    displayHeader: c.displayHeader,
    format: cellFormat(c.type),
    sortable: table.columns.findIndex((o) => o.columnName === c.columnName) === i ? undefined : false,
    // The group's heading row names it: its column stays in the export, not on screen.
    isHidden: c.columnName === table.groupByColumn || undefined,
  }));
  const pageSize = table.pageSize ?? REPORT_TABLE_PAGE_SIZE;
  const pageSizes = [...new Set([...REPORT_TABLE_PAGE_SIZES, pageSize])].sort((a, b) => a - b);
  const groupBy = table.groupByColumn ? { column: table.groupByColumn, text: (v: unknown) => (v === null || v === undefined || v === '' ? 'None' : String(v)) } : undefined;
  // The title stays put above the table, which scrolls sideways on a narrow screen; a fixed height scrolls the table itself.
  return (
    <>
      <h3 className="report-item-title">{table.title}</h3>
      <div className={table.fixedHeight ? 'fixed-height' : undefined} style={table.fixedHeight ? { maxHeight: `${table.fixedHeight}px` } : undefined}>
        <DataTable
          tableId={`report-${name}-${index}`}
          columns={columns}
          fetchPage={fetchPage}
          defaultSort={table.sortBy ? `-${table.sortBy}` : ''}
          defaultPageSize={pageSize}
          pageSizes={pageSizes}
          emptyText="No rows found"
          groupBy={groupBy}
        />
      </div>
    </>
  );
}

function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * One report: filters, division choice, Run/Update, Export, charts and
 * tables. It opens run with its default filters (issue 32 §5), as soon as it
 * knows its division; Update Report runs it again with the filters changed.
 * `custom` (a built-in report such as CustodyFlagReport) always shows the
 * division multi-select, the current division chosen.
 */
function ReportBody({ name, title, config, custom = false }: { name: string; title: string; config: ReportConfiguration; custom?: boolean }) {
  const api = useWidgetApi();
  const session = useWidgetSession();
  const definition = config.reportConfigurationDefinition;
  const divisions = useReportDivisions();
  const [values, setValues] = useState<FilterValues>(() => initialValues(definition.filters, now()));
  const [chosen, setChosen] = useState<string[]>(() => (session?.currentDivisionUid ? [session.currentDivisionUid] : []));
  // Without a session's current division (an embedder's token), the first division the user reports on.
  useEffect(() => {
    if (divisions.data?.length) setChosen((c) => (c.length ? c : [divisions.data![0].divisionUid]));
  }, [divisions.data]);
  const [filtersOpen, setFiltersOpen] = useState(true);
  const [run, setRun] = useState<{ state: RunState; round: number; query: Query; charts: ChartPoint[][]; error: unknown }>({ state: 'not-run', round: 0, query: {}, charts: [], error: null });
  const [exporting, setExporting] = useState(false);
  const query = (): Query => ({ ...filterQuery(definition, values), division_uid: chosen.length ? chosen : undefined });

  const runReport = async () => {
    const asked = query();
    setRun((r) => ({ ...r, state: 'running', error: null }));
    try {
      const charts = await Promise.all(definition.charts.map((c) => fetchChart(api, definition.reportView, c, asked)));
      setRun((r) => ({ state: 'shown', round: r.round + 1, query: asked, charts, error: null }));
      // Spec 002 section 3 "Other": a user with an app identity has running a report logged (a failure is not shown).
      if (session?.flags.hasAppIdentity) void logReportRun(api, name).catch(() => undefined);
    } catch (error) {
      setRun((r) => ({ ...r, state: r.round ? 'shown' : 'not-run', error }));
    }
  };

  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || chosen.length === 0) return;
    opened.current = true;
    void runReport();
  }, [chosen]);
  // Until the opening run is in, the page says it is loading (also while an embedder's divisions load); a failed one offers Run Report.
  const opening = run.round === 0 && !run.error && !divisions.error;
  const busy = opening || run.state === 'running';

  const exportReport = async () => {
    setExporting(true);
    toast(REPORT_TEXT.exportStarted);
    try {
      const table = definition.tables[0] ?? { columns: definition.charts.map((c) => ({ columnName: c.xAxisColumn, displayHeader: c.title })) };
      download(await exportCsv(api, definition.reportView, table, run.round ? run.query : query()), csvFileName(title, now()));
      toast(REPORT_TEXT.exportDone, 'success');
    } catch {
      toast(REPORT_TEXT.exportFailed, 'danger');
    } finally {
      setExporting(false);
    }
  };

  const items = (kind: 'filter' | 'chart' | 'table') => definition.layout.filter((l) => l.i.startsWith(`${kind}-`)).map((l) => ({ item: l, index: Number(l.i.split('-')[1]) }));
  const visual = (item: LayoutItem, index: number): ReactNode => {
    if (item.i.startsWith('chart-')) {
      const chart = definition.charts[index];
      return (
        <figure className="report-chart">
          <figcaption>{chart.title}</figcaption>
          <Suspense fallback={<LoadState isLoading compact />}>
            <ReportChartCanvas chart={chart} points={run.charts[index]} />
          </Suspense>
        </figure>
      );
    }
    return <ReportTableView name={name} index={index} table={definition.tables[index]} view={definition.reportView} query={run.query} />;
  };

  return (
    <section className="report" aria-busy={busy}>
      <div className="report-head">
        <h2>{title}</h2>
        <LoadState isLoading={divisions.isLoading} error={divisions.error} compact>
          {divisions.data && (custom || divisions.data.length > 1) && <DivisionChoice divisions={divisions.data} chosen={chosen} onChange={setChosen} />}
        </LoadState>
      </div>
      {config.reportConfigurationDescription && <p className="report-description">{config.reportConfigurationDescription}</p>}
      {definition.filters.length > 0 && (
        <div className="report-filters">
          <button type="button" className="filters-toggle" aria-expanded={filtersOpen} onClick={() => setFiltersOpen((o) => !o)}>
            <span aria-hidden="true">⚙</span> {filtersOpen ? 'Hide Filters' : 'Show Filters'}
          </button>
          {filtersOpen && (
            <div className="report-grid filter-grid">
              {items('filter').map(({ item, index }, _, all) => (
                <div key={item.i} className="report-item" style={place(item, topOf(all))}>
                  <FilterControl filter={definition.filters[index]} value={values[index]} onChange={(v) => setValues((all) => all.map((old, i) => (i === index ? v : old)))} />
                </div>
              ))}
            </div>
          )}
        </div>
      )}
      <div className="report-commands">
        <SlButton variant="primary" disabled={busy || chosen.length === 0} onClick={() => void runReport()}>
          {busy ? REPORT_TEXT.loading : run.state === 'shown' ? REPORT_TEXT.update : REPORT_TEXT.run}
        </SlButton>
        <SlButton variant="default" disabled={exporting || chosen.length === 0} onClick={() => void exportReport()}>
          {REPORT_TEXT.export}
        </SlButton>
      </div>
      {run.error ? <LoadState error={run.error} /> : null}
      {opening && <LoadState isLoading lines={4} />}
      {run.round > 0 && (
        <div className="report-grid visual-grid" key={run.round}>
          {[...items('chart'), ...items('table')].map(({ item, index }, _, all) => (
            <div key={item.i} className={`report-item ${item.i.split('-')[0]}-item`} style={place(item, topOf(all))}>
              {visual(item, index)}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

function ReportView({ name, title }: { name: string; title?: string }) {
  const config = useReportConfiguration(name);
  return (
    <LoadState isLoading={config.isLoading} error={config.error} isEmpty={config.data === null} emptyText={REPORT_TEXT.notFound}>
      {config.data && <ReportBody name={name} title={title ?? config.data.reportConfigurationLabel} config={config.data} />}
    </LoadState>
  );
}

/** A built-in report (`/reports/custom/{name}`), or null when there is none by that name. */
function customConfiguration(name: string): ReportConfiguration | null {
  const custom = Object.hasOwn(CUSTOM_REPORTS, name) ? CUSTOM_REPORTS[name] : null;
  return custom && { reportConfigurationName: name, reportConfigurationLabel: custom.label, reportConfigurationDescription: custom.description, reportConfigurationDefinition: custom.definition };
}

/**
 * One report by name, without the menu (`<care-report name>`): a custom
 * report's name (CustodyFlagReport) or a configured report's.
 */
export function Report({ name = '' }: { name?: string }) {
  const custom = customConfiguration(name);
  return (
    <div className="reports-page single-report">
      <ReportsStyles />
      <div className="reports-main">
        {custom ? <ReportBody name={name} title={custom.reportConfigurationLabel} config={custom} custom /> : name ? <ReportView key={name} name={name} /> : <p className="load-state load-state-empty">{REPORT_TEXT.notFound}</p>}
      </div>
      <Toasts />
    </div>
  );
}

/** The built-in reports in the menu, after the configured ones. */
const CUSTOM_MENU: ReportMenuItem[] = Object.entries(CUSTOM_REPORTS).map(([name, r]) => ({ navItemLabel: r.label, route: `custom/${name}` }));

/**
 * The Reports area (spec 002 "Reports area"; issue 12): `page` is the path
 * under /reports: '' (pick a report from the menu), 'configured/{name}' or
 * 'custom/{name}'.
 */
export function ReportsPage({ page = '' }: { page?: string }) {
  const menu = useReportMenu();
  const [kind, name] = page.split('/');
  const route = `${kind}/${name ?? ''}`;
  const custom = kind === 'custom' && name ? customConfiguration(name) : null;
  const items = menu.data && [...menu.data, ...CUSTOM_MENU];
  return (
    <div className={page ? 'reports-page report-open' : 'reports-page'}>
      <ReportsStyles />
      <nav className="reports-menu" aria-label="Reports">
        <h2>Reports</h2>
        {/* On a phone an open report keeps only its own menu item above it; this leads back to the whole menu. */}
        {page && (
          <NavLink path="/reports" className="all-reports">
            All Reports
          </NavLink>
        )}
        <LoadState isLoading={menu.isLoading} error={menu.error} isEmpty={menu.data?.length === 0} emptyText="No Reports" compact>
          <ul>
            {items?.map((item) => (
              <li key={item.route}>
                <NavLink path={navItemHref(`/reports/${item.route}`, item.queryParams)} aria-current={item.route === route ? 'page' : undefined}>
                  {item.navItemLabel}
                </NavLink>
              </li>
            ))}
          </ul>
        </LoadState>
      </nav>
      <div className="reports-main">
        {!page ? (
          <p className="reports-pick">{REPORT_TEXT.pick}</p>
        ) : kind === 'configured' && name ? (
          <ReportView key={name} name={name} title={menu.data?.find((i) => i.route === route)?.navItemLabel} />
        ) : custom ? (
          <ReportBody key={name} name={name} title={custom.reportConfigurationLabel} config={custom} custom />
        ) : (
          <p className="load-state load-state-empty">{REPORT_TEXT.notFound}</p>
        )}
      </div>
      <Toasts />
    </div>
  );
}
