import type { Document, Resource } from '../../shared/api/client';
import { useWidgetApi } from '../../shared/widget/widget-context';
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
