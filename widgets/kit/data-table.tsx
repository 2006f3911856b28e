import { formatValue } from '../../shared/format';
import { Fragment, useEffect, useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
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
  /** Narrower than this (a phone), the table scrolls sideways instead of squeezing every cell into a column of words. */
  minWidth?: string;
  /** A summary card (a queue on the home page) leaves out the columns with no value in any row it shows. */
  hideEmptyColumns?: boolean;
  /** Page-size choices (PAGE_SIZES unless the list says otherwise; a report adds its configured size). */
  pageSizes?: readonly number[];
  /** Rows grouped by this column (a report's groupByColumn): the server sorts by it first, and each group opens with a heading row. */
  groupBy?: { column: string; text: (value: unknown) => string };
}

export const PAGE_SIZES = [5, 10, 20, 50, 100] as const;
/** The spec's table fetch debounce (section 9). */
export const FILTER_DEBOUNCE_MS = 750;
export const TABLE_ERROR_TOAST = 'Oops, something went wrong!';

function nextSort(current: string, column: string): string {
  return current === column ? `-${column}` : column;
}

function ariaSort(current: string, column: string): 'ascending' | 'descending' | 'none' {
  if (current === column) return 'ascending';
  if (current === `-${column}`) return 'descending';
  return 'none';
}

/** A server-paged table: sortable headers, per-column filters, pager, remembered page size and sort. */
export function DataTable<R extends Row = Row>({ tableId, columns, fetchPage, defaultPageSize = 10, defaultSort = '', onRowClick, emptyText = 'No rows found', caption, minWidth, hideEmptyColumns, pageSizes = PAGE_SIZES, groupBy }: DataTableProps<R>) {
  const prefsStore = useMemo(() => tablePrefs(tableId), [tableId]);
  const prefs = useStore(prefsStore);
  const pageSize = prefs.pageSize ?? defaultPageSize;
  const sort = prefs.sort ?? defaultSort;
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const settledFilters = useDebounced(filters, FILTER_DEBOUNCE_MS);
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
  const onRowKey = (event: KeyboardEvent, row: R) => {
    if (event.key === 'Enter') onRowClick?.(row);
  };

  return (
    <div className="data-table">
      <table style={minWidth ? { minWidth } : undefined}>
        {caption && <caption>{caption}</caption>}
        <thead>
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
                <tr
                  className={onRowClick ? 'clickable' : undefined}
                  tabIndex={onRowClick ? 0 : undefined}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  onKeyDown={onRowClick ? (e) => onRowKey(e, row) : undefined}
                >
                  {/* A report may show one column twice (a date-time as its date and its time). */}
                  {visible.map((c, ci) => (
                    <td key={`${ci}-${c.columnName}`}>{c.format ? c.format(row[c.columnName], row) : formatValue(row[c.columnName])}</td>
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
