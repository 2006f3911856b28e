import type { Location } from '@medplum/fhirtypes';
import { sql } from 'kysely';
import { directoryResource } from './directory';

interface Row {
  id: string;
  name: string;
  last_updated: Date;
  org_uid: string | null;
  facility_type: string | null;
  addr1: string | null;
  city: string | null;
  province_iso: string | null;
  post_code: string | null;
}

/** Issue 35 section 1: the facilities admissions name: the shared list and the client's organisation's own. */
export const locationResource = directoryResource<Row>(
  'Location',
  sql`select facility_uid as id, facility_name as name, updated_at as last_updated, org_uid, facility_type, addr1, city, province_iso, post_code from facility`,
  (caller) => sql`(t.org_uid is null or t.org_uid = ${caller.client.orgUid})`,
  (r): Location => {
    const address = {
      ...(r.addr1?.trim() && { line: [r.addr1.trim()] }),
      ...(r.city?.trim() && { city: r.city.trim() }),
      ...(r.province_iso?.trim() && { state: r.province_iso.trim() }),
      ...(r.post_code?.trim() && { postalCode: r.post_code.trim() }),
    };
    return {
      resourceType: 'Location',
      id: r.id,
      status: 'active',
      name: r.name,
      ...(r.facility_type?.trim() && { type: [{ text: r.facility_type.trim() }] }),
      ...(Object.keys(address).length && { address }),
    };
  },
);
