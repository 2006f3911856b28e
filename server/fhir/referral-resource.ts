import type { Patient, Reference, Resource, ResourceType } from '@medplum/fhirtypes';
import { sql, type RawBuilder } from 'kysely';
import { isUuid } from '../../shared/uuid';
import { patientScope } from '../dataviews/scopes';
import type { Db } from '../db/connect';
import type { FhirCaller } from './fhir-access';
import type { FhirReferral } from './fhir-referrals.repository';
import type { FhirResourceType } from './resource-type';
import { referenceId } from './compartment';
import { allOf, dateCondition, NOTHING, type ParamType, type ParsedSearch } from './search-params';

/** A referral row as its Task and ServiceRequest are made from it: the patient only while the client may still see the record. */
export interface ReferralRow extends FhirReferral {
  division_name: string;
  visible_patient_uid: string | null;
  patient_division_uid: string | null;
}

/** Who the referral is for: the Careweave patient once linked (and still visible), else the person as the EHR sent them. */
export const referralSubject = (row: ReferralRow): Reference<Patient> =>
  row.visible_patient_uid ? { reference: `Patient/${row.visible_patient_uid}` } : { display: [row.first_name, row.middle_name, row.last_name].filter(Boolean).join(' ') };

/** Careweave's priorities as FHIR request priorities (emergent is stat). */
export const FHIR_PRIORITY = { routine: 'routine', urgent: 'urgent', emergent: 'stat' } as const;

type Conditions = (params: ParsedSearch['params']) => RawBuilder<unknown>[];

/** The rows of a client's referrals that meet `where`, sorted by id, with the patient only while the client may see the record. */
export async function referralRows(db: Db, caller: Pick<FhirCaller, 'client' | 'viewer'>, where: RawBuilder<unknown>[], page: { count: number; offset: number }): Promise<ReferralRow[]> {
  const visible = patientScope('p')(caller.viewer);
  const { rows } = await sql<ReferralRow>`
    select r.*, d.division_name, p.division_uid as patient_division_uid,
           case when p.patient_uid is not null and ${visible} then p.patient_uid end as visible_patient_uid
      from fhir_referral r
      join division d on d.division_uid = r.division_uid
      left join patient p on p.patient_uid = r.patient_uid
     where ${sql.join([sql`r.client_id = ${caller.client.clientId}`, sql`r.division_uid = any(${caller.client.divisionUids}::uuid[])`, ...where], sql` and `)}
     order by r.referral_uid
     limit ${page.count} offset ${page.offset}`.execute(db);
  return rows;
}

/**
 * A resource type made from the referrals EHRs sent by the Gravity loop
 * (issue 35 section 3): a client finds only its own, in the divisions it is
 * registered for, and reads a linked patient only while that record stays in
 * its scope (a record restricted since shows as the person it sent).
 */
export function referralResource(type: ResourceType, search: Record<string, ParamType>, conditions: Conditions, toResource: (row: ReferralRow) => Resource): FhirResourceType {
  return {
    type,
    search,
    async find(db, caller: FhirCaller, parsed) {
      const p = parsed.params;
      const visible = patientScope('p')(caller.viewer);
      const rows = await referralRows(
        db,
        caller,
        [
          ...conditions(p),
          ...allOf(p.get('patient'), (v) => {
            const id = referenceId(v, 'Patient');
            return id ? sql`(r.patient_uid = ${id}::uuid and ${visible})` : NOTHING;
          }),
          ...allOf(p.get('_lastUpdated'), (v) => dateCondition('_lastUpdated', sql`r.updated_at`, v, 'timestamptz')),
        ],
        { count: parsed.count + 1, offset: parsed.offset },
      );
      const page = rows.slice(0, parsed.count);
      return {
        resources: page.map(toResource),
        patients: page.flatMap((r) => (r.visible_patient_uid ? [{ patientUid: r.visible_patient_uid, divisionUid: r.patient_division_uid! }] : [])),
        hasMore: rows.length > parsed.count,
      };
    },
  };
}

/** `_id` as a condition on the column that is this type's id. */
export const idCondition = (column: string) => (p: ParsedSearch['params']) => allOf(p.get('_id'), (v) => (isUuid(v) ? sql`${sql.ref(column)} = ${v}::uuid` : NOTHING));
