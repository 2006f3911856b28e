import type { ContactPoint, Practitioner } from '@medplum/fhirtypes';
import { sql } from 'kysely';
import { isUuid } from '../../shared/uuid';
import type { FhirResourceType } from './resource-type';
import { allOf, NOTHING, type ParamType } from './search-params';

const NPI = 'http://hl7.org/fhir/sid/us-npi';

export const PRACTITIONER_SEARCH = { _id: 'token', name: 'string' } as const satisfies Record<string, ParamType>;

interface Row {
  provider_uid: string;
  display_name: string;
  first_name: string | null;
  last_name: string | null;
  npi_number: string | null;
  work_phone: string | null;
  email_address: string | null;
  is_active: boolean;
}

/**
 * Issue 35 section 1: the providers the CareTeams name, of the client's own
 * organisation only: name, NPI and work contacts. No patient is read, so no
 * audit entry is written.
 */
export const practitionerResource: FhirResourceType = {
  type: 'Practitioner',
  search: PRACTITIONER_SEARCH,
  async find(db, caller, search) {
    const p = search.params;
    const where = [
      sql`pr.org_uid = ${caller.client.orgUid}`,
      ...allOf(p.get('_id'), (v) => (isUuid(v) ? sql`pr.provider_uid = ${v}::uuid` : NOTHING)),
      ...allOf(p.get('name'), (v) => (/\p{L}/u.test(v) ? sql`(' ' || patient_search_norm(pr.display_name)) like '% ' || patient_search_norm(${v}) || '%'` : NOTHING)),
    ];
    const { rows } = await sql<Row>`
      select provider_uid, display_name, first_name, last_name, npi_number, work_phone, email_address, is_active
        from provider pr
       where ${sql.join(where, sql` and `)}
       order by provider_uid
       limit ${search.count + 1} offset ${search.offset}`.execute(db);
    const page = rows.slice(0, search.count);
    return { resources: page.map(toPractitioner), patients: [], hasMore: rows.length > search.count };
  },
};

function toPractitioner(r: Row): Practitioner {
  const telecom: ContactPoint[] = [
    ...(r.work_phone?.trim() ? [{ system: 'phone' as const, value: r.work_phone.trim(), use: 'work' as const }] : []),
    ...(r.email_address?.trim() ? [{ system: 'email' as const, value: r.email_address.trim(), use: 'work' as const }] : []),
  ];
  const structured = r.last_name?.trim() ? { family: r.last_name.trim(), ...(r.first_name?.trim() && { given: [r.first_name.trim()] }) } : {};
  return {
    resourceType: 'Practitioner',
    id: r.provider_uid,
    active: r.is_active,
    ...(r.npi_number?.trim() && { identifier: [{ system: NPI, value: r.npi_number.trim() }] }),
    name: [{ text: r.display_name, ...structured }],
    ...(telecom.length && { telecom }),
  };
}
