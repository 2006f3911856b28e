import type { Organization } from '@medplum/fhirtypes';
import { sql } from 'kysely';
import { directoryResource } from './directory';

interface Row {
  id: string;
  name: string;
  last_updated: Date;
  parent_uid: string | null;
}

/**
 * Issue 35 section 1: the client's organisation and those of its divisions
 * it is registered for, each division part of the organisation. A referral's
 * Task is owned by a division's Organization (section 3).
 */
export const organizationResource = directoryResource<Row>(
  'Organization',
  sql`select org_uid as id, org_name as name, updated_at as last_updated, null::uuid as parent_uid from organization
      union all
      select division_uid, division_name, updated_at, org_uid from division`,
  (caller) => sql`(t.id = ${caller.client.orgUid} or t.id = any(${caller.client.divisionUids}::uuid[]))`,
  (r): Organization => ({
    resourceType: 'Organization',
    id: r.id,
    active: true,
    name: r.name,
    ...(r.parent_uid && { partOf: { reference: `Organization/${r.parent_uid}` } }),
  }),
);
