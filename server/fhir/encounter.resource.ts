import type { Encounter } from '@medplum/fhirtypes';
import { sql } from 'kysely';
import { compartmentResource, patientRef } from './compartment';

const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';

interface Row {
  id: string;
  patient_uid: string;
  last_updated: Date;
  status: string;
  status_label: string;
  event_date: string;
  discharge_date: string | null;
  facility_uid: string | null;
  facility_name: string | null;
}

/**
 * Issue 35 section 1: an admission as an inpatient Encounter: admitted is in
 * progress, discharged or transferred is finished; the facility a Location.
 * Comments and notes stay in Careweave.
 */
export const encounterResource = compartmentResource<Row>(
  'Encounter',
  sql`select a.admission_uid as id, a.patient_uid, a.created_at as last_updated, s.name as status, s.label as status_label,
             a.event_date::text as event_date, a.discharge_date::text as discharge_date, a.facility_uid, f.facility_name
        from admission a
        join reference_data s on s.uid = a.status_uid
        left join facility f on f.facility_uid = a.facility_uid`,
  (r): Encounter => ({
    resourceType: 'Encounter',
    id: r.id,
    meta: { lastUpdated: r.last_updated.toISOString() },
    status: r.status === 'admitted' && !r.discharge_date ? 'in-progress' : 'finished',
    class: { system: ACT_CODE, code: 'IMP', display: 'inpatient encounter' },
    type: [{ text: `Admission (${r.status_label})` }],
    subject: patientRef(r.patient_uid),
    period: { start: r.event_date, ...(r.discharge_date && { end: r.discharge_date }) },
    ...(r.facility_uid && { location: [{ location: { reference: `Location/${r.facility_uid}`, ...(r.facility_name && { display: r.facility_name }) } }] }),
  }),
);
