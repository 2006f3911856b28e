import type { Document, Resource } from '../../shared/api/client';
import type { ReportFilter } from '../../shared/schemas/reports';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { fetchBadgeGroups } from '../badges/badges.resource';
import { useLoaded, type Loaded } from '../kit/use-loaded';

/** A choice of a reference filter; `group` for badges (shown under their group). */
export interface FilterOption {
  value: string;
  label: string;
  group?: string;
}

type ChoiceFilter = Extract<ReportFilter, { type: 'badge' | 'user' | 'provider' | 'facility' | 'refData' }>;
export const CHOICE_FILTERS: readonly ChoiceFilter['type'][] = ['badge', 'user', 'provider', 'facility', 'refData'];
export const isChoiceFilter = (f: ReportFilter): f is ChoiceFilter => (CHOICE_FILTERS as readonly string[]).includes(f.type);

/**
 * The choices of a badge, user, provider, facility or other reference-data
 * filter, from the calls spec 002 section 7 names: badge groups with their
 * badges, `GET /users`, the organisation's providers, the facilities in
 * selections, and `GET /api/data/reference/{refDataModel}` (its label
 * attribute shown, narrowed to its ref_data_type when given).
 */
export function useFilterOptions(filter: ChoiceFilter): Loaded<FilterOption[]> {
  const api = useWidgetApi();
  const key = JSON.stringify(filter);
  return useLoaded(async (): Promise<FilterOption[]> => {
    switch (filter.type) {
      case 'badge':
        return (await fetchBadgeGroups(api)).flatMap((g) => g.badges.map((b) => ({ value: b.badgeUid, label: b.badgeLabel, group: g.badgeGroupLabel })));
      case 'user':
        return (await api.get<Document<Resource<{ userUid: string; displayName: string }>[]>>('users')).data.map((r) => ({ value: r.attributes.userUid, label: r.attributes.displayName }));
      case 'provider':
        return (await api.get<Document<Resource<{ providerUid: string; displayName: string }>[]>>('providers/mv')).data.map((r) => ({ value: r.attributes.providerUid, label: r.attributes.displayName }));
      case 'facility':
        return (await api.get<Document<Resource<{ facilityUid: string; facilityName: string }>[]>>('data/public/facility', { sort: 'facility_name', allData: 1, isInSelections: true })).data.map((r) => ({
          value: r.attributes.facilityUid,
          label: r.attributes.facilityName,
        }));
      case 'refData': {
        const attr = filter.refDataLabelAttr ?? 'label';
        const doc = await api.get<Document<Resource<{ uid: string; label: string; name: string }>[]>>(`data/reference/${filter.refDataModel}`, {
          sort: 'default_sort_order,label',
          allData: 1,
          ...(filter.refDataType ? { refDataType: filter.refDataType } : {}),
        });
        return doc.data.map((r) => ({ value: r.attributes.uid, label: r.attributes[attr] }));
      }
    }
  }, [api, key]);
}
