import { array, boolean, enums, object, optional, refine, size, string, type Infer } from 'superstruct';
import { isAcceptableIssuer } from './issuers';
import { MAX_LENGTH, requiredText } from './strings';
import { splitScopes } from './fhir-clients';

/**
 * Issue 35 section 2: a user-facing SMART app (standalone launch) that
 * signs its users in through Careweave: where Careweave may send them back
 * to, and the `patient/` and `user/` scopes it may ask them for. Apps are
 * public clients: they prove themselves with PKCE, not a secret.
 */

/** The OpenID and SMART scopes an app may ask for beside its data scopes. */
export const APP_OIDC_SCOPES = ['openid', 'profile', 'email', 'offline_access', 'launch/patient'] as const;

export const SMART_APP_LENGTH = { url: 500, scope: 100 } as const;
export const MAX_REDIRECT_URIS = 5;
export const MAX_APP_SCOPES = 40;

export const APP_SCOPE_RULE = 'Use patient or user scopes that read, such as patient/*.rs or user/Condition.rs';
export const REDIRECT_URI_RULE = 'Use the https:// address the app receives its sign-in at (http:// only on this machine), with no #fragment';
export const TOO_MANY_REDIRECTS = `At most ${MAX_REDIRECT_URIS} addresses`;
export const TOO_MANY_APP_SCOPES = `At most ${MAX_APP_SCOPES} scopes`;

/** `patient/` or `user/` scopes that only read and search: `<Resource or *>.rs`, `.r`, `.s` or `.read`. */
export const isAppScope = (s: string) => s.length <= SMART_APP_LENGTH.scope && /^(patient|user)\/(\*|[A-Z][A-Za-z]{1,63})\.(read|rs|r|s)$/.test(s);
export const isRedirectUri = (s: string) => s.length <= SMART_APP_LENGTH.url && isAcceptableIssuer(s) && !s.includes('#');

const listRule = (rule: (s: string) => boolean, message: string, max: number, tooMany: string) => (text: string) => {
  const items = splitScopes(text);
  if (!items.length) return 'Required';
  return items.length > max ? tooMany : items.every(rule) || message;
};

/** `POST` and `PUT /api/admin/smart-apps`, the admin page's dialog and `npm run admin -- add-smart-app`: the addresses and scopes as text, separated by spaces or lines. */
export const SmartAppFormSchema = object({
  name: requiredText(MAX_LENGTH.name),
  redirectUris: refine(requiredText(MAX_REDIRECT_URIS * (SMART_APP_LENGTH.url + 1)), 'redirectUris', listRule(isRedirectUri, REDIRECT_URI_RULE, MAX_REDIRECT_URIS, TOO_MANY_REDIRECTS)),
  scopes: refine(requiredText(MAX_APP_SCOPES * (SMART_APP_LENGTH.scope + 1)), 'scopes', listRule(isAppScope, APP_SCOPE_RULE, MAX_APP_SCOPES, TOO_MANY_APP_SCOPES)),
  /** Off: no new authorization, and the tokens it holds stop working at once. */
  isActive: boolean(),
});
export type SmartAppFormInput = Infer<typeof SmartAppFormSchema>;

/** An app as `GET /api/admin/smart-apps` answers it. */
export interface SmartAppView {
  clientId: string;
  name: string;
  redirectUris: string[];
  scopes: string[];
  isActive: boolean;
}

/** `GET /api/admin/smart-apps` `meta`: what an app's developer configures. */
export interface SmartAppHelp {
  /** The FHIR base (the `iss`): the app finds the rest in its `.well-known/smart-configuration`. */
  fhirBase: string;
  authorizeUrl: string;
  tokenUrl: string;
}

// ---- The consent page (/authorize-app/:uid) ----

export const APP_DECISIONS = ['allow', 'deny'] as const;
export const CHOOSE_A_PATIENT = 'Choose the patient the app may read';
/** Restricted and adoption cases are invisible to every FHIR client (issue 35), an app a user launched too. */
export const NOT_FOR_APPS = 'A restricted or adoption case cannot be opened in an app';
/** The consent page's request is gone: answered, expired, or not for this user's organisation (one answer for all). */
export const AUTHORIZATION_ENDED = 'This sign-in request has ended or is not yours. Start again from the app.';

/** `POST /api/smart-apps/authorizations/:uid`: allow (with the patient, when the app asked for patient scopes) or deny. */
export const AppDecisionSchema = object({
  decision: enums(APP_DECISIONS),
  patientUid: optional(size(string(), 0, MAX_LENGTH.code)),
});
export type AppDecisionInput = Infer<typeof AppDecisionSchema>;

/** The consent page's form: the patient chosen (empty until one is; the server says when one is needed). */
export const AppConsentFormSchema = object({ patientUid: size(string(), 0, MAX_LENGTH.code) });

/** One scope as the consent page lists it. */
export interface AskedScope {
  scope: string;
  /** What it lets the app do, in words ("Read the chosen patient's diagnoses"). */
  text: string;
}

/** `GET /api/smart-apps/authorizations/:uid`: what the app asks of the signed-in user. */
export interface AppAuthorizationView {
  uid: string;
  appName: string;
  /** What the app would be granted: what it asked for, within its registration. */
  scopes: AskedScope[];
  /** Asked for but not granted (beyond its registration, or not something Careweave offers). */
  refused: string[];
  /** The app asked for patient scopes: the user chooses the one patient it may read. */
  needsPatient: boolean;
  divisionName: string;
}

/** The answer to a decision: where the browser goes next (back to the app, with its code or the refusal). */
export interface AppRedirect {
  redirectTo: string;
}
