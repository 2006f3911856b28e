import { array, object, optional, refine, size, string, type Infer } from 'superstruct';
import { withFieldRules } from './field-rules';
import { isAcceptableIssuer } from './issuers';
import { MAX_LENGTH, requiredText } from './strings';

/**
 * Issue 35 section 2: a system registered to call Careweave's FHIR API as a
 * SMART Backend Services client: its public keys (a JWKS, or the https
 * address it publishes one at), the scopes it may be granted, and the
 * divisions whose patients it may see.
 */

export const FHIR_CLIENT_LENGTH = { url: 500, scope: 100, jwks: 20_000 } as const;
export const MAX_FHIR_SCOPES = 40;

export const SYSTEM_SCOPE_RULE = 'Use system scopes such as system/Patient.rs or system/Task.cru';
export const JWKS_URL_RULE = 'Use the https:// address of the client’s JWKS (http:// only on this machine)';
export const JWKS_RULE = 'Give a JWKS: a JSON object whose "keys" hold at least one public RS384 or ES384 key';
export const ONE_KEY_SOURCE = 'Give either the JWKS or the address of one, not both';

/** `system/<Resource or *>.<cruds letters, or read / write / *>`: a Backend Services client acts for no user or patient. */
export const isSystemScope = (s: string) => /^system\/(\*|[A-Z][A-Za-z]{1,63})\.(\*|read|write|c?r?u?d?s?)$/.test(s) && !s.endsWith('.');

/** A public JWKS: keys of the two key types SMART Backend Services signs with, none of them private. */
export function isPublicJwks(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = (value as { keys?: unknown }).keys;
  if (!Array.isArray(keys) || !keys.length || keys.length > 20) return false;
  return keys.every((k) => k && typeof k === 'object' && ['RSA', 'EC'].includes((k as { kty?: string }).kty ?? '') && !('d' in k));
}

export const FHIR_CLIENT_FIELDS = {
  name: requiredText(MAX_LENGTH.name),
  jwksUrl: optional(refine(requiredText(FHIR_CLIENT_LENGTH.url), 'jwksUrl', (v) => isAcceptableIssuer(v.trim()) || JWKS_URL_RULE)),
  jwks: optional(refine(string(), 'jwks', (v) => {
    if (v.length > FHIR_CLIENT_LENGTH.jwks) return `Must be at most ${FHIR_CLIENT_LENGTH.jwks} characters`;
    try {
      return isPublicJwks(JSON.parse(v)) || JWKS_RULE;
    } catch {
      return JWKS_RULE;
    }
  })),
  scopes: size(array(refine(string(), 'scope', (s) => (s.length <= FHIR_CLIENT_LENGTH.scope && isSystemScope(s)) || SYSTEM_SCOPE_RULE)), 1, MAX_FHIR_SCOPES),
};

/** `npm run admin -- add-fhir-client` (and the admin page): one source of keys, at least one division. */
export const FhirClientSchema = withFieldRules(
  object({ ...FHIR_CLIENT_FIELDS, divisionUids: size(array(requiredText(MAX_LENGTH.code)), 1, 50) }),
  (value) => new Map(value.jwks && value.jwksUrl ? [['jwks', ONE_KEY_SOURCE]] : !value.jwks && !value.jwksUrl ? [['jwks', JWKS_RULE]] : []),
);
export type FhirClientInput = Infer<typeof FhirClientSchema>;
