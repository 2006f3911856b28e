import { useCallback } from 'react';
import type { Document, Resource } from '../../shared/api/client';
import { tidyCareGiver, type CareGiverRole, type CareGiverValues, type CareTeamMemberValues } from '../../shared/schemas/care-team';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { idempotencyHeader } from '../kit/public-submit';
import { useLoaded, type Loaded } from '../kit/use-loaded';

/** Spec 001 section 3 "Care team member (provider-patient)" with its provider and preferred location. */
export interface CareTeamMember {
  providerPatientUid: string;
  patientUid: string;
  providerUid: string;
  preferredLocationUid: string | null;
  careTeam: boolean;
  isPcp: boolean;
  isPrimary: boolean;
  displayName: string;
  npiNumber: string | null;
  providerRoleLabel: string | null;
  workPhone: string | null;
  mobileNumber: string | null;
  emailAddress: string | null;
  providerLocationLabel: string | null;
  addr1: string | null;
  addr2: string | null;
  city: string | null;
  provinceIso: string | null;
  postCode: string | null;
}

/** Spec 001 section 3 "Care giver"; roles arrive as a list. */
export interface CareGiver {
  careGiverUid: string;
  patientUid: string;
  firstName: string;
  lastName: string;
  relationship: string;
  preferredPhoneType: string;
  homePhone: string | null;
  mobilePhone: string | null;
  email: string | null;
  isPrimary: boolean;
  isCurrent: boolean;
  roles: CareGiverRole[];
  otherRoles: string | null;
  interpreterId: string | null;
  interpreterLanguage: string | null;
  comment: string | null;
  patientConsents: boolean;
}

export interface ProviderLocation {
  providerLocationUid: string;
  providerLocationLabel: string;
  addr1: string | null;
  addr2: string | null;
  city: string | null;
  provinceIso: string | null;
  postCode: string | null;
}

const patientPath = (patientId: string) => `patients/${encodeURIComponent(patientId)}`;

export function useCareTeamMembers(patientId: string): Loaded<CareTeamMember[]> {
  const client = useWidgetApi();
  return useLoaded(async () => (await client.get<Document<Resource<CareTeamMember>[]>>(`${patientPath(patientId)}/provider-patients`)).data.map((r) => r.attributes), [client, patientId]);
}

export function useCareGivers(patientId: string): Loaded<CareGiver[]> {
  const client = useWidgetApi();
  return useLoaded(async () => (await client.get<Document<Resource<CareGiver>[]>>(`${patientPath(patientId)}/care-givers`)).data.map((r) => r.attributes), [client, patientId]);
}

/** The member to edit, or null for a new one. */
export function useCareTeamMember(memberId: string | null): Loaded<CareTeamMember | null> {
  const client = useWidgetApi();
  return useLoaded(
    async () => (memberId ? (await client.get<Document<Resource<CareTeamMember>>>(`provider-patients/${encodeURIComponent(memberId)}`)).data.attributes : null),
    [client, memberId],
  );
}

/** The care giver to edit, or null for a new one. */
export function useCareGiver(patientId: string, careGiverId: string | null): Loaded<CareGiver | null> {
  const client = useWidgetApi();
  return useLoaded(
    async () => (careGiverId ? (await client.get<Document<Resource<CareGiver>>>(`${patientPath(patientId)}/care-givers/${encodeURIComponent(careGiverId)}`)).data.attributes : null),
    [client, patientId, careGiverId],
  );
}

/**
 * `GET /api/providers/{id}`: the chosen provider's locations (none until a
 * provider is chosen), with whose they are, since the last provider's stay
 * shown while the next one's load.
 */
export function useProviderLocations(providerUid: string): Loaded<{ providerUid: string; locations: ProviderLocation[] }> {
  const client = useWidgetApi();
  return useLoaded(
    async () => ({
      providerUid,
      locations: providerUid ? (await client.get<Document<Resource<{ locations: ProviderLocation[] }>>>(`providers/${encodeURIComponent(providerUid)}`)).data.attributes.locations : [],
    }),
    [client, providerUid],
  );
}

/** `POST /api/provider-patients` (one Idempotency-Key per submission) or `PUT /api/provider-patients/{id}`. */
export function useSaveCareTeamMember(patientId: string, memberId: string | null) {
  const client = useWidgetApi();
  return useCallback(
    (values: CareTeamMemberValues, key: string) =>
      memberId
        ? client.put<Document<Resource<CareTeamMember>>>(`provider-patients/${encodeURIComponent(memberId)}`, { data: { type: 'provider-patients', id: memberId, attributes: values } })
        : client.post<Document<Resource<CareTeamMember>>>('provider-patients', { data: { type: 'provider-patients', attributes: { ...values, patientUid: patientId } } }, undefined, idempotencyHeader(key)),
    [client, patientId, memberId],
  );
}

/** `POST /api/patients/{patient_uid}/care-givers` (one Idempotency-Key per submission), or `PUT` with the id in the body. */
export function useSaveCareGiver(patientId: string, careGiverId: string | null) {
  const client = useWidgetApi();
  return useCallback(
    (values: CareGiverValues, key: string) => {
      const attributes = tidyCareGiver(values);
      return careGiverId
        ? client.put<Document<Resource<CareGiver>>>(`${patientPath(patientId)}/care-givers`, { data: { type: 'care-givers', id: careGiverId, attributes } })
        : client.post<Document<Resource<CareGiver>>>(`${patientPath(patientId)}/care-givers`, { data: { type: 'care-givers', attributes } }, undefined, idempotencyHeader(key));
    },
    [client, patientId, careGiverId],
  );
}
