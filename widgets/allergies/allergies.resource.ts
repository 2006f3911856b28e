import { useCallback } from 'react';
import type { ApiClient, Document, Resource } from '../../shared/api/client';
import type { AllergyFormValues } from '../../shared/schemas/allergies';
import { useWidgetApi } from '../../shared/widget/widget-context';
import type { PageRequest, PageResult } from '../kit/data-table';
import { idempotencyHeader } from '../kit/public-submit';
import { useLoaded, type Loaded } from '../kit/use-loaded';
import { pageQuery } from '../kit/view-page';

/** A row of `nav-list-view-allergy`, in wire form (snake_case) so its column names go back as sort and filter keys. */
export type AllergyRow = Record<string, unknown> & {
  patient_allergy_uid: string;
  allergy_label: string;
  allergy_type: string | null;
  medication_label: string | null;
  allergen_label: string;
  comments: string | null;
  created_at: string;
};

/** Spec 001 section 3 "Patient allergy", with the names of the allergy and the medication. */
export interface Allergy {
  patientAllergyUid: string;
  patientUid: string;
  allergyUid: string;
  allergyLabel: string;
  allergyType: string | null;
  medicationUid: string | null;
  medicationLabel: string | null;
  allergenLabel: string;
  comments: string | null;
}

const BASE = 'data/public/patient-allergy';

/** One page of the patient's allergies (spec 001 section 7 `nav-list-view-allergy`). */
export async function fetchAllergiesPage(api: ApiClient, patientId: string, request: PageRequest): Promise<PageResult<AllergyRow>> {
  const doc = await api.request<{ data: { attributes: AllergyRow }[]; meta?: { total?: number } }>('GET', 'data/public/nav-list-view-allergy', {
    query: { ...pageQuery(request), patientUid: patientId },
    raw: true,
  });
  return { rows: doc.data.map((r) => r.attributes), total: doc.meta?.total ?? doc.data.length };
}

/** The allergy to edit, or null on `allergies/add`. */
export function useAllergy(allergyId: string | null): Loaded<Allergy | null> {
  const client = useWidgetApi();
  return useLoaded(async () => (allergyId ? (await client.get<Document<Resource<Allergy>>>(`${BASE}/${encodeURIComponent(allergyId)}`)).data.attributes : null), [client, allergyId]);
}

const attributesOf = (values: AllergyFormValues, needsMedication: boolean) => ({
  allergyUid: values.allergyUid,
  medicationUid: needsMedication ? values.medicationUid : null,
  comments: values.comments.trim() || null,
});

/** `POST .../patient-allergy` (one Idempotency-Key per submission) or `PUT .../patient-allergy/{id}`. */
export function useSaveAllergy(patientId: string, allergyId: string | null) {
  const client = useWidgetApi();
  return useCallback(
    (values: AllergyFormValues, needsMedication: boolean, key: string) => {
      const attributes = attributesOf(values, needsMedication);
      return allergyId
        ? client.put<Document<Resource<Allergy>>>(`${BASE}/${encodeURIComponent(allergyId)}`, { data: { type: 'patient-allergy', id: allergyId, attributes } })
        : client.post<Document<Resource<Allergy>>>(BASE, { data: { type: 'patient-allergy', attributes: { patientUid: patientId, ...attributes } } }, undefined, idempotencyHeader(key));
    },
    [client, patientId, allergyId],
  );
}

export function useDeleteAllergy() {
  const client = useWidgetApi();
  return useCallback((allergyId: string) => client.request<void>('DELETE', `${BASE}/${encodeURIComponent(allergyId)}`), [client]);
}
