import type { ApiClient, Document, Resource } from '../../shared/api/client';
import type { BreakGlassEventRow, BreakGlassInput, BreakGlassReview, BreakGlassWindow } from '../../shared/schemas/break-glass';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { idempotencyHeader } from '../kit/public-submit';
import { useLoaded } from '../kit/use-loaded';

/** Issue 38: opens the window (201, or 200 with the one already open). */
export const breakGlass = (api: ApiClient, input: BreakGlassInput, idempotencyKey: string) =>
  api
    .request<Document<Resource<BreakGlassWindow>>>('POST', 'break-glass', {
      body: { patient_uid: input.patientUid, reason: input.reason, reason_text: input.reason === 'other' ? input.reasonText?.trim() : null, password: input.password },
      headers: idempotencyHeader(idempotencyKey),
    })
    .then((d) => d.data.attributes);

/** The caller's open window on this record (null without one): the record page's banner. */
export function useGlassWindow(patientId: string, enabled: boolean) {
  const api = useWidgetApi();
  return useLoaded(
    async () => (enabled ? ((await api.get<Document<Resource<BreakGlassWindow> | null>>(`patients/${encodeURIComponent(patientId)}/break-glass`)).data?.attributes ?? null) : null),
    [api, patientId, enabled],
  );
}

export interface EmergencyAccessRead {
  auditUid: string;
  createdAt: string;
  call: string | null;
}

export function useEmergencyAccessEvents() {
  const api = useWidgetApi();
  return useLoaded(async () => (await api.get<Document<Resource<BreakGlassEventRow>[]>>('break-glass-events')).data.map((r) => r.attributes), [api]);
}

export function useEmergencyAccessEvent(eventId: string) {
  const api = useWidgetApi();
  return useLoaded(async () => {
    const doc = await api.get<Document<Resource<BreakGlassEventRow>> & { data: { relationships: { reads: EmergencyAccessRead[] } } }>(`break-glass-events/${encodeURIComponent(eventId)}`);
    return { event: doc.data.attributes, reads: doc.data.relationships.reads };
  }, [api, eventId]);
}

export const reviewEmergencyAccess = (api: ApiClient, eventId: string, review: BreakGlassReview) =>
  api.request('PUT', `break-glass-events/${encodeURIComponent(eventId)}/review`, { body: { status: review.status, comment: review.comment.trim() } });
