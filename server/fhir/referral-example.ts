import crypto from 'node:crypto';
import type { Bundle, BundleEntry, Condition, Patient, Resource, ServiceRequest, Task } from '@medplum/fhirtypes';

/** The identifier systems a sending EHR numbers its Tasks and patients with (the demo's and the tests'). */
export const EXAMPLE_TASK_SYSTEM = 'https://ehr.example.org/fhir/task-id';
export const EXAMPLE_MRN_SYSTEM = 'https://ehr.example.org/fhir/mrn';

export interface ReferralOptions {
  /** The division the Task is for: `Organization/<division_uid>`. */
  ownerDivisionUid: string;
  taskId?: string;
  /** The person, sent in the Bundle; or `subject` to name a Careweave patient instead. */
  patient?: Partial<Patient>;
  subject?: string;
  mrn?: string;
  mrnSystem?: string;
  taskSystem?: string;
  /** SR.authoredOn (a date); the Task's is that day at 15:00 UTC. */
  authoredOn?: string;
}

const entry = (resource: Resource): BundleEntry => ({ fullUrl: `urn:uuid:${crypto.randomUUID()}`, resource, request: { method: 'POST', url: resource.resourceType } });

/**
 * A Gravity referral as an EHR sends one (SDOHCC Task For Referral
 * Management): a transaction Bundle of the Patient, a Condition (the social
 * need), the ServiceRequest for food insecurity services and the Task owned
 * by a Careweave division. The tests send it; the demo seeds its referrals
 * through the same intake.
 */
export function gravityReferralBundle(o: ReferralOptions): Bundle {
  const patient = entry({
    resourceType: 'Patient',
    identifier: [{ system: o.mrnSystem ?? EXAMPLE_MRN_SYSTEM, value: o.mrn ?? `MRN-${crypto.randomUUID().slice(0, 8)}` }],
    name: [{ use: 'official', family: 'Ortega', given: ['Lucia', 'Maria'] }],
    gender: 'female',
    birthDate: '1988-04-12',
    telecom: [{ system: 'phone', value: '614-555-0142', use: 'mobile', rank: 1 }],
    ...o.patient,
  } as Patient);
  const condition = entry({
    resourceType: 'Condition',
    clinicalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' }] },
    category: [{ coding: [{ system: 'http://hl7.org/fhir/us/sdoh-clinicalcare/CodeSystem/SDOHCC-CodeSystemTemporaryCodes', code: 'food-insecurity', display: 'Food Insecurity' }] }],
    code: { coding: [{ system: 'http://snomed.info/sct', code: '733423003', display: 'Food insecurity' }] },
    subject: { reference: o.subject ?? patient.fullUrl! },
  } as Condition);
  const request = entry({
    resourceType: 'ServiceRequest',
    status: 'active',
    intent: 'order',
    category: [{ coding: [{ system: 'http://hl7.org/fhir/us/sdoh-clinicalcare/CodeSystem/SDOHCC-CodeSystemTemporaryCodes', code: 'food-insecurity', display: 'Food Insecurity' }] }],
    code: { coding: [{ system: 'http://snomed.info/sct', code: '467771000124109', display: 'Assistance with application for food pantry program' }] },
    priority: 'asap',
    subject: { reference: o.subject ?? patient.fullUrl! },
    authoredOn: o.authoredOn ?? '2026-11-30',
    requester: { display: 'Dr. Ana Whitfield, Riverside Family Medicine' },
    reasonReference: [{ reference: condition.fullUrl! }],
    note: [{ text: 'Prefers calls after 3 pm.' }],
  } as ServiceRequest);
  const task = entry({
    resourceType: 'Task',
    identifier: [{ system: o.taskSystem ?? EXAMPLE_TASK_SYSTEM, value: o.taskId ?? crypto.randomUUID() }],
    status: 'requested',
    intent: 'order',
    code: { coding: [{ system: 'http://hl7.org/fhir/CodeSystem/task-code', code: 'fulfill' }] },
    focus: { reference: request.fullUrl! },
    for: { reference: o.subject ?? patient.fullUrl! },
    authoredOn: `${o.authoredOn ?? '2026-11-30'}T15:00:00Z`,
    requester: { display: 'Riverside Family Medicine' },
    owner: { reference: `Organization/${o.ownerDivisionUid}` },
  } as Task);
  return { resourceType: 'Bundle', type: 'transaction', entry: [...(o.subject ? [] : [patient]), condition, request, task] };
}
