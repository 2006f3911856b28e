import type { ReactNode } from 'react';
import { Cell, minWidthStyle, openRowProps } from './data-table';

export interface RowsColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** As DataTable's `primary`: the row's own text, the card's whole width on a phone. */
  primary?: boolean;
}

/**
 * A list the page already holds whole (no server paging, sorting or
 * filters: DataTable's job), drawn as DataTable draws its rows, so it turns
 * into the same cards on a phone. The caller keeps its loading, error and
 * empty states around it.
 */
export function RowsTable<T>({ rows, columns, rowKey, open, minWidth }: { rows: T[]; columns: RowsColumn<T>[]; rowKey: (row: T) => string; open?: ((row: T) => void) | null; minWidth?: string }) {
  return (
    <div className="data-table">
      <table className="card-rows" style={minWidthStyle(minWidth)}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...openRowProps(open && (() => open(row)))}>
              {columns.map((c) => (
                <Cell key={c.header} label={c.header} primary={c.primary}>
                  {c.cell(row)}
                </Cell>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
