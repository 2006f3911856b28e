import { DEFAULT_PAGE_SIZE, TABLE_DEBOUNCE_MS } from '../../shared/constants';
import { formatValue } from '../../shared/format';
import { Fragment, useEffect, useId, useMemo, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { LoadState } from './load-state';
import { tablePrefs } from './table-prefs';
import { toast } from './toasts';
import { useDebounced } from './use-debounced';

export type Row = Record<string, unknown>;

export interface Column<R extends Row = Row> {
  columnName: string;
  displayHeader: string;
  isHidden?: boolean;
  filterable?: boolean;
  /** False for columns the server cannot sort by (a column of buttons). */
  sortable?: boolean;
  format?: (value: unknown, row: R) => ReactNode;
  /** The row's own text (a note, a reminder): where rows become cards (a phone), it takes the card's whole width under its label. */
  primary?: boolean;
  /** A button that names itself (Mark as Done): a card shows it without its header beside it. */
  action?: boolean;
}

export interface PageRequest {
  /** 1-based, as the server's paging. */
  page: number;
  pageSize: number;
  /** Wire form: `col` ascending, `-col` descending, empty for none. */
  sort: string;
  /** Column name → the text typed in its filter; empty filters are left out. */
  filters: Record<string, string>;
}

export interface PageResult<R extends Row = Row> {
  rows: R[];
  total: number;
}

export interface DataTableProps<R extends Row = Row> {
  /** Key under which page size and sort are remembered in localStorage. */
  tableId: string;
  columns: Column<R>[];
  /** Keep it stable (useCallback): a new function means a new data source and a refetch. */
  fetchPage: (request: PageRequest) => Promise<PageResult<R>>;
  defaultPageSize?: number;
  defaultSort?: string;
  onRowClick?: (row: R) => void;
  emptyText?: string;
  caption?: string;
  /** Narrower than this the table scrolls sideways instead of squeezing every cell into a column of words; narrower than a phone, its rows become cards instead. */
  minWidth?: string;
  /** A summary card (a queue on the home page) leaves out the columns with no value in any row it shows. */
  hideEmptyColumns?: boolean;
  /** Page-size choices (PAGE_SIZES unless the list says otherwise; a report adds its configured size). */
  pageSizes?: readonly number[];
  /** Rows grouped by this column (a report's groupByColumn): the server sorts by it first, and each group opens with a heading row. */
  groupBy?: { column: string; text: (value: unknown) => string };
}

export const PAGE_SIZES = [5, 10, 20, 50, 100] as const;
export const TABLE_ERROR_TOAST = 'Oops, something went wrong!';

function nextSort(current: string, column: string): string {
  return current === column ? `-${column}` : column;
}

function ariaSort(current: string, column: string): 'ascending' | 'descending' | 'none' {
  if (current === column) return 'ascending';
  if (current === `-${column}`) return 'descending';
  return 'none';
}

/** The table's minimum width as a custom property, which the phone layout (shared/widget/base.css) can set aside; an inline min-width could not be. */
export const minWidthStyle = (minWidth: string | undefined) => (minWidth ? ({ '--care-table-min-width': minWidth } as CSSProperties) : undefined);

/** A row that opens something: a click, or Enter while it has focus. */
export function openRowProps(open: (() => void) | null | undefined) {
  if (!open) return {};
  return { className: 'clickable', tabIndex: 0, onClick: open, onKeyDown: (event: KeyboardEvent) => event.key === 'Enter' && open() };
}

/**
 * A body cell. Where the rows become cards (base.css: `.card-rows`), its
 * column's header shows beside its value from `data-label` (no label: the
 * value alone across the card), the value in its own box so that text and
 * elements in it stay one block beside the label, and an empty value leaves
 * the card rather than leaving a label with nothing after it.
 */
export function Cell({ label, primary, children }: { label: string | undefined; primary?: boolean; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '' || children === false;
  return (
    <td data-label={label} className={[primary && 'primary-cell', empty && 'empty-cell'].filter(Boolean).join(' ') || undefined}>
      <div className="cell-value">{children}</div>
    </td>
  );
}

/** A server-paged table: sortable headers, per-column filters, pager, remembered page size and sort. */
export function DataTable<R extends Row = Row>({ tableId, columns, fetchPage, defaultPageSize = DEFAULT_PAGE_SIZE, defaultSort = '', onRowClick, emptyText = 'No rows found', caption, minWidth, hideEmptyColumns, pageSizes = PAGE_SIZES, groupBy }: DataTableProps<R>) {
  const prefsStore = useMemo(() => tablePrefs(tableId), [tableId]);
  const prefs = useStore(prefsStore);
  const pageSize = prefs.pageSize ?? defaultPageSize;
  const sort = prefs.sort ?? defaultSort;
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const settledFilters = useDebounced(filters, TABLE_DEBOUNCE_MS);
  const [result, setResult] = useState<PageResult<R> | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [isLoading, setLoading] = useState(true);
  const baseId = useId();


  useEffect(() => {
    let current = true;
    setLoading(true);
    setError(null);
    const activeFilters = Object.fromEntries(Object.entries(settledFilters).filter(([, v]) => v.trim() !== ''));
    const grouped = groupBy ? [groupBy.column, sort].filter(Boolean).join(',') : sort;
    fetchPage({ page, pageSize, sort: grouped, filters: activeFilters }).then(
      (next) => {
        if (!current) return;
        setResult(next);
        setLoading(false);
      },
      (err: unknown) => {
        if (!current) return;
        setError(err);
        setLoading(false);
        toast(TABLE_ERROR_TOAST, 'danger');
      },
    );
    // A newer request supersedes this one; its late answer must not overwrite the screen.
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetchPage, page, pageSize, sort, settledFilters, groupBy?.column]);

  const pages = Math.max(1, Math.ceil((result?.total ?? 0) / pageSize));
  const rows = result?.rows ?? [];
  const hasValue = (c: Column<R>) => rows.some((row) => row[c.columnName] !== null && row[c.columnName] !== undefined && row[c.columnName] !== '');
  // Until rows arrive every column shows, so the header does not jump while loading.
  const visible = columns.filter((c) => !c.isHidden && (!hideEmptyColumns || rows.length === 0 || hasValue(c)));

  const setFilter = (column: string, value: string) => {
    setFilters((f) => ({ ...f, [column]: value }));
    setPage(1);
  };
  return (
    <div className="data-table">
      <table className="card-rows" style={minWidthStyle(minWidth)}>
        {caption && <caption>{caption}</caption>}
        {/* Its sort buttons and filters stay in view above the cards on a phone. */}
        <thead className="table-tools">
          <tr>
            {visible.map((c, ci) => (
              <th key={`${ci}-${c.columnName}`} scope="col" aria-sort={c.sortable === false ? undefined : ariaSort(sort, c.columnName)}>
                {c.sortable === false ? (
                  c.displayHeader
                ) : (
                  <button type="button" className="sort-button" onClick={() => prefsStore.set({ ...prefs, sort: nextSort(sort, c.columnName) })}>
                    {c.displayHeader}
                    {/* A no-break space: the arrow stays beside the header's last word. */}
                    <span aria-hidden="true">{ariaSort(sort, c.columnName) === 'ascending' ? '\u00a0▲' : ariaSort(sort, c.columnName) === 'descending' ? '\u00a0▼' : ''}</span>
                  </button>
                )}
              </th>
            ))}
          </tr>
          {visible.some((c) => c.filterable) && (
            <tr className="filters">
              {visible.map((c, ci) => (
                <td key={`${ci}-${c.columnName}`}>
                  {c.filterable && (
                    <>
                      <label className="visually-hidden" htmlFor={`${baseId}-${c.columnName}`}>
                        Filter {c.displayHeader}
                      </label>
                      <input id={`${baseId}-${c.columnName}`} type="search" value={filters[c.columnName] ?? ''} onChange={(e) => setFilter(c.columnName, e.target.value)} />
                    </>
                  )}
                </td>
              ))}
            </tr>
          )}
        </thead>
        <tbody aria-busy={isLoading}>
          {isLoading || error || rows.length === 0 ? (
            <tr>
              <td colSpan={Math.max(1, visible.length)}>
                <LoadState isLoading={isLoading} error={error} isEmpty={rows.length === 0} emptyText={emptyText} />
              </td>
            </tr>
          ) : (
            rows.map((row, i) => (
              <Fragment key={String(row.id ?? i)}>
                {groupBy && (i === 0 || rows[i - 1][groupBy.column] !== row[groupBy.column]) && (
                  <tr className="group-row">
                    <th scope="colgroup" colSpan={Math.max(1, visible.length)}>
                      {groupBy.text(row[groupBy.column])}
                    </th>
                  </tr>
                )}
                <tr {...openRowProps(onRowClick && (() => onRowClick(row)))}>
                  {/* A report may show one column twice (a date-time as its date and its time). */}
                  {visible.map((c, ci) => (
                    <Cell key={`${ci}-${c.columnName}`} label={c.action ? undefined : c.displayHeader} primary={c.primary}>
                      {c.format ? c.format(row[c.columnName], row) : formatValue(row[c.columnName])}
                    </Cell>
                  ))}
                </tr>
              </Fragment>
            ))
          )}
        </tbody>
      </table>
      <div className="pager">
        <button type="button" className="care-button" disabled={page <= 1 || isLoading} onClick={() => setPage((p) => p - 1)}>
          Previous
        </button>
        <span className="page-of">
          Page {Math.min(page, pages)} of {pages}
        </span>
        <button type="button" className="care-button" disabled={page >= pages || isLoading} onClick={() => setPage((p) => p + 1)}>
          Next
        </button>
        <label>
          Rows per page{' '}
          <select
            value={pageSize}
            onChange={(e) => {
              prefsStore.set({ ...prefs, pageSize: Number(e.target.value) });
              setPage(1);
            }}
          >
            {pageSizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
}
