import type { Task } from '@medplum/fhirtypes';
import { sql } from 'kysely';
import { FHIR_TASK_STATUSES, REJECTION_LABELS, REJECTION_REASON_SYSTEM, type FhirTaskStatus } from '../../shared/schemas/fhir-referrals';
import { referenceId } from './compartment';
import { FHIR_PRIORITY, idCondition, referralResource, referralSubject, type ReferralRow } from './referral-resource';
import type { FhirResourceType } from './resource-type';
import { SDOHCC_CODES, SDOHCC_TASK_PROFILE } from './sdohcc';
import { allOf, NOTHING, tokenParts, type ParamType } from './search-params';

/** The Task searches a Gravity referral source polls with (`owner=` and `_lastUpdated=gt` for what changed). */
export const TASK_SEARCH = {
  _id: 'token',
  identifier: 'token',
  owner: 'reference',
  patient: 'reference',
  status: 'token',
  _lastUpdated: 'date',
} as const satisfies Record<string, ParamType>;

const TASK_CODE = { coding: [{ system: 'http://hl7.org/fhir/CodeSystem/task-code', code: 'fulfill', display: 'Fulfill the focal request' }] };

/** What was done, as SDOHCC names a Task output of a completed referral. */
const RESULTING_ACTIVITY = { coding: [{ system: SDOHCC_CODES, code: 'resulting-activity', display: 'Resulting Activity' }] };

/** Why the Task is where it is: a rejection's reason from Careweave's value set, or the words the source cancelled with (SDOHCC: statusReason.text when rejected or cancelled). */
const statusReasonOf = (status: FhirTaskStatus, reason: string): Task['statusReason'] =>
  status === 'rejected' ? { coding: [{ system: REJECTION_REASON_SYSTEM, code: reason, display: REJECTION_LABELS[reason] }], text: REJECTION_LABELS[reason] } : { text: reason };

/** A referral as its Task (SDOHCC Task For Referral Management): its status and why, who owns it, and what was done. */
export function toFhirTask(row: ReferralRow): Task {
  const request = { reference: `ServiceRequest/${row.service_request_uid}` };
  return {
    resourceType: 'Task',
    id: row.referral_uid,
    meta: { lastUpdated: row.updated_at.toISOString(), profile: [SDOHCC_TASK_PROFILE] },
    identifier: [{ system: row.task_system, value: row.task_value }],
    basedOn: [request],
    status: row.status,
    ...(row.business_status && { businessStatus: { text: row.business_status } }),
    ...(row.status_reason && { statusReason: statusReasonOf(row.status, row.status_reason) }),
    intent: 'order',
    priority: FHIR_PRIORITY[row.priority],
    code: TASK_CODE,
    focus: request,
    for: referralSubject(row),
    authoredOn: row.created_at.toISOString(),
    lastModified: row.updated_at.toISOString(),
    ...(row.requester_name && { requester: { display: row.requester_name } }),
    owner: { reference: `Organization/${row.division_uid}`, display: row.division_name },
    ...(row.output_display && { output: [{ type: RESULTING_ACTIVITY, valueReference: { display: row.output_display } }] }),
  };
}

export const taskResource: FhirResourceType = {
  ...referralResource(
    'Task',
    TASK_SEARCH,
    (p) => [
      ...idCondition('r.referral_uid')(p),
      ...allOf(p.get('identifier'), (v) => {
        const { system, code } = tokenParts(v);
        if (!code) return system ? sql`r.task_system = ${system}` : NOTHING;
        return system ? sql`(r.task_system = ${system} and r.task_value = ${code})` : sql`r.task_value = ${code}`;
      }),
      ...allOf(p.get('owner'), (v) => {
        const id = referenceId(v, 'Organization');
        return id ? sql`r.division_uid = ${id}::uuid` : NOTHING;
      }),
      ...allOf(p.get('status'), (v) => {
        const { code } = tokenParts(v);
        return code && FHIR_TASK_STATUSES.includes(code as never) ? sql`r.status = ${code}` : NOTHING;
      }),
    ],
    toFhirTask,
  ),
  // The source cancels its referral (task-update.routes.ts).
  writes: ['update'],
  profiles: [SDOHCC_TASK_PROFILE],
  // A poll that also brings each Task's ServiceRequest (the Gravity source reads both).
  includes: { 'Task:focus': { type: 'ServiceRequest', reference: (task) => (task as Task).focus?.reference } },
};
