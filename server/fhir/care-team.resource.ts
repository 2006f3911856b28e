import type { CareTeam } from '@medplum/fhirtypes';
import { sql } from 'kysely';
import { compartmentResource, patientRef } from './compartment';

interface Member {
  provider_uid: string;
  display_name: string;
  role: string | null;
  is_pcp: boolean;
}

interface Row {
  id: string;
  patient_uid: string;
  last_updated: Date;
  members: Member[];
}

/**
 * Issue 35 section 1: a patient's care team (the providers marked on its Care
 * Team card) as one CareTeam whose id is the patient's; each member is a
 * Practitioner with its role, the primary care provider so named.
 */
export const careTeamResource = compartmentResource<Row>(
  'CareTeam',
  sql`select pp.patient_uid as id, pp.patient_uid, max(pp.updated_at) as last_updated,
             json_agg(json_build_object('provider_uid', pr.provider_uid, 'display_name', pr.display_name, 'role', role.label, 'is_pcp', pp.is_pcp)
                      order by pp.is_pcp desc, pr.display_name) as members
        from provider_patient pp
        join provider pr on pr.provider_uid = pp.provider_uid
        left join reference_data role on role.uid = pr.provider_role_uid
       where pp.care_team
       group by pp.patient_uid`,
  (r): CareTeam => ({
    resourceType: 'CareTeam',
    id: r.id,
    meta: { lastUpdated: new Date(r.last_updated).toISOString() },
    status: 'active',
    name: 'Care Team',
    subject: patientRef(r.patient_uid),
    participant: r.members.map((m) => {
      const roles = [m.is_pcp ? 'Primary care provider' : null, m.role].filter((t): t is string => !!t);
      return { ...(roles.length && { role: roles.map((text) => ({ text })) }), member: { reference: `Practitioner/${m.provider_uid}`, display: m.display_name } };
    }),
  }),
);
