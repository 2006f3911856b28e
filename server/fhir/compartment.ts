import type { Resource, ResourceType } from '@medplum/fhirtypes';
import { sql, type RawBuilder } from 'kysely';
import { isUuid } from '../../shared/uuid';
import { patientScope } from '../dataviews/scopes';
import type { Config } from '../config';
import type { FhirResourceType } from './resource-type';
import { allOf, dateCondition, NOTHING, type ParamType, type ParsedSearch } from './search-params';

/** Every resource about one patient is searched by these (issue 35 section 1). */
export const COMPARTMENT_SEARCH = { _id: 'token', patient: 'reference', _lastUpdated: 'date' } as const satisfies Record<string, ParamType>;

/** A reference parameter's id: `Patient/<id>`, a full URL ending so, or the bare id; anything else is none. */
export function referenceId(value: string, type: ResourceType): string | undefined {
  const at = value.lastIndexOf(`${type}/`);
  const id = at >= 0 && (at === 0 || value[at - 1] === '/') ? value.slice(at + type.length + 1) : value.includes('/') ? '' : value;
  return isUuid(id) ? id : undefined;
}

export const patientRef = (patientUid: string) => ({ reference: `Patient/${patientUid}` });

/**
 * A resource type whose rows each belong to one patient (a diagnosis, an
 * allergy, an admission ...). `rows` is a query aliased `t` with the
 * columns `id`, `patient_uid` and `last_updated` beside the ones `toResource`
 * reads; the search joins the patient and applies the same scope as every
 * read (the client's divisions, never a restricted or adoption case).
 */
export function compartmentResource<Row extends { id: string; patient_uid: string; last_updated: Date }>(
  type: ResourceType,
  rows: RawBuilder<unknown>,
  toResource: (row: Row, config: Config) => Resource | Promise<Resource>,
): FhirResourceType {
  return {
    type,
    search: COMPARTMENT_SEARCH,
    async find(db, caller, search: ParsedSearch, config) {
      const p = search.params;
      const where = [
        patientScope('p')(caller.viewer),
        ...allOf(p.get('_id'), (v) => (isUuid(v) ? sql`t.id = ${v}::uuid` : NOTHING)),
        ...allOf(p.get('patient'), (v) => {
          const id = referenceId(v, 'Patient');
          return id ? sql`t.patient_uid = ${id}::uuid` : NOTHING;
        }),
        ...allOf(p.get('_lastUpdated'), (v) => dateCondition('_lastUpdated', sql`t.last_updated`, v, 'timestamptz')),
      ];
      const { rows: found } = await sql<Row & { division_uid: string }>`
        select t.*, p.division_uid
          from (${rows}) t
          join patient p on p.patient_uid = t.patient_uid
         where ${sql.join(where, sql` and `)}
         order by t.id
         limit ${search.count + 1} offset ${search.offset}`.execute(db);
      const page = found.slice(0, search.count);
      return {
        resources: await Promise.all(page.map((row) => toResource(row, config))),
        patients: page.map((r) => ({ patientUid: r.patient_uid, divisionUid: r.division_uid })),
        hasMore: found.length > search.count,
      };
    },
  };
}
