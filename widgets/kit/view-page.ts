import type { ApiClient, Query } from '../../shared/api/client';
import type { PageRequest, PageResult, Row } from './data-table';

/** DataTable's request as list-call parameters; a typed filter matches what the table shows (`__like`). */
export function pageQuery({ page, pageSize, sort, filters }: PageRequest): Query {
  const query: Query = { page, pageSize, sort: sort || undefined };
  for (const [column, value] of Object.entries(filters)) query[`${column}__like`] = value;
  return query;
}

/**
 * One page of a data view (`/api/data/public/<view>`) for DataTable. Rows stay
 * in wire form (snake_case) so their column names go back unchanged as sort
 * and filter keys.
 */
export async function fetchViewPage<R extends Row>(api: ApiClient, view: string, request: PageRequest): Promise<PageResult<R>> {
  const doc = await api.request<{ data: { attributes: R }[]; meta?: { total?: number } }>('GET', `data/public/${view}`, { query: pageQuery(request), raw: true });
  return { rows: doc.data.map((r) => r.attributes), total: doc.meta?.total ?? doc.data.length };
}
