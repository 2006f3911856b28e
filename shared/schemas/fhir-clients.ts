import { array, boolean, nullable, object, optional, refine, size, string, type Infer } from 'superstruct';
import { withFieldRules, type FieldRules } from './field-rules';
import { isAcceptableIssuer } from './issuers';
import { boundedText, MAX_LENGTH, requiredText, tooLong } from './strings';

/**
 * Issue 35 section 2: a system registered to call Careweave's FHIR API as a
 * SMART Backend Services client: its public keys (a JWKS, or the https
 * address it publishes one at), the scopes it may be granted, and the
 * divisions whose patients it may see.
 */

export const FHIR_CLIENT_LENGTH = { url: 500, scope: 100, jwks: 20_000 } as const;
export const MAX_FHIR_SCOPES = 40;
/** The admin form's scopes, space separated: as many scopes as a client may have, each as long as one may be. */
const SCOPES_TEXT_LENGTH = MAX_FHIR_SCOPES * (FHIR_CLIENT_LENGTH.scope + 1);

export const SYSTEM_SCOPE_RULE = 'Use system scopes such as system/Patient.rs or system/Task.cru';
export const JWKS_URL_RULE = 'Use the https:// address of the client’s JWKS (http:// only on this machine)';
export const JWKS_RULE = 'Give a JWKS: a JSON object whose "keys" hold at least one public RS384 or ES384 key';
export const ONE_KEY_SOURCE = 'Give either the JWKS or the address of one, not both';
export const TOO_MANY_SCOPES = `At most ${MAX_FHIR_SCOPES} scopes`;
export const CHOOSE_A_DIVISION = 'Choose at least one division';

/** `system/<Resource or *>.<cruds letters, or read / write / *>`: a Backend Services client acts for no user or patient. */
export const isSystemScope = (s: string) => /^system\/(\*|[A-Z][A-Za-z]{1,63})\.(\*|read|write|c?r?u?d?s?)$/.test(s) && !s.endsWith('.');

/** A public JWKS: keys of the two key types SMART Backend Services signs with, none of them private. */
export function isPublicJwks(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = (value as { keys?: unknown }).keys;
  if (!Array.isArray(keys) || !keys.length || keys.length > 20) return false;
  return keys.every((k) => k && typeof k === 'object' && ['RSA', 'EC'].includes((k as { kty?: string }).kty ?? '') && !('d' in k));
}

const jwksUrlRule = (v: string) => isAcceptableIssuer(v.trim()) || JWKS_URL_RULE;
function jwksRule(v: string): true | string {
  if (v.length > FHIR_CLIENT_LENGTH.jwks) return tooLong(FHIR_CLIENT_LENGTH.jwks);
  try {
    return isPublicJwks(JSON.parse(v)) || JWKS_RULE;
  } catch {
    return JWKS_RULE;
  }
}
const scopeRule = (s: string) => (s.length <= FHIR_CLIENT_LENGTH.scope && isSystemScope(s)) || SYSTEM_SCOPE_RULE;

/** The scopes as the admin form takes them: separated by spaces (or new lines), each once. */
export const splitScopes = (text: string): string[] => [...new Set(text.split(/\s+/).filter(Boolean))];

export const FHIR_CLIENT_FIELDS = {
  name: requiredText(MAX_LENGTH.name),
  jwksUrl: optional(refine(requiredText(FHIR_CLIENT_LENGTH.url), 'jwksUrl', jwksUrlRule)),
  jwks: optional(refine(string(), 'jwks', jwksRule)),
  scopes: size(array(refine(string(), 'scope', scopeRule)), 1, MAX_FHIR_SCOPES),
  divisionUids: refine(array(requiredText(MAX_LENGTH.code)), 'divisionUids', (v) => (v.length === 0 ? CHOOSE_A_DIVISION : v.length <= 50 || 'At most 50 divisions')),
};

const given = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/** One source of keys: the JWKS or its address, not both and not neither (a missing one is "Required" on the JWKS). */
const oneKeySource: FieldRules = (value) =>
  new Map(given(value.jwks) && given(value.jwksUrl) ? [['jwks', ONE_KEY_SOURCE]] : !given(value.jwks) && !given(value.jwksUrl) ? [['jwks', JWKS_RULE]] : []);

/** `npm run admin -- add-fhir-client` (and `createFhirClient`): one source of keys, at least one division. */
export const FhirClientSchema = withFieldRules(object({ ...FHIR_CLIENT_FIELDS }), oneKeySource);
export type FhirClientInput = Infer<typeof FhirClientSchema>;

/**
 * `POST` and `PUT /api/admin/fhir-clients`, and the admin page's dialog: the
 * same checks, as a form sends them: an empty key field is none, the scopes
 * are one text (space separated), and whether the client is active.
 */
export const FhirClientFormSchema = withFieldRules(
  object({
    name: FHIR_CLIENT_FIELDS.name,
    jwksUrl: optional(nullable(refine(boundedText(FHIR_CLIENT_LENGTH.url), 'jwksUrl', (v) => !given(v) || jwksUrlRule(v)))),
    jwks: optional(nullable(refine(string(), 'jwks', (v) => !given(v) || jwksRule(v)))),
    scopes: refine(requiredText(SCOPES_TEXT_LENGTH), 'scopes', (v) => {
      const scopes = splitScopes(v);
      return scopes.length > MAX_FHIR_SCOPES ? TOO_MANY_SCOPES : (scopes.map(scopeRule).find((r) => r !== true) ?? true);
    }),
    divisionUids: FHIR_CLIENT_FIELDS.divisionUids,
    /** Off: the client gets no token, and the ones it holds end at once. */
    isActive: boolean(),
  }),
  oneKeySource,
);
export type FhirClientFormInput = Infer<typeof FhirClientFormSchema>;

/** What the form's values register: the key source given, the scopes as a list. */
export const fhirClientInput = (form: FhirClientFormInput): FhirClientInput & { isActive: boolean } => ({
  name: form.name,
  ...(given(form.jwksUrl) ? { jwksUrl: form.jwksUrl!.trim() } : { jwks: form.jwks! }),
  scopes: splitScopes(form.scopes),
  divisionUids: form.divisionUids,
  isActive: form.isActive,
});

/** A client as `GET /api/admin/fhir-clients` answers it. */
export interface FhirClientView {
  clientId: string;
  displayName: string;
  /** Where the client publishes its public keys, or null when its JWKS is stored. */
  jwksUrl: string | null;
  /** The stored JWKS (public keys only, so shown and edited as text), or null when the client publishes one at `jwksUrl`. */
  jwks: string | null;
  scopes: string[];
  divisionUids: string[];
  /** The names of `divisionUids`, in the same order (by name). */
  divisionNames: string[];
  isActive: boolean;
}

/** `GET /api/admin/fhir-clients` `meta`: the addresses a registered system calls. */
export interface FhirClientHelp {
  tokenUrl: string;
  fhirBase: string;
}
