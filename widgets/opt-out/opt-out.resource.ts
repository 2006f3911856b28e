import type { Document, Resource } from '../../shared/api/client';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { useLinkBrand, type PublicFormBrand } from '../kit/public-form-frame';
import { idempotencyHeader } from '../kit/public-submit';

/** `GET /api/public/engagements/opt-out/{token}`: the division of the link, for the page's header. */
export function useOptOutBrand(token: string) {
  const api = useWidgetApi();
  return useLinkBrand(token, (t) => api.get<Document<Resource<{ brand: PublicFormBrand }>>>(`public/engagements/opt-out/${encodeURIComponent(t)}`).then((d) => d.data.attributes.brand));
}

/** `POST /api/public/engagements/opt-out/{token}` (spec 002 section 7), once per idempotency key. */
export function useOptOutCall() {
  const api = useWidgetApi();
  return (token: string, key: string) =>
    api.post<Document<Resource<{ engagement: string; optedOutAt: string }>>>(`public/engagements/opt-out/${encodeURIComponent(token)}`, undefined, undefined, idempotencyHeader(key));
}
