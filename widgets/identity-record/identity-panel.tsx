import { useId, useState, type ReactNode } from 'react';
import type { Query } from '../../shared/api/client';
import { formatPhone, formatValue } from '../../shared/format';
import { legalStatusOf } from '../../shared/legal-status';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { EmailAddress } from '../kit/email-address';
import { LoadState } from '../kit/load-state';
import { useLoaded } from '../kit/use-loaded';
import { DATE_PRESETS, dateFilter, fetchPanel, type DatePreset, type PanelRow } from './identity.resource';

/**
 * Rows a list panel shows before 'Show More ...' (spec 001: "a limited number
 * of rows", the value not shown; docs/decisions.md), and how many more each
 * click adds.
 */
export const PANEL_ROWS = 5;

export interface PanelColumn {
  key: string;
  label: string;
  /** How the cell shows; dates and times in the spec's formats otherwise. */
  format?: (row: PanelRow) => ReactNode;
}

/** Dates, times, ids and phone numbers stay on one line. */
const UNBROKEN = /^(\d{4}-\d{2}-\d{2}|[A-Z]{0,3}-?\d[\d-]*$|\(?\d{3}\)?[ -]?\d{3}-\d{4})/;

export interface IdentityPanelProps {
  title: string;
  /** The list view after `list-view-cs-tbl-`. */
  view: string;
  patientId: string;
  columns: PanelColumn[];
  /** Filters the panel always sends (a visit kind, a referral status ...). */
  query?: Query;
  sort?: string;
  /** The column of the date filter (30, 60, 90, 120 days or all); none: no filter. */
  dateColumn?: string;
  /** Past rows (the last N days) or upcoming ones (the next N days). */
  direction?: 'past' | 'future';
  emptyText?: string;
  /** Rows built from every row of the view (allegations grouped by intake); 'Show More ...' then pages through them. */
  transform?: (rows: PanelRow[]) => PanelRow[];
  /** Headings inside an accordion are its summary already. */
  hideTitle?: boolean;
  /** A panel inside a group of panels (Placement and Court) is one level down. */
  level?: 3 | 4;
  /** The panel's own filters beside the date filter (Labs: the hepatitis C result); their values come in through `query`. */
  controls?: ReactNode;
  /** A line between the heading and the rows (Public Children's Services Agency: the agency). */
  intro?: ReactNode;
}

const presetLabel = (days: DatePreset, direction: 'past' | 'future') => (days === null ? 'All' : direction === 'past' ? `Last ${days} Days` : `Next ${days} Days`);

/** One list panel of an identity page: its title, date filter, rows and 'Show More ...'. */
export function IdentityPanel({ title, view, patientId, columns, query, sort, dateColumn, direction = 'past', emptyText = 'No items.', transform, hideTitle, level = 3, controls, intro }: IdentityPanelProps) {
  const api = useWidgetApi();
  const titleId = useId();
  const [days, setDays] = useState<DatePreset>(null);
  const [shown, setShown] = useState(PANEL_ROWS);
  // Another filter starts again at the first rows, as the date filter does.
  const queryKey = JSON.stringify(query ?? {});
  const [shownFor, setShownFor] = useState(queryKey);
  if (shownFor !== queryKey) {
    setShownFor(queryKey);
    setShown(PANEL_ROWS);
  }
  const filter = dateColumn ? dateFilter(dateColumn, days, direction) : {};
  const fullQuery: Query = { ...query, ...filter, sort, ...(transform ? { allData: true } : { pageSize: shown }) };
  const page = useLoaded(() => fetchPanel(api, view, patientId, fullQuery), [api, view, patientId, JSON.stringify(fullQuery)]);
  const all = page.data ? (transform ? transform(page.data.rows) : page.data.rows) : [];
  const total = transform ? all.length : (page.data?.total ?? 0);
  const rows = all.slice(0, shown);
  const Heading = level === 3 ? 'h3' : 'h4';

  return (
    <section className={`id-panel${level === 4 || hideTitle ? ' id-subpanel' : ''}`} aria-labelledby={hideTitle ? undefined : titleId}>
      <div className="id-panel-head">
        {!hideTitle && <Heading id={titleId}>{title}</Heading>}
        {dateColumn && (
          <label className="id-date-filter">
            <span>Date Range</span>
            <select
              value={days === null ? 'all' : String(days)}
              onChange={(e) => {
                setDays(e.target.value === 'all' ? null : (Number(e.target.value) as DatePreset));
                setShown(PANEL_ROWS);
              }}
            >
              {DATE_PRESETS.map((d) => (
                <option key={String(d)} value={d === null ? 'all' : String(d)}>
                  {presetLabel(d, direction)}
                </option>
              ))}
            </select>
          </label>
        )}
        {controls}
      </div>
      {intro}
      <LoadState isLoading={page.isLoading} error={page.error} isEmpty={rows.length === 0} emptyText={emptyText} lines={2}>
        {/* Scrolls sideways when the table is wider than the panel: reachable by keyboard (axe scrollable-region-focusable). */}
        <div className="id-table-wrap" tabIndex={0} role="group" aria-label={title}>
        <table className="id-table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                {columns.map((c) => {
                  const value = row[c.key];
                  const unbroken = typeof value === 'string' && UNBROKEN.test(value);
                  return (
                    <td key={c.key} data-label={c.label} className={unbroken ? 'id-nowrap' : undefined}>
                      <div>{c.format ? c.format(row) : formatValue(value)}</div>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        </div>
        {total > rows.length && (
          <button type="button" className="id-show-more" onClick={() => setShown((n) => n + PANEL_ROWS)}>
            Show More ...
          </button>
        )}
      </LoadState>
    </section>
  );
}

/** Spec 001 section 4: an empty custody or placement end date shows 'Current'. */
export const endDate = (key: string) => (row: PanelRow) => (row[key] ? formatValue(row[key]) : 'Current');

export const formatPhoneCell = (key: string) => (row: PanelRow) => <span className="id-nowrap">{formatPhone(row[key] as string | null)}</span>;
/** An e-mail address wraps only at its '@' or a '.' (EmailAddress). */
export const emailCell = (key: string) => (row: PanelRow) => (row[key] ? <EmailAddress address={String(row[key])} /> : null);

/** Spec 001 section 4: the legal status with its explanation; unknown values N/A. */
export function LegalStatus({ value }: { value: unknown }) {
  const status = legalStatusOf(typeof value === 'string' ? value : null);
  return (
    <>
      {status.label}
      {status.explanation && <span className="id-explanation">{status.explanation}</span>}
    </>
  );
}

export const legalStatusCell = (key: string) => (row: PanelRow) => <LegalStatus value={row[key]} />;

/** A health record's hospital or EHR. */
export const SOURCE_COLUMN: PanelColumn = { key: 'source_name', label: 'Source' };

/** Panels under one heading (Placement and Court; Healthcare / Medicaid). */
export function PanelGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="id-panel id-group" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}
