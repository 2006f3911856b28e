import type { Document, Resource } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import type { B2wAssessmentValues, B2wRegistrationValues, B2wStoredRegistration } from '../../shared/schemas/b2w';
import { useWidgetApi } from '../../shared/widget/widget-context';
import type { PublicFormBrand } from '../kit/public-form-frame';
import { publicI18n } from '../kit/public-i18n';
import { idempotencyHeader } from '../kit/public-submit';

export type B2wOutcome = 'report' | 'do-not-report';

/** What Back to Work keeps in localStorage (spec 002 "Back to Work flow"). */
export const B2W_STORAGE = {
  registration: 'careweave.b2w.registration',
  code: 'careweave.b2w.code',
  result: 'careweave.b2w.result',
} as const;

export interface StoredResult {
  outcome: B2wOutcome;
  values: B2wAssessmentValues;
}

function read<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

export const loadB2w = () => ({
  registration: read<B2wStoredRegistration>(B2W_STORAGE.registration),
  code: read<string>(B2W_STORAGE.code),
  result: read<StoredResult>(B2W_STORAGE.result),
});
export const saveB2w = (key: keyof typeof B2W_STORAGE, value: unknown) => localStorage.setItem(B2W_STORAGE[key], JSON.stringify(value));
export const clearB2w = () => Object.values(B2W_STORAGE).forEach((k) => localStorage.removeItem(k));

/** Server fields of the status call arrive as `data.assessmentDate`; the form has no `data.` prefix. */
export function toFormErrors(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError(error.status, error.errors.map((e) => ({ ...e, field: e.field?.replace(/^data\./, '') })));
}

export type B2wStatusAnswer = Document<Resource<B2wAssessmentValues & { outcome: B2wOutcome }>>;

/** `POST b2w/init`, `b2w/validate`, `b2w/status` (spec 002 section 7). */
export function useB2wCalls() {
  const api = useWidgetApi();
  return {
    /** `GET b2w/vendor`: the employer a vendor code names, for the form's header. */
    vendorBrand: (vendorCode: string) => api.get<Document<Resource<{ brand: PublicFormBrand }>>>('b2w/vendor', { vendor_code: vendorCode }).then((d) => d.data.attributes.brand),
    init: (values: B2wRegistrationValues, key: string) =>
      // The code's text or e-mail is in the employee's language (server/public-language.ts).
      api.post<Document<Resource<{ registrationUid: string; commMethod: string }>>>('b2w/init', values, undefined, { ...idempotencyHeader(key), 'accept-language': publicI18n.resolvedLanguage ?? 'en' }),
    validate: (registration: B2wStoredRegistration, code: string) => api.post<Document<Resource<{ confirmed: boolean }>>>('b2w/validate', { ...registration, code }),
    status: (registration: B2wStoredRegistration, code: string, values: B2wAssessmentValues, key: string) =>
      api.post<B2wStatusAnswer>('b2w/status', { data: values, ...registration, code }, undefined, idempotencyHeader(key)),
  };
}
