import type { ContactPoint, Practitioner } from '@medplum/fhirtypes';
import { sql } from 'kysely';
import { directoryResource } from './directory';

const NPI = 'http://hl7.org/fhir/sid/us-npi';

interface Row {
  id: string;
  name: string;
  last_updated: Date;
  org_uid: string | null;
  first_name: string | null;
  last_name: string | null;
  npi_number: string | null;
  work_phone: string | null;
  email_address: string | null;
  is_active: boolean;
}

/** Issue 35 section 1: the providers the CareTeams name, of the client's own organisation only: name, NPI and work contacts. */
export const practitionerResource = directoryResource<Row>(
  'Practitioner',
  sql`select provider_uid as id, display_name as name, updated_at as last_updated, org_uid, first_name, last_name, npi_number, work_phone, email_address, is_active from provider`,
  (caller) => sql`t.org_uid = ${caller.client.orgUid}`,
  (r): Practitioner => {
    const telecom: ContactPoint[] = [
      ...(r.work_phone?.trim() ? [{ system: 'phone' as const, value: r.work_phone.trim(), use: 'work' as const }] : []),
      ...(r.email_address?.trim() ? [{ system: 'email' as const, value: r.email_address.trim(), use: 'work' as const }] : []),
    ];
    const structured = r.last_name?.trim() ? { family: r.last_name.trim(), ...(r.first_name?.trim() && { given: [r.first_name.trim()] }) } : {};
    return {
      resourceType: 'Practitioner',
      id: r.id,
      active: r.is_active,
      ...(r.npi_number?.trim() && { identifier: [{ system: NPI, value: r.npi_number.trim() }] }),
      name: [{ text: r.name, ...structured }],
      ...(telecom.length && { telecom }),
    };
  },
);
