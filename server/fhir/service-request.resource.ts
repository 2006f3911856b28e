import type { ServiceRequest } from '@medplum/fhirtypes';
import type { FhirTaskStatus } from '../../shared/schemas/fhir-referrals';
import { FHIR_PRIORITY, idCondition, referralResource, referralSubject, type ReferralRow } from './referral-resource';
import { COMPARTMENT_SEARCH } from './compartment';
import { SDOH_CATEGORY_UNSPECIFIED, SDOHCC_CODES, SDOHCC_SERVICE_REQUEST_PROFILE } from './sdohcc';

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

/** The categories sent, with the guide's "unspecified" SDOH category when none of them names an SDOH domain (SDOHCC ServiceRequest needs one). */
const categoriesOf = (sent: ServiceRequest['category'] = []): ServiceRequest['category'] =>
  sent.some((c) => c.coding?.some((code) => code.system === SDOHCC_CODES)) ? sent : [...sent, { coding: [SDOH_CATEGORY_UNSPECIFIED] }];

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
    meta: { lastUpdated: row.updated_at.toISOString(), profile: [SDOHCC_SERVICE_REQUEST_PROFILE] },
    ...(sent.identifier?.length && { identifier: sent.identifier.map(({ system, value }) => ({ system, value })) }),
    status: REQUEST_STATUS[row.status],
    intent: 'order',
    category: categoriesOf(sent.category),
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
  profiles: [SDOHCC_SERVICE_REQUEST_PROFILE],
};
