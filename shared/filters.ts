/**
 * The spec's filter grammar for list calls: `<column>__<operator>=value`.
 * A bare `<column>=value` means `eq`; the value `null` means "is empty".
 */
export const FILTER_OPERATORS = ['eq', 'ieq', 'like', 'contains', '>>', '>>=', '<<', '<=', 'contains_uuid_and', 'contains_uuid_or'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** Query parameters that are not filters. */
export const RESERVED_PARAMS = ['page', 'page-size', 'all-data', 'sort', 'include'] as const;

export const MAX_PAGE_SIZE = 500;
export const MAX_ALL_DATA_ROWS = 10_000;

export interface ParsedFilter {
  column: string;
  operator: FilterOperator;
}

export function parseFilterKey(key: string): ParsedFilter | { error: string } {
  const at = key.indexOf('__');
  if (at === -1) return { column: key, operator: 'eq' };
  const column = key.slice(0, at);
  const operator = key.slice(at + 2);
  if (!(FILTER_OPERATORS as readonly string[]).includes(operator)) return { error: `Unknown filter operator '${operator}'` };
  return { column, operator: operator as FilterOperator };
}

export function filterKey(column: string, operator: FilterOperator = 'eq'): string {
  return operator === 'eq' ? column : `${column}__${operator}`;
}
