import type { Document, Resource } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import type { SupportRequestValues } from '../../shared/schemas/support';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { idempotencyHeader } from '../kit/public-submit';
import { useLoaded, type Loaded } from '../kit/use-loaded';

/** Server fields arrive as `data.userEmail`; the form's fields have no `data.` prefix. */
export function toFormErrors(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError(error.status, error.errors.map((e) => ({ ...e, field: e.field?.replace(/^data\./, '') })));
}

/** `POST /api/support-request/submit` (spec 002 section 7), once per idempotency key. */
export type SupportAnswer = Document<Resource<SupportRequestValues & { createdAt: string }>>;

export function useSubmitSupportRequest() {
  const api = useWidgetApi();
  return (values: SupportRequestValues, key: string) =>
    api.post<SupportAnswer>('support-request/submit', { data: values }, undefined, idempotencyHeader(key));
}

/**
 * `GET /api/support/contact` (issue 33): the organisation's urgent line, as
 * digits, or null when it has none. Read only when `wanted` (no
 * `support-phone` attribute); a failed read counts as none.
 */
export function useSupportContact(wanted: boolean): Loaded<string | null> {
  const api = useWidgetApi();
  return useLoaded(async () => {
    if (!wanted) return null;
    try {
      return (await api.get<Document<Resource<{ supportPhone: string | null }>>>('support/contact')).data.attributes.supportPhone;
    } catch {
      return null;
    }
  }, [api, wanted]);
}
