import type { Resource, ResourceType } from '@medplum/fhirtypes';
import { sql, type RawBuilder } from 'kysely';
import { isUuid } from '../../shared/uuid';
import type { FhirCaller } from './fhir-access';
import type { FhirResourceType } from './resource-type';
import { allOf, dateCondition, NOTHING, type ParamType } from './search-params';

/**
 * The resources other resources refer to (who, where, which organisation) are searched by these. Not by
 * `patient`: they are about no patient; a patient's CareTeam names its practitioners.
 */
export const DIRECTORY_SEARCH = { _id: 'token', name: 'string', _lastUpdated: 'date' } as const satisfies Record<string, ParamType>;

/**
 * A resource type that is about no patient (a practitioner, an
 * organisation, a place): `rows` is a query aliased `t` with the columns
 * `id`, `name` and `last_updated` beside what `toResource` reads, and `scope` says which
 * rows a client may see (its own organisation's). No audit entry: no patient is read.
 */
export function directoryResource<Row extends { id: string; name: string; last_updated: Date }>(
  type: ResourceType,
  rows: RawBuilder<unknown>,
  scope: (caller: FhirCaller) => RawBuilder<unknown>,
  toResource: (row: Row) => Resource,
): FhirResourceType {
  return {
    type,
    search: DIRECTORY_SEARCH,
    async find(db, caller, search) {
      const p = search.params;
      const where = [
        scope(caller),
        ...allOf(p.get('_id'), (v) => (isUuid(v) ? sql`t.id = ${v}::uuid` : NOTHING)),
        ...allOf(p.get('name'), (v) => (/\p{L}/u.test(v) ? sql`(' ' || patient_search_norm(t.name)) like '% ' || patient_search_norm(${v}) || '%'` : NOTHING)),
        ...allOf(p.get('_lastUpdated'), (v) => dateCondition('_lastUpdated', sql`t.last_updated`, v, 'timestamptz')),
      ];
      const { rows: found } = await sql<Row>`
        select t.* from (${rows}) t
         where ${sql.join(where, sql` and `)}
         order by t.id
         limit ${search.count + 1} offset ${search.offset}`.execute(db);
      const resources = found.slice(0, search.count).map((row) => ({ ...toResource(row), meta: { lastUpdated: row.last_updated.toISOString() } }));
      return { resources, patients: [], hasMore: found.length > search.count };
    },
  };
}
