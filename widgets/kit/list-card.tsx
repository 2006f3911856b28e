import { useId } from 'react';
import { DataTable, type DataTableProps, type Row } from './data-table';
import { Toasts } from './toasts';

/** A home card holding one server-paged list under its title (CIT submissions, Handle with Care entries). */
export function ListCard<R extends Row>({ title, ...table }: DataTableProps<R> & { title: string }) {
  const titleId = useId();
  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="card-header">
        <h2 id={titleId}>{title}</h2>
      </div>
      <DataTable {...table} />
      <Toasts />
    </section>
  );
}
