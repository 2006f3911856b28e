import type { ServiceRequest } from '@medplum/fhirtypes';
import type { FhirTaskStatus } from '../../shared/schemas/fhir-referrals';
import { FHIR_PRIORITY, idCondition, referralResource, referralSubject, type ReferralRow } from './referral-resource';
import { COMPARTMENT_SEARCH } from './compartment';

/** The request's own status follows its Task's: open while the Task is, then done or withdrawn. */
const REQUEST_STATUS: Record<FhirTaskStatus, ServiceRequest['status']> = {
  requested: 'active',
  received: 'active',
  accepted: 'active',
  'in-progress': 'active',
  completed: 'completed',
  rejected: 'revoked',
  cancelled: 'revoked',
};

/**
 * A referral as its ServiceRequest: what is asked for and why, with the
 * codes the EHR sent (code, category, reason), and no reference Careweave
 * cannot answer (the sender's practitioners, conditions and notes' authors).
 */
export function toFhirServiceRequest(row: ReferralRow): ServiceRequest {
  const sent = row.service_request as ServiceRequest;
  return {
    resourceType: 'ServiceRequest',
    id: row.service_request_uid,
    meta: { lastUpdated: row.updated_at.toISOString() },
    ...(sent.identifier?.length && { identifier: sent.identifier.map(({ system, value }) => ({ system, value })) }),
    status: REQUEST_STATUS[row.status],
    intent: 'order',
    ...(sent.category?.length && { category: sent.category }),
    priority: FHIR_PRIORITY[row.priority],
    code: sent.code ?? { text: row.what_for },
    subject: referralSubject(row),
    authoredOn: sent.authoredOn ?? row.event_date,
    ...(row.requester_name && { requester: { display: row.requester_name } }),
    ...(sent.reasonCode?.length ? { reasonCode: sent.reasonCode } : row.reason ? { reasonCode: [{ text: row.reason }] } : {}),
    ...(sent.note?.length && { note: sent.note.map(({ text }) => ({ text })) }),
  };
}

export const serviceRequestResource = {
  ...referralResource('ServiceRequest', COMPARTMENT_SEARCH, idCondition('r.service_request_uid'), toFhirServiceRequest),
  // The source corrects its open referral (service-request-update.routes.ts).
  writes: ['update'] as const,
};
