import type { Document, Resource } from '../../shared/api/client';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { idempotencyHeader } from '../kit/public-submit';

/** `POST /api/public/engagements/opt-out/{token}` (spec 002 section 7), once per idempotency key. */
export function useOptOutCall() {
  const api = useWidgetApi();
  return (token: string, key: string) =>
    api.post<Document<Resource<{ engagement: string; optedOutAt: string }>>>(`public/engagements/opt-out/${encodeURIComponent(token)}`, undefined, undefined, idempotencyHeader(key));
}
