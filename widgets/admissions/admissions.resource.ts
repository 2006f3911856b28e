import { useCallback } from 'react';
import type { Document, Resource } from '../../shared/api/client';
import type { AdmissionFormValues } from '../../shared/schemas/admissions';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { idempotencyHeader } from '../kit/public-submit';
import { useLoaded, type Loaded } from '../kit/use-loaded';

/** Spec 001 section 3 "Admission". */
export interface Admission {
  admissionUid: string;
  patientUid: string;
  eventDate: string;
  dischargeDate: string | null;
  statusUid: string;
  statusLabel: string;
  facilityUid: string | null;
  facilityName: string | null;
  comments: string | null;
  note: string | null;
  relatedNotes?: { noteUid: string; note: string; createdDate: string; authorFirstName: string | null; authorLastName: string | null }[];
}

/** The admissions page lists up to the server's 100 newest. */
const PAGE_ROWS = 100;

export function useAdmissions(patientId: string): Loaded<Admission[]> {
  const client = useWidgetApi();
  return useLoaded(
    async () => (await client.get<Document<Resource<Admission>[]>>(`patients/${encodeURIComponent(patientId)}/admissions`, { pageSize: PAGE_ROWS })).data.map((r) => r.attributes),
    [client, patientId],
  );
}

/** The admission to edit, or null on `admissions/add`. */
export function useAdmission(admissionId: string | null): Loaded<Admission | null> {
  const client = useWidgetApi();
  return useLoaded(
    async () => (admissionId ? (await client.get<Document<Resource<Admission>>>(`admissions/${encodeURIComponent(admissionId)}`)).data.attributes : null),
    [client, admissionId],
  );
}

const attributesOf = (values: AdmissionFormValues) => ({
  statusUid: values.statusUid,
  facilityUid: values.facilityUid || null,
  eventDate: values.eventDate,
  dischargeDate: values.dischargeDate || null,
  comments: values.comments.trim() || null,
  note: values.note.trim() || null,
});

/** `POST /api/admissions` (one Idempotency-Key per submission) or `PUT /api/admissions/{id}`. */
export function useSaveAdmission(patientId: string, admissionId: string | null) {
  const client = useWidgetApi();
  return useCallback(
    (values: AdmissionFormValues, key: string) =>
      admissionId
        ? client.put<Document<Resource<Admission>>>(`admissions/${encodeURIComponent(admissionId)}`, { data: { type: 'admissions', id: admissionId, attributes: attributesOf(values) } })
        : client.post<Document<Resource<Admission>>>('admissions', { data: { type: 'admissions', attributes: { patientUid: patientId, ...attributesOf(values) } } }, undefined, idempotencyHeader(key)),
    [client, patientId, admissionId],
  );
}
