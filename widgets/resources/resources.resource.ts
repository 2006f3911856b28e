import { useCallback } from 'react';
import type { ApiClient, Document, Resource } from '../../shared/api/client';
import type { ResourceTarget } from '../../shared/schemas/resources';
import { useWidgetApi } from '../../shared/widget/widget-context';
import type { PageRequest, PageResult } from '../kit/data-table';
import { openInNewTab } from '../kit/open-link';
import { idempotencyHeader } from '../kit/public-submit';
import { useLoaded, type Loaded } from '../kit/use-loaded';
import { pageQuery } from '../kit/view-page';

/** A library entry (spec 002 "Resource library"), in wire form (snake_case) so its column names go back as sort and filter keys. */
export type LibraryRow = Record<string, unknown> & {
  resource_uid: string;
  title: string;
  category: string;
  sort_order: number;
  resource_type: string;
  resource_link: string;
  resource_target: ResourceTarget;
  file_name: string | null;
  file_size: number | null;
};

/** Spec 001 section 3 "Patient resource": a library resource handed to the patient. */
export interface PatientResource {
  patientResourceUid: string;
  resourceUid: string;
  title: string;
  category: string;
  resourceType: string;
  resourceLink: string;
  fileName: string | null;
  fileSize: number | null;
  createdDate: string;
  addedByFirstName: string | null;
  addedByLastName: string | null;
}

export interface LibraryOption {
  resourceUid: string;
  title: string;
  category: string;
}

const LIBRARY = 'data/reference/reference-resource';

/** One page of the library for one audience (`resource_target`), for the library's table. */
export async function fetchLibraryPage(api: ApiClient, target: ResourceTarget, request: PageRequest): Promise<PageResult<LibraryRow>> {
  const doc = await api.request<{ data: { attributes: LibraryRow }[]; meta?: { total?: number } }>('GET', LIBRARY, { query: { ...pageQuery(request), resourceTarget: target }, raw: true });
  return { rows: doc.data.map((r) => r.attributes), total: doc.meta?.total ?? doc.data.length };
}

/** What the add dialog offers: every patient resource of the library, by category and order. */
export function usePatientLibrary(): Loaded<LibraryOption[]> {
  const client = useWidgetApi();
  return useLoaded(async () => (await client.get<Document<Resource<LibraryOption>[]>>(LIBRARY, { allData: 1, resourceTarget: 'patient' })).data.map((r) => r.attributes), [client]);
}

/** `GET /api/data/public/patient-resource?patient_uid=` (spec 001 section 7): all of the patient's resources. */
export function usePatientResources(patientId: string): Loaded<PatientResource[]> {
  const client = useWidgetApi();
  return useLoaded(
    async () => (await client.get<Document<Resource<PatientResource>[]>>('data/public/patient-resource', { patientUid: patientId, allData: 1 })).data.map((r) => r.attributes),
    [client, patientId],
  );
}

/** `POST /api/patient-resources`; one Idempotency-Key per submission, so a retried add stores one row. */
export function useAddPatientResource(patientId: string) {
  const client = useWidgetApi();
  return useCallback(
    (resourceUid: string, key: string) =>
      client.post<Document<Resource<PatientResource>>>('patient-resources', { data: { type: 'patient-resources', attributes: { patientUid: patientId, resourceUid } } }, undefined, idempotencyHeader(key)),
    [client, patientId],
  );
}

/** `DELETE /api/patient-resources/{id}`. */
export function useRemovePatientResource() {
  const client = useWidgetApi();
  return useCallback((patientResourceUid: string) => client.delete<void>(`patient-resources/${encodeURIComponent(patientResourceUid)}`), [client]);
}

/** A File resource (its link is the stored file's key): `GET /api/get-s3-link?link=` within the click, the signed link opened in a new tab. */
export function useOpenResourceFile() {
  const client = useWidgetApi();
  return useCallback((key: string) => openInNewTab(async () => (await client.get<{ data: { link: string } }>('get-s3-link', { link: key })).data.link), [client]);
}
