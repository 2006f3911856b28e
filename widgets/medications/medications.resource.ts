import { useCallback } from 'react';
import type { ApiClient, Document, Resource } from '../../shared/api/client';
import type { MedicationFormValues } from '../../shared/schemas/medications';
import { useWidgetApi } from '../../shared/widget/widget-context';
import type { PageRequest, PageResult } from '../kit/data-table';
import { idempotencyHeader } from '../kit/public-submit';
import { useLoaded, type Loaded } from '../kit/use-loaded';
import { pageQuery } from '../kit/view-page';

/** A row of `nav-list-view-medication`, in wire form (snake_case) so its column names go back as sort and filter keys. */
export type MedicationRow = Record<string, unknown> & {
  patient_medication_uid: string;
  medication_label: string;
  dosage: string | null;
  frequency: string | null;
  started_date: string | null;
  finished_date: string | null;
  is_primary: boolean;
  is_prescription: boolean;
  is_still_taking: boolean;
  medication_route_labels: string[];
};

/** Spec 001 section 3 "Patient medication", with the names of the medication and its routes. */
export interface Medication {
  patientMedicationUid: string;
  patientUid: string;
  medicationUid: string;
  medicationLabel: string;
  dosage: string | null;
  frequency: string | null;
  startedDate: string | null;
  finishedDate: string | null;
  isPrimary: boolean;
  isPrescription: boolean;
  isStillTaking: boolean;
  medicationRouteUids: string[];
  medicationRouteLabels: string[];
  patientReportedImprovement: string | null;
  reliefRating: string | null;
  reliefDuration: string | null;
  comments: string | null;
}

const BASE = 'data/public/patient-medication';

/** One page of the patient's medications (spec 001 section 7 `nav-list-view-medication`). */
export async function fetchMedicationsPage(api: ApiClient, patientId: string, request: PageRequest): Promise<PageResult<MedicationRow>> {
  const doc = await api.request<{ data: { attributes: MedicationRow }[]; meta?: { total?: number } }>('GET', 'data/public/nav-list-view-medication', {
    query: { ...pageQuery(request), patientUid: patientId },
    raw: true,
  });
  return { rows: doc.data.map((r) => r.attributes), total: doc.meta?.total ?? doc.data.length };
}

/** The medication to edit, or null on `medications/add`. */
export function useMedication(medicationId: string | null): Loaded<Medication | null> {
  const client = useWidgetApi();
  return useLoaded(
    async () => (medicationId ? (await client.get<Document<Resource<Medication>>>(`${BASE}/${encodeURIComponent(medicationId)}`)).data.attributes : null),
    [client, medicationId],
  );
}

const attributesOf = (v: MedicationFormValues) => ({
  medicationUid: v.medicationUid,
  dosage: v.dosage.trim() || null,
  frequency: v.frequency.trim() || null,
  startedDate: v.startedDate || null,
  finishedDate: v.finishedDate || null,
  isPrimary: v.isPrimary,
  isPrescription: v.isPrescription,
  isStillTaking: v.isStillTaking,
  medicationRouteUids: v.medicationRouteUids,
  patientReportedImprovement: v.patientReportedImprovement || null,
  reliefRating: v.reliefRating || null,
  reliefDuration: v.reliefDuration || null,
  comments: v.comments.trim() || null,
});

/** `POST .../patient-medication` (one Idempotency-Key per submission) or `PUT .../patient-medication/{id}`. */
export function useSaveMedication(patientId: string, medicationId: string | null) {
  const client = useWidgetApi();
  return useCallback(
    (values: MedicationFormValues, key: string) =>
      medicationId
        ? client.put<Document<Resource<Medication>>>(`${BASE}/${encodeURIComponent(medicationId)}`, { data: { type: 'patient-medication', id: medicationId, attributes: attributesOf(values) } })
        : client.post<Document<Resource<Medication>>>(BASE, { data: { type: 'patient-medication', attributes: { patientUid: patientId, ...attributesOf(values) } } }, undefined, idempotencyHeader(key)),
    [client, patientId, medicationId],
  );
}
