import type { Condition } from '@medplum/fhirtypes';
import { sql } from 'kysely';
import { compartmentResource, patientRef } from './compartment';

const CATEGORY = 'http://terminology.hl7.org/CodeSystem/condition-category';
const CLINICAL = 'http://terminology.hl7.org/CodeSystem/condition-clinical';
const VERIFICATION = 'http://terminology.hl7.org/CodeSystem/condition-ver-status';
export const ICD10_CM = 'http://hl7.org/fhir/sid/icd-10-cm';

/** A diagnosis status (the reference list's names) as FHIR's clinical status; "ruled out" is a refuted, inactive condition. */
const CLINICAL_STATUS: Record<string, string> = { active: 'active', chronic: 'active', 'in-remission': 'remission', resolved: 'resolved', inactive: 'inactive', 'ruled-out': 'inactive' };

interface Row {
  id: string;
  patient_uid: string;
  last_updated: Date;
  created_at: Date;
  code: string;
  label: string;
  status: string;
  onset_date: string | null;
}

/** Issue 35 section 1: a diagnosis as a problem-list Condition coded in ICD-10-CM. Its free-text note stays in Careweave. */
export const conditionResource = compartmentResource<Row>(
  'Condition',
  sql`select d.diagnosis_uid as id, d.patient_uid, d.updated_at as last_updated, d.created_at, dx.name as code, dx.label, s.name as status, d.onset_date::text as onset_date
        from patient_diagnosis d
        join reference_data dx on dx.uid = d.ref_diagnosis_uid
        join reference_data s on s.uid = d.status_uid`,
  (r): Condition => ({
    resourceType: 'Condition',
    id: r.id,
    meta: { lastUpdated: r.last_updated.toISOString() },
    clinicalStatus: { coding: [{ system: CLINICAL, code: CLINICAL_STATUS[r.status] ?? 'active' }] },
    verificationStatus: { coding: [{ system: VERIFICATION, code: r.status === 'ruled-out' ? 'refuted' : 'confirmed' }] },
    category: [{ coding: [{ system: CATEGORY, code: 'problem-list-item', display: 'Problem List Item' }] }],
    code: { coding: [{ system: ICD10_CM, code: r.code, display: r.label.replace(`${r.code} `, '') }], text: r.label },
    subject: patientRef(r.patient_uid),
    ...(r.onset_date && { onsetDateTime: r.onset_date }),
    recordedDate: r.created_at.toISOString(),
  }),
);
