/** Reference lists served at `/api/data/reference/<model>`; every one the spec names. */
export const REFERENCE_MODELS = [
  'reference-gender',
  'reference-gender-identity',
  'reference-race',
  'reference-ethnicity',
  'reference-referral-source',
  'reference-reason',
  'reference-status',
  'reference-provider-role',
  'reference-address-type',
  'reference-medical-event',
  'reference-shift',
  'reference-country-division',
  'reference-diagnosis',
  'reference-medication',
  'reference-allergy',
  'reference-medication-route',
] as const;
export type ReferenceModel = (typeof REFERENCE_MODELS)[number];
