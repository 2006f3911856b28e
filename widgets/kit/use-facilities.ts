import type { Document, Resource } from '../../shared/api/client';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { useLoaded, type Loaded } from './use-loaded';

export interface FacilityOption {
  facilityUid: string;
  facilityName: string;
}

/** Spec 001 section 7 "reference/facilities": the facilities of the caller's organisation still offered (an administrator's deactivated ones are not). */
export function useFacilities(): Loaded<FacilityOption[]> {
  const client = useWidgetApi();
  return useLoaded(
    async () => (await client.get<Document<Resource<FacilityOption>[]>>('data/public/facility', { allData: 1, sort: 'facility_name', isInSelections: true })).data.map((r) => r.attributes),
    [client],
  );
}
