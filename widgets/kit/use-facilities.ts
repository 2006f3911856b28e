import type { Document, Resource } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import { UNKNOWN_FACILITY } from '../../shared/constants';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { useLoaded, type Loaded } from './use-loaded';

export interface FacilityOption {
  facilityUid: string;
  facilityName: string;
}

/**
 * Spec 001 section 7 "reference/facilities": the facilities of the caller's
 * organisation still offered (an administrator's deactivated ones are not).
 * `current`, the facility a record already names, is kept among them when it
 * is no longer offered: looked up by its id (a deactivated facility keeps its
 * name), or, when that cannot be resolved (the server's 404), shown as spec 001
 * section 8's 'Uknown Facility', so that opening a record never changes its
 * facility to another without a word.
 */
export function useFacilities(current?: string | null): Loaded<FacilityOption[]> {
  const client = useWidgetApi();
  const loaded = useLoaded(async () => {
    const offered = (await client.get<Document<Resource<FacilityOption>[]>>('data/public/facility', { allData: 1, sort: 'facility_name', isInSelections: true })).data.map((r) => r.attributes);
    if (!current || offered.some((f) => f.facilityUid === current)) return offered;
    try {
      const kept = (await client.get<Document<Resource<FacilityOption>>>(`data/public/facility/${encodeURIComponent(current)}`)).data.attributes;
      return [...offered, kept];
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
      return [...offered, { facilityUid: current, facilityName: UNKNOWN_FACILITY }];
    }
  }, [client, current ?? null]);
  // A list asked for before the record named its facility is not the answer yet: a form would pick another one.
  const stale = !!current && !!loaded.data && !loaded.data.some((f) => f.facilityUid === current);
  return stale ? { ...loaded, data: null, isLoading: true } : loaded;
}
