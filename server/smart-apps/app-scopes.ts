import type { AskedScope } from '../../shared/schemas/smart-apps';
import { APP_OIDC_SCOPES, isAppScope } from '../../shared/schemas/smart-apps';
import { FHIR_RESOURCE_TYPES } from '../fhir/fhir.routes';
import { grantScopes, parseScope, scopeText } from '../fhir/scopes';


const SUFFIXES = ['rs', 'r', 's', 'read'];

let dataScopes: ReadonlySet<string> | undefined;

/** Every data scope an app may be granted: patient and user context, every type Careweave serves (or `*`), reading only. Made at first use: the FHIR routes import this module's neighbours. */
export function appDataScopes(): ReadonlySet<string> {
  dataScopes ??= new Set(
    ['patient', 'user'].flatMap((context) =>
      ['*', ...FHIR_RESOURCE_TYPES.map((t) => t.type).filter((t) => t !== 'Subscription')].flatMap((type) => SUFFIXES.map((s) => `${context}/${type}.${s}`)),
    ),
  );
  return dataScopes;
}

/**
 * Of the scopes an app asked for, the ones its registration covers whole
 * (granted as asked: a token's scope is a part of what was asked), and the
 * rest (refused). OpenID scopes are granted as asked.
 */
export function splitAsked(asked: readonly string[], allowed: readonly string[]): { granted: string[]; refused: string[] } {
  const granted: string[] = [];
  const refused: string[] = [];
  for (const scope of new Set(asked)) {
    if ((APP_OIDC_SCOPES as readonly string[]).includes(scope)) granted.push(scope);
    else if (isAppScope(scope) && appDataScopes().has(scope) && grantScopes([scope], allowed)[0] === scopeText(parseScope(scope)!)) granted.push(scope);
    else refused.push(scope);
  }
  return { granted, refused };
}

const TYPE_WORDS: Record<string, string> = {
  '*': 'all records',
  Patient: 'demographics',
  Condition: 'diagnoses',
  AllergyIntolerance: 'allergies',
  MedicationStatement: 'medications',
  Encounter: 'admissions',
  DocumentReference: 'documents',
  CareTeam: 'care team',
  RelatedPerson: 'care givers',
  ServiceRequest: 'referrals',
  Task: 'referral status',
  Practitioner: 'providers',
  Organization: 'organizations',
  Location: 'locations',
};

const OIDC_WORDS: Record<string, string> = {
  openid: 'Know who you are',
  profile: 'See your name',
  email: 'See your e-mail address',
  offline_access: 'Keep reading for up to 8 hours while you are away, unless an administrator ends it or your account is turned off',
  'launch/patient': 'Know which patient you chose',
};

/** What a scope lets the app do, in the consent page's words. */
export function describeScope(scope: string): AskedScope {
  const data = parseScope(scope);
  if (!data) return { scope, text: OIDC_WORDS[scope] ?? scope };
  const what = TYPE_WORDS[data.resource] ?? data.resource;
  const verb = data.interactions.has('r') && data.interactions.has('s') ? 'Read and search' : data.interactions.has('s') ? 'Search' : 'Read';
  return { scope, text: data.context === 'patient' ? `${verb} the chosen patient's ${what}` : `${verb} ${what} of every patient you can see` };
}

export const asksForPatient = (scopes: readonly string[]) => scopes.some((s) => s.startsWith('patient/'));
