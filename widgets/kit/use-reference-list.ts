import type { Document, Query, Resource } from '../../shared/api/client';
import { useWidgetApi } from '../../shared/widget/widget-context';
import type { Choice } from './forms';
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
