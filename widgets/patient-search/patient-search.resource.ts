import { useEffect, useState } from 'react';
import type { ApiClient, Document, Query, Resource } from '../../shared/api/client';
import { handOffPageView, newPageViewId } from '../../shared/api/page-view';
import { QUICK_SEARCH_MIN_CHARS } from '../../shared/constants';
import type { PatientSummary } from '../../shared/schemas/patient-search';
import { useWidgetApi } from '../../shared/widget/widget-context';

export interface SearchPage {
  patients: PatientSummary[];
  total: number;
}

export interface LoadResult<T> {
  data: T | null;
  error: unknown;
  isLoading: boolean;
}

/** What the advanced search sends to `GET summary-patients` (camelCase; the client writes snake_case). */
export interface SummaryCriteria {
  q?: string;
  birthDate?: string;
  sacwisPersonId?: string;
  currentDivisionOnly: boolean;
  sort: string;
  page: number;
  pageSize: number;
}

const toPage = (doc: Document<Resource<PatientSummary>[]>): SearchPage => ({ patients: doc.data.map((r) => r.attributes), total: doc.meta?.total ?? doc.data.length });

export async function quickSearch(client: ApiClient, q: string, signal?: AbortSignal): Promise<SearchPage> {
  return toPage(await client.get<Document<Resource<PatientSummary>[]>>('data/public/identity-quick-search', { q }, signal));
}

export async function searchSummaries(client: ApiClient, criteria: SummaryCriteria, signal?: AbortSignal): Promise<SearchPage> {
  return toPage(await client.get<Document<Resource<PatientSummary>[]>>('summary-patients', criteria as unknown as Query, signal));
}

/**
 * Spec 000 "Access alerts": Continue records this before the record opens;
 * each Continue is a view of its own, which the record it opens carries on.
 */
export async function recordPatientViewed(client: ApiClient, patientUid: string): Promise<void> {
  const pageViewId = newPageViewId();
  await client.withPageView(pageViewId).post('audit', { patientUid, action: 'ViewedPatient' });
  handOffPageView(patientUid, pageViewId);
}

/** Runs `load` whenever `key` changes (null: nothing to load); a newer key aborts the older request. */
function useLoad<T>(key: string | null, load: (client: ApiClient, signal: AbortSignal) => Promise<T>): LoadResult<T> {
  const client = useWidgetApi();
  const [state, setState] = useState<LoadResult<T>>({ data: null, error: null, isLoading: false });
  useEffect(() => {
    if (key === null) {
      setState({ data: null, error: null, isLoading: false });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, error: null, isLoading: true }));
    load(client, controller.signal).then(
      (data) => setState({ data, error: null, isLoading: false }),
      (error: unknown) => {
        if ((error as Error).name !== 'AbortError') setState({ data: null, error, isLoading: false });
      },
    );
    return () => controller.abort();
    // `key` stands for everything `load` reads.
  }, [client, key]);
  return state;
}

/** The quick search's results for an already debounced term; below the minimum length nothing is asked. */
export function useQuickSearch(term: string): LoadResult<SearchPage> {
  const q = term.trim();
  return useLoad(q.length >= QUICK_SEARCH_MIN_CHARS ? q : null, (client, signal) => quickSearch(client, q, signal));
}

/** The advanced search's results; null criteria until the form is first submitted. */
export function useSummarySearch(criteria: SummaryCriteria | null): LoadResult<SearchPage> {
  return useLoad(criteria && JSON.stringify(criteria), (client, signal) => searchSummaries(client, criteria!, signal));
}
