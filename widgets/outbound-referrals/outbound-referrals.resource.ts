import { useCallback } from 'react';
import type { ApiClient, Document, Resource } from '../../shared/api/client';
import type { OutboundReferralFormValues, ReferralPriority, ReferralTarget } from '../../shared/schemas/outbound-referrals';
import type { EhrReferralAnswer, FhirTaskStatus } from '../../shared/schemas/fhir-referrals';
import { useWidgetApi } from '../../shared/widget/widget-context';
import type { PageRequest, PageResult } from '../kit/data-table';
import { idempotencyHeader } from '../kit/public-submit';
import { useLoaded, type Loaded } from '../kit/use-loaded';
import { pageQuery } from '../kit/view-page';

/** A row of `nav-list-view-outbound-referral`, in wire form so its column names go back as sort keys. */
export type OutboundReferralRow = Record<string, unknown> & {
  outbound_referral_uid: string;
  event_date: string;
  provider_role_name: string;
  status_label: string;
  status_changed_at: string;
  to_type: ReferralTarget;
  to_name: string;
  priority_label: string;
  reason: string | null;
};

/** Spec 001 section 3 "Outbound referral", as its sender sees it. */
export interface SentReferral {
  direction: 'sent';
  outboundReferralUid: string;
  patientUid: string;
  eventDate: string;
  specialtyUid: string;
  providerRoleName: string;
  statusUid: string;
  statusLabel: string;
  statusChangedAt: string;
  toType: ReferralTarget;
  toProviderUid: string | null;
  toFacilityUid: string | null;
  toDivisionUid: string | null;
  toName: string;
  priority: ReferralPriority;
  priorityLabel: string;
  reason: string | null;
  notes: string | null;
  fromProviderName: string | null;
  fromDivisionName: string;
  /** Sent to a facility's FHIR server (issue 35): when, and its Task's status there as last read back. */
  sentByFhir: boolean;
  fhirSentAt: string | null;
  fhirTaskStatus: FhirTaskStatus | null;
  fhirBusinessStatus: string | null;
  fhirOutput: string | null;
}

/** A referral another division sent to this division's record of the patient. */
export interface ReceivedReferral {
  direction: 'received';
  outboundReferralUid: string;
  receivedPatientUid: string;
  eventDate: string;
  providerRoleName: string;
  statusUid: string;
  statusLabel: string;
  statusChangedAt: string;
  priorityLabel: string;
  reason: string | null;
  notes: string | null;
  fromProviderName: string | null;
  fromDivisionName: string;
}

export type Referral = SentReferral | ReceivedReferral;

export interface DivisionOption {
  divisionUid: string;
  divisionName: string;
}

/** One page of the patient's outbound referrals (spec 001 section 7: `patient_uid`). */
export async function fetchReferralsPage(api: ApiClient, patientId: string, request: PageRequest): Promise<PageResult<OutboundReferralRow>> {
  const doc = await api.request<{ data: { attributes: OutboundReferralRow }[]; meta?: { total?: number } }>('GET', 'data/public/nav-list-view-outbound-referral', {
    query: { ...pageQuery(request), patientUid: patientId },
    raw: true,
  });
  return { rows: doc.data.map((r) => r.attributes), total: doc.meta?.total ?? doc.data.length };
}

/** Referrals other divisions sent to this record, for the receiver to answer. */
export function useReceivedReferrals(patientId: string): Loaded<ReceivedReferral[]> {
  const client = useWidgetApi();
  return useLoaded(
    async () => (await client.get<Document<Resource<ReceivedReferral>[]>>(`patients/${encodeURIComponent(patientId)}/received-referrals`)).data.map((r) => r.attributes),
    [client, patientId],
  );
}

/** The referral to show, or null on `outbound-referrals/add`. */
export function useReferral(referralId: string | null): Loaded<Referral | null> {
  const client = useWidgetApi();
  return useLoaded(
    async () => (referralId ? (await client.get<Document<Resource<Referral>>>(`outbound-referrals/${encodeURIComponent(referralId)}`)).data.attributes : null),
    [client, referralId],
  );
}

/** The other divisions of the organisation a referral can go to. */
export function useReferralDivisions(): Loaded<DivisionOption[]> {
  const client = useWidgetApi();
  return useLoaded(async () => (await client.get<Document<Resource<DivisionOption>[]>>('data/public/outbound-referral-division', { allData: 1 })).data.map((r) => r.attributes), [client]);
}

const orNull = (v: string) => v.trim() || null;

const attributesOf = (v: OutboundReferralFormValues) => {
  const toType = v.toType as ReferralTarget;
  return {
    specialtyUid: v.specialtyUid,
    eventDate: v.eventDate,
    toType,
    toProviderUid: toType === 'provider' ? v.toProviderUid : null,
    toFacilityUid: toType === 'facility' ? v.toFacilityUid : null,
    toDivisionUid: toType === 'division' ? v.toDivisionUid : null,
    priority: v.priority,
    // A division answers for itself (the server refuses a status from the sender).
    statusUid: toType === 'division' ? null : v.statusUid,
    reason: orNull(v.reason),
    notes: orNull(v.notes),
  };
};

/** `POST /api/outbound-referrals` (one Idempotency-Key per submission) or `PUT /api/outbound-referrals/{id}`. */
export function useSaveReferral(patientId: string, referralId: string | null) {
  const client = useWidgetApi();
  return useCallback(
    (values: OutboundReferralFormValues, key: string) =>
      referralId
        ? client.put<Document<Resource<SentReferral>>>(`outbound-referrals/${encodeURIComponent(referralId)}`, { data: { type: 'outbound-referrals', id: referralId, attributes: attributesOf(values) } })
        : client.post<Document<Resource<SentReferral>>>('outbound-referrals', { data: { type: 'outbound-referrals', attributes: { patientUid: patientId, ...attributesOf(values) } } }, undefined, idempotencyHeader(key)),
    [client, patientId, referralId],
  );
}

/** `PUT /api/outbound-referrals/{id}/status`: the receiving division's answer. */
export function useAnswerReferral() {
  const client = useWidgetApi();
  return useCallback(
    (referralId: string, statusUid: string) =>
      client.put<Document<Resource<ReceivedReferral>>>(`outbound-referrals/${encodeURIComponent(referralId)}/status`, { data: { type: 'outbound-referrals', id: referralId, attributes: { statusUid } } }),
    [client],
  );
}

/**
 * A referral another division sent to this division that nobody here has
 * linked to a record yet, with what it says about the person.
 */
export interface IncomingReferral {
  outboundReferralUid: string;
  eventDate: string;
  providerRoleName: string;
  priorityLabel: string;
  reason: string | null;
  notes: string | null;
  fromProviderName: string | null;
  fromDivisionName: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  birthDate: string | null;
  genderLabel: string | null;
}

/** `GET /api/incoming-referrals`: the current division's waiting referrals, newest first, and how many wait. */
export function useIncomingReferrals(): Loaded<{ rows: IncomingReferral[]; total: number }> {
  const client = useWidgetApi();
  return useLoaded(async () => {
    const doc = await client.get<Document<Resource<IncomingReferral>[]>>('incoming-referrals');
    return { rows: doc.data.map((r) => r.attributes), total: Number(doc.meta?.total ?? doc.data.length) };
  }, [client]);
}

/** The receiver's choice: the record found by the duplicate check, or a new one. */
export type LinkChoice = { patientUid: string } | { createPatient: true };

/** `POST /api/incoming-referrals/{id}/link` (one Idempotency-Key per choice); answers the record it now belongs to. */
export function useLinkReferral() {
  const client = useWidgetApi();
  return useCallback(
    async (referralId: string, choice: LinkChoice, key: string) =>
      (
        await client.post<Document<Resource<{ receivedPatientUid: string }>>>(
          `incoming-referrals/${encodeURIComponent(referralId)}/link`,
          { data: { type: 'incoming-referrals', attributes: choice } },
          undefined,
          idempotencyHeader(key),
        )
      ).data.attributes.receivedPatientUid,
    [client],
  );
}

/** A referral an EHR sent by FHIR (issue 35), linked to this record: what for, from which system, its status and what may follow. */
export interface EhrReferral {
  referralUid: string;
  eventDate: string;
  whatFor: string;
  priorityLabel: string;
  reason: string | null;
  notes: string | null;
  requesterName: string | null;
  fromSystemName: string;
  status: FhirTaskStatus;
  statusLabel: string;
  statusReason: string | null;
  outputDisplay: string | null;
  statusChangedAt: string;
  nextStatuses: FhirTaskStatus[];
  /** The codes the EHR sent (what is asked for, why), as "display (system code)"; not on an answer's echo. */
  codes?: string[];
}

/** `GET /api/patients/{id}/ehr-referrals`. */
export function useEhrReferrals(patientId: string): Loaded<EhrReferral[]> {
  const client = useWidgetApi();
  return useLoaded(
    async () => (await client.get<Document<Resource<EhrReferral>[]>>(`patients/${encodeURIComponent(patientId)}/ehr-referrals`)).data.map((r) => r.attributes),
    [client, patientId],
  );
}

/** `PUT /api/ehr-referrals/{id}/status`: the answer the EHR reads on its Task. */
export function useAnswerEhrReferral() {
  const client = useWidgetApi();
  return useCallback(
    (referralId: string, answer: EhrReferralAnswer) =>
      client.put<Document<Resource<EhrReferral>>>(`ehr-referrals/${encodeURIComponent(referralId)}/status`, { data: { type: 'ehr-referrals', id: referralId, attributes: answer } }),
    [client],
  );
}
