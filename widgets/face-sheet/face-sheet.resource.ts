import type { ApiClient, Document, Resource } from '../../shared/api/client';
import type { CalendarEventType } from '../../shared/schemas/calendar';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { useLoaded, type Loaded } from '../kit/use-loaded';

/** Spec 001 "Medical event card" (and the event details page). */
export interface PatientEvent {
  id: string;
  eventType: CalendarEventType;
  medicalEventName: string | null;
  medicalEventLabel: string | null;
  eventDate: string;
  allDay: boolean;
  statusLabel: string;
  providerName: string | null;
  facilityName: string | null;
  notes?: string | null;
  citSubmissionUid?: string | null;
}

export interface PatientNote {
  noteUid: string;
  noteType: string;
  note: string;
  activityDate: string;
  createdDate: string;
  authorFirstName: string | null;
  authorLastName: string | null;
}

export interface Admission {
  admissionUid: string;
  eventDate: string;
  dischargeDate: string | null;
  statusLabel: string;
  facilityName: string | null;
  comments: string | null;
}

export interface PatientReminder {
  id: string;
  reminderDate: string;
  note: string;
  isUrgent: boolean;
  assignedTo: string | null;
}

export interface Address {
  addressUid: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  /** The state's ISO abbreviation ('OH'): what a medical event's location stores (spec 002 `province_iso`). */
  stateIso: string | null;
  postCode: string | null;
  county: string | null;
  addressType: string | null;
}

export interface CitSummary {
  citEvents: number;
  withWeapons: number;
  emergencyHospitalizations: number;
  topReasons: { reason: string; count: number }[];
  /** The newest outbound referrals for a mental-health specialty. */
  topMentalHealthReferrals: { outboundReferralUid: string; eventDate: string; providerRoleName: string; toName: string; statusLabel: string }[];
}

const patientPath = (patientId: string, rest: string) => `patients/${encodeURIComponent(patientId)}/${rest}`;

const listOf = async <T>(client: ApiClient, patientId: string, rest: string): Promise<T[]> =>
  (await client.get<Document<Resource<T>[]>>(patientPath(patientId, rest))).data.map((r) => r.attributes);

/** One of the face sheet's lists (spec 001 section 7 "overview"); `null` path: the card is not shown, nothing is asked. */
export function usePatientList<T>(patientId: string, rest: string | null): Loaded<T[]> {
  const client = useWidgetApi();
  return useLoaded(() => (rest ? listOf<T>(client, patientId, rest) : Promise.resolve([])), [client, patientId, rest]);
}

export function usePrimaryAddress(patientId: string): Loaded<Address | null> {
  const client = useWidgetApi();
  return useLoaded(
    async () => (await client.get<Document<Resource<Address> | null>>(patientPath(patientId, 'primary-address'))).data?.attributes ?? null,
    [client, patientId],
  );
}

export function useCitSummary(patientId: string): Loaded<CitSummary> {
  const client = useWidgetApi();
  return useLoaded(async () => (await client.get<Document<Resource<CitSummary>>>(patientPath(patientId, 'cit-summary'))).data.attributes, [client, patientId]);
}

export function usePatientEvent(patientId: string, type: CalendarEventType, eventId: string): Loaded<PatientEvent> {
  const client = useWidgetApi();
  return useLoaded(
    async () => (await client.get<Document<Resource<PatientEvent>>>(patientPath(patientId, `events/${type}/${encodeURIComponent(eventId)}`))).data.attributes,
    [client, patientId, type, eventId],
  );
}
