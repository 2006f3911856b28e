import type { Bundle, Resource } from '@medplum/fhirtypes';
import { OFFSET_PARAM, type ParsedSearch } from './search-params';

/**
 * A search's answer (R4 section 3.1.1.3): a searchset Bundle of the page's
 * matches, its `self` link (the parameters as understood) and a `next` link
 * while there are more, then what `_include` asked for (mode include). No
 * `total`: counting every match of a search costs a second scan, and paging
 * needs none.
 */
export function searchBundle(base: string, search: ParsedSearch, matches: Resource[], hasMore: boolean, included: { fullUrl: string; resource: Resource }[] = []): Bundle {
  const link = (offset: number) => {
    const query = new URLSearchParams(search.understood);
    if (offset) query.set(OFFSET_PARAM, String(offset));
    const text = query.toString();
    return text ? `${base}?${text}` : base;
  };
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    link: [{ relation: 'self', url: link(search.offset) }, ...(hasMore ? [{ relation: 'next', url: link(search.offset + search.count) }] : [])],
    // FHIR JSON has no empty arrays: a search that matched nothing has no entry.
    ...((matches.length || included.length) && {
      entry: [
        ...matches.map((resource) => ({ fullUrl: `${base}/${resource.id}`, resource, search: { mode: 'match' as const } })),
        ...included.map(({ fullUrl, resource }) => ({ fullUrl, resource, search: { mode: 'include' as const } })),
      ],
    }),
  };
}
