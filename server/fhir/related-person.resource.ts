import type { ContactPoint, RelatedPerson } from '@medplum/fhirtypes';
import { sql } from 'kysely';
import { compartmentResource, patientRef } from './compartment';

interface Row {
  id: string;
  patient_uid: string;
  last_updated: Date;
  first_name: string;
  last_name: string;
  relationship: string;
  preferred_phone_type: string;
  home_phone: string | null;
  mobile_phone: string | null;
  email: string | null;
  is_current: boolean;
}

/** Issue 35 section 1: a care giver: name, relationship and how to reach them. Comments, roles and interpreter notes stay in Careweave. */
export const relatedPersonResource = compartmentResource<Row>(
  'RelatedPerson',
  sql`select care_giver_uid as id, patient_uid, updated_at as last_updated, first_name, last_name, relationship, preferred_phone_type,
             home_phone, mobile_phone, email, is_current
        from care_giver`,
  (r): RelatedPerson => {
    const phones: ContactPoint[] = (
      [
        ['mobile', r.mobile_phone],
        ['home', r.home_phone],
      ] as const
    )
      .filter(([, value]) => value?.trim())
      .map(([use, value]) => ({ system: 'phone', value: value!.trim(), use, ...(r.preferred_phone_type.toLowerCase() === use && { rank: 1 }) }));
    const telecom = [...phones, ...(r.email?.trim() ? [{ system: 'email' as const, value: r.email.trim() }] : [])];
    return {
      resourceType: 'RelatedPerson',
      id: r.id,
      meta: { lastUpdated: r.last_updated.toISOString() },
      active: r.is_current,
      patient: patientRef(r.patient_uid),
      relationship: [{ text: r.relationship }],
      name: [{ family: r.last_name, given: [r.first_name] }],
      ...(telecom.length && { telecom }),
    };
  },
);
