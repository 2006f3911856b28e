import type { AllergyIntolerance } from '@medplum/fhirtypes';
import { sql } from 'kysely';
import { compartmentResource, patientRef } from './compartment';

const CLINICAL = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical';

/** The allergen list's types as FHIR's categories; "Other" has none. */
const CATEGORY: Record<string, AllergyIntolerance['category']> = {
  Medication: ['medication'],
  'Drug class': ['medication'],
  Food: ['food'],
  Environmental: ['environment'],
  Insect: ['environment'],
};

interface Row {
  id: string;
  patient_uid: string;
  last_updated: Date;
  created_at: Date;
  allergen_label: string;
  allergy_type: string | null;
}

/** Issue 35 section 1: a recorded allergy (the allergen, or the medication for a medication allergy). Its comments stay in Careweave. */
export const allergyIntoleranceResource = compartmentResource<Row>(
  'AllergyIntolerance',
  sql`select patient_allergy_uid as id, patient_uid, updated_at as last_updated, created_at, allergen_label, allergy_type from patient_allergy_view`,
  (r): AllergyIntolerance => ({
    resourceType: 'AllergyIntolerance',
    id: r.id,
    meta: { lastUpdated: r.last_updated.toISOString() },
    clinicalStatus: { coding: [{ system: CLINICAL, code: 'active' }] },
    ...(r.allergy_type && CATEGORY[r.allergy_type] && { category: CATEGORY[r.allergy_type] }),
    code: { text: r.allergen_label },
    patient: patientRef(r.patient_uid),
    recordedDate: r.created_at.toISOString(),
  }),
);
