import type { Document, Query, Resource } from '../../shared/api/client';
import { REFERENCE_SEARCH_DEBOUNCE_MS } from '../../shared/constants';
import { useWidgetApi } from '../../shared/widget/widget-context';
import type { Choice } from './forms';
import { useDebounced } from './use-debounced';
import { useLoaded, type Loaded } from './use-loaded';

export interface ReferenceOption {
  uid: string;
  /** Stable across installs, unlike the uid: what code looks an entry up by. */
  name: string;
  label: string;
  /** The group an entry belongs to within its list (a status's type, an allergen's kind). */
  refDataType: string | null;
}

/**
 * A reference list (`/api/data/reference/<model>`), active entries in their
 * order; `query` narrows it (`refDataType`). An entry an administrator
 * deactivated is no longer offered; `withInactive` keeps it, for showing the
 * labels of what records already hold.
 */
export function useReferenceList(model: string, query: Query = {}, { withInactive = false }: { withInactive?: boolean } = {}): Loaded<ReferenceOption[]> {
  const client = useWidgetApi();
  const key = JSON.stringify(query);
  return useLoaded(
    () =>
      client
        .get<Document<Resource<ReferenceOption>[]>>(`data/reference/${model}`, { allData: 1, ...(withInactive ? {} : { isActive: true }), ...query })
        .then((doc) => doc.data.map((r) => r.attributes)),
    [client, model, key, withInactive],
  );
}

/** A reference list as a select's choices (the uid is what records hold). */
export const choicesOf = (options: readonly ReferenceOption[]): Choice[] => options.map((o) => ({ value: o.uid, label: o.label }));

/** Entries a label search lists at most. */
export const REFERENCE_SEARCH_LIMIT = 100;

export interface ReferenceSearch extends Loaded<ReferenceOption[]> {
  /** The text the shown answer is for ('' before any search). */
  term: string;
  /** Typed text the answer does not cover yet (the debounce's wait, or the call in flight). */
  pending: boolean;
}

/**
 * Spec 002 section 9 "reference-data search 500 ms": a reference list's
 * active entries whose label holds what was typed (`GET
 * /api/data/reference/{model}` with `label__like`, spec 002 section 7's
 * "label search"), asked 500 ms after the last key. Nothing typed asks
 * nothing (data: null).
 */
export function useReferenceSearch(model: string, text: string, query: Query = {}): ReferenceSearch {
  const client = useWidgetApi();
  const typed = text.trim();
  const term = useDebounced(typed, REFERENCE_SEARCH_DEBOUNCE_MS);
  const key = JSON.stringify(query);
  const loaded = useLoaded(
    async () =>
      term === ''
        ? null
        : (
            await client.get<Document<Resource<ReferenceOption>[]>>(`data/reference/${model}`, { isActive: true, label__like: term, sort: 'default_sort_order,label', page: 1, pageSize: REFERENCE_SEARCH_LIMIT, ...query })
          ).data.map((r) => r.attributes),
    [client, model, term, key],
  );
  return { ...loaded, term, pending: typed !== term || loaded.isLoading } as ReferenceSearch;
}
