import { useCallback } from 'react';
import type { Document, Resource } from '../../shared/api/client';
import type { MedicalEventType, MedicalEventValues } from '../../shared/schemas/medical-events';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { idempotencyHeader } from '../kit/public-submit';
import { useLoaded, type Loaded } from '../kit/use-loaded';

/** Spec 002 "Medical event (list and detail reading)". */
export interface MedicalEvent {
  medicalEventUid: string;
  patientUid: string;
  medicalEventName: string;
  medicalEventLabel: string;
  eventDate: string;
  /** The event's day and time on its own time zone's clocks. */
  eventDateLocal: string;
  eventTime: string | null;
  eventTimeZone: string;
  allDay: boolean;
  statusUid: string;
  statusName: string;
  statusLabel: string;
  reasonUid: string | null;
  reasonLabel: string | null;
  providerUid: string | null;
  providerName: string | null;
  facilityUid: string | null;
  facilityName: string | null;
  location: Partial<NonNullable<MedicalEventValues['location']>> | null;
  detailObject: Record<string, unknown>;
  isForeign: boolean;
  /** A foreign event's division (spec 002 "Medical event list"); own events have none. */
  recordedBy?: string;
  /** Read with one event (its details page), newest first. */
  previousNotes?: EventNote[];
  /** On list rows: the listed patient's name (spec 002 "Medical event list": a row may name its patient). */
  patientFirstName?: string;
  patientLastName?: string;
  /** Read with one event: the providers a referral names (`detailObject.providers`). */
  referredProviders?: { providerUid: string; displayName: string }[];
}

export interface EventNote {
  noteUid: string;
  note: string;
  noteIsInternal: boolean;
  createdAt: string;
  authorFirstName: string | null;
  authorLastName: string | null;
}

const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

/** `GET /api/medical-event-types/{name}`: the type's label and property rules. */
export function useEventType(name: string): Loaded<MedicalEventType> {
  const client = useWidgetApi();
  return useLoaded(async () => (await client.get<Document<Resource<MedicalEventType>>>(path('medical-event-types', name))).data.attributes, [client, name]);
}

/**
 * The type's events of the patient, own and foreign, newest first: own from
 * `GET /api/patients/{id}/medical-events/{name}`, the same person's from other
 * divisions from `GET /api/patients/{id}/foreign/medical-event`.
 */
export function useMedicalEvents(patientId: string, name: string): Loaded<MedicalEvent[]> {
  const client = useWidgetApi();
  return useLoaded(async () => {
    const [own, foreign] = await Promise.all([
      client.get<Document<Resource<MedicalEvent>[]>>(`patients/${path(patientId, 'medical-events', name)}`),
      client.get<Document<Resource<MedicalEvent>[]>>(`patients/${path(patientId, 'foreign', 'medical-event')}`, { medicalEventName: name }),
    ]);
    return [...own.data, ...foreign.data].map((r) => r.attributes).sort((a, b) => b.eventDate.localeCompare(a.eventDate));
  }, [client, patientId, name]);
}

/** The event to edit, or null on `add`. */
export function useMedicalEvent(eventId: string | null): Loaded<MedicalEvent | null> {
  const client = useWidgetApi();
  return useLoaded(async () => (eventId ? (await client.get<Document<Resource<MedicalEvent>>>(path('medical-events', eventId))).data.attributes : null), [client, eventId]);
}

/** `POST /api/medical-events` (one Idempotency-Key per submission) or `PUT /api/medical-events/{id}`. */
export function useSaveMedicalEvent(patientId: string, eventId: string | null) {
  const client = useWidgetApi();
  return useCallback(
    (values: MedicalEventValues, key: string) =>
      eventId
        ? client.put<Document<Resource<MedicalEvent>>>(path('medical-events', eventId), { data: { type: 'medical-events', id: eventId, attributes: values } })
        : client.post<Document<Resource<MedicalEvent>>>('medical-events', { data: { type: 'medical-events', attributes: { ...values, patientUid: patientId } } }, undefined, idempotencyHeader(key)),
    [client, patientId, eventId],
  );
}

/** `DELETE /api/medical-events/{id}/notes/{noteId}`: deactivates the note (it stays in the database). */
export function useDeactivateEventNote(eventId: string | null) {
  const client = useWidgetApi();
  return useCallback((noteId: string) => client.request<void>('DELETE', path('medical-events', eventId ?? '', 'notes', noteId)), [client, eventId]);
}
