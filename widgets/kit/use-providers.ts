import type { Document, Resource } from '../../shared/api/client';
import { PROVIDER_SEARCH_DEBOUNCE_MS } from '../../shared/constants';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { useDebounced } from './use-debounced';
import { useLoaded, type Loaded } from './use-loaded';

export interface ProviderOption {
  providerUid: string;
  displayName: string;
  providerRoleUid?: string | null;
  providerRoleLabel: string | null;
}

/**
 * `GET /api/providers/mv` (spec 000 "Navigator list"): the organisation's
 * providers, of one role when `roleUid` names one ('' for every role); null
 * asks nothing (a form that hides the provider).
 */
export function useProviders(roleUid: string | null = ''): Loaded<ProviderOption[]> {
  const client = useWidgetApi();
  return useLoaded(
    async () => (roleUid === null ? [] : (await client.get<Document<Resource<ProviderOption>[]>>('providers/mv', roleUid ? { providerRoleUid: roleUid } : {})).data.map((r) => r.attributes)),
    [client, roleUid],
  );
}

/** Providers a name search lists at most (the select it narrows stays short). */
export const PROVIDER_SEARCH_LIMIT = 50;

export interface ProviderSearch extends Loaded<ProviderOption[]> {
  /** The text the shown answer is for ('' before any search). */
  term: string;
  /** Typed text the answer does not cover yet (the debounce's window, or the call in flight). */
  pending: boolean;
}

/**
 * Spec 002 section 9 "provider search 200 ms (leading)": the providers whose
 * display, first or last name holds every word typed (`GET providers/mv`
 * `q`), of one role when `roleUid` names one. The first key asks at once;
 * keys within the next 200 ms are asked together at its end with the last
 * text, so a typist makes at most one call per 200 ms and the last text is
 * always asked. Nothing typed asks nothing (data: null).
 */
export function useProviderSearch(text: string, roleUid = ''): ProviderSearch {
  const client = useWidgetApi();
  const typed = text.trim();
  const term = useDebounced(typed, PROVIDER_SEARCH_DEBOUNCE_MS, { leading: true });
  const loaded = useLoaded(
    async () =>
      term === ''
        ? null
        : (await client.get<Document<Resource<ProviderOption>[]>>('providers/mv', { q: term, limit: PROVIDER_SEARCH_LIMIT, ...(roleUid ? { providerRoleUid: roleUid } : {}) })).data.map((r) => r.attributes),
    [client, term, roleUid],
  );
  return { ...loaded, term, pending: typed !== term || loaded.isLoading } as ProviderSearch;
}
