import { useCallback } from 'react';
import type { Document, Resource } from '../../shared/api/client';
import { NAVIGATOR_LIST_LIMIT } from '../../shared/constants';
import { DIAGNOSIS_EVENT_TYPE, DIAGNOSIS_REGION_SOURCE, type DiagnosisFormValues } from '../../shared/schemas/diagnoses';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { idempotencyHeader } from '../kit/public-submit';
import { useLoaded, type Loaded } from '../kit/use-loaded';

/** Spec 001 section 3 "Diagnosis". */
export interface Diagnosis {
  id: string;
  patientUid: string;
  diagnosis: { diagnosisUid: string; diagnosisLabel: string; diagnosisCode: string };
  region: { id: string; regionLabel: string } | null;
  onsetDate: string | null;
  status: { statusUid: string; statusLabel: string };
  provider: { id: string; displayName: string };
  isPrimaryDiagnosis: boolean;
  note: string | null;
}

export interface Choice {
  uid: string;
  label: string;
}

export interface ProviderChoice {
  providerUid: string;
  displayName: string;
  providerRoleLabel: string | null;
}

/** `GET patients/{id}/diagnoses`: primary diagnoses first (the server's order). */
export function useDiagnoses(patientId: string): Loaded<Diagnosis[]> {
  const client = useWidgetApi();
  return useLoaded(async () => (await client.get<Document<Resource<Diagnosis>[]>>(`patients/${encodeURIComponent(patientId)}/diagnoses`)).data.map((r) => r.attributes), [client, patientId]);
}

/** `GET diagnoses/{id}`, or null for a new one. */
export function useDiagnosis(diagnosisId: string | null): Loaded<Diagnosis | null> {
  const client = useWidgetApi();
  return useLoaded(
    async () => (diagnosisId ? (await client.get<Document<Resource<Diagnosis>>>(`diagnoses/${encodeURIComponent(diagnosisId)}`)).data.attributes : null),
    [client, diagnosisId],
  );
}

export interface DiagnosisLists {
  diagnoses: Choice[];
  statuses: Choice[];
  providers: ProviderChoice[];
}

/**
 * The form's lists (spec 001 section 7): the Diagnosis reference event
 * (`reference-event?event-type-name=Diagnosis`), then its diagnoses and
 * statuses (`reference/events/{eventId}/diagnosis|status`), and the providers.
 */
export function useDiagnosisLists(): Loaded<DiagnosisLists> {
  const client = useWidgetApi();
  return useLoaded(async () => {
    const events = await client.get<Document<Resource<Choice>[]>>(`reference-event?event-type-name=${DIAGNOSIS_EVENT_TYPE}`);
    const event = events.data[0];
    if (!event) throw new Error('The Diagnosis reference event is missing.');
    const path = (list: string) => `reference/events/${encodeURIComponent(event.id)}/${list}`;
    const [diagnoses, statuses, providers] = await Promise.all([
      client.get<Document<Resource<Choice>[]>>(path('diagnosis')),
      client.get<Document<Resource<Choice>[]>>(path('status')),
      client.get<Document<Resource<ProviderChoice>[]>>('providers/mv', { limit: NAVIGATOR_LIST_LIMIT }),
    ]);
    return { diagnoses: diagnoses.data.map((r) => r.attributes), statuses: statuses.data.map((r) => r.attributes), providers: providers.data.map((r) => r.attributes) };
  }, [client]);
}

/** The regions of one diagnosis, with the diagnosis they were read for (a change of diagnosis reads them again). */
export interface Regions {
  diagnosisUid: string;
  list: Choice[];
}

/** `GET reference-data/region?source=reference-diagnosis&source_uid=`: the regions the chosen diagnosis takes (none chosen: none). */
export function useRegions(diagnosisUid: string): Loaded<Regions> {
  const client = useWidgetApi();
  return useLoaded(
    async () => ({
      diagnosisUid,
      list: diagnosisUid ? (await client.get<Document<Resource<Choice>[]>>('reference-data/region', { source: DIAGNOSIS_REGION_SOURCE, sourceUid: diagnosisUid })).data.map((r) => r.attributes) : [],
    }),
    [client, diagnosisUid],
  );
}

/** Spec 001 section 7's payload: `ref_diagnoses_ids` as a list of one, the patient and provider as links. */
const payloadOf = (patientId: string, values: DiagnosisFormValues, id?: string) => ({
  data: {
    type: 'diagnoses',
    ...(id && { id }),
    attributes: {
      refDiagnosesIds: values.diagnosisUid ? [values.diagnosisUid] : [],
      statusUid: values.statusUid,
      onsetDate: values.onsetDate || null,
      regionUid: values.regionUid || null,
      isPrimaryDiagnosis: values.isPrimaryDiagnosis,
      note: values.note.trim() || null,
    },
    relationships: {
      patient: { data: { type: 'patients', id: patientId } },
      provider: { data: { type: 'providers', id: values.providerUid } },
    },
  },
});

/** `POST diagnoses` (one Idempotency-Key per submission) or `PUT diagnoses/{id}`. */
export function useSaveDiagnosis(patientId: string, diagnosisId: string | null) {
  const client = useWidgetApi();
  return useCallback(
    (values: DiagnosisFormValues, key: string) =>
      diagnosisId
        ? client.put<Document<Resource<Diagnosis>>>(`diagnoses/${encodeURIComponent(diagnosisId)}`, payloadOf(patientId, values, diagnosisId))
        : client.post<Document<Resource<Diagnosis>>>('diagnoses', payloadOf(patientId, values), undefined, idempotencyHeader(key)),
    [client, patientId, diagnosisId],
  );
}
