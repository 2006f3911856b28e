import { text } from './dom';
import { mountElement, shadow } from './element';

/**
 * What `<care-admin page="organization">` reads, for the stubbed tests of its
 * cards (fakeFetch): the organisation, two divisions, and every card empty.
 * A test answers its own card first and falls back on this, so what it finds
 * (or an error it sees) is its own card's; anything else is a 404.
 */

export const EHR_HELP = { launch_url: 'http://care.test/smart/launch', redirect_url: 'http://care.test/smart/callback', scopes: 'launch openid fhirUser patient/Patient.rs' };
export const FHIR_CLIENT_HELP = { token_url: 'http://care.test/oauth/token', fhir_base: 'http://care.test/fhir' };
export const FHIR_DESTINATION_HELP = { jwks_url: 'http://care.test/.well-known/jwks.json', scopes: 'system/Task.crs system/ServiceRequest.cu' };
export const SMART_APP_HELP = { fhir_base: 'http://care.test/fhir', authorize_url: 'http://care.test/oauth/authorize', token_url: 'http://care.test/oauth/token' };

const READS: Record<string, unknown> = {
  '/admin/organization': { data: { type: 'organizations', id: 'o-1', attributes: { org_uid: 'o-1', org_name: 'County Care', market_name: null, support_phone: null } } },
  '/admin/divisions': {
    data: [
      { type: 'divisions', id: 'd-1', attributes: { division_uid: 'd-1', division_name: 'Franklin County Care' } },
      { type: 'divisions', id: 'd-2', attributes: { division_uid: 'd-2', division_name: 'Summit County Care' } },
    ],
  },
  '/admin/identity-providers': { data: [], meta: { password_login: true, fallback_administrators: [], active_providers: 0, redirect_uri: 'http://care.test/api/auth/sso/callback' } },
  '/admin/ehrs': { data: [], meta: EHR_HELP },
  '/admin/ehr-user-links': { data: [], meta: { users: [] } },
  '/admin/fhir-clients': { data: [], meta: FHIR_CLIENT_HELP },
  '/admin/fhir-destinations': { data: [], meta: FHIR_DESTINATION_HELP },
  '/admin/smart-apps': { data: [], meta: SMART_APP_HELP },
};

export function organizationPageRead(url: URL): { status?: number; body: unknown } {
  const path = Object.keys(READS).find((p) => url.pathname.endsWith(p));
  return path ? { body: READS[path] } : { status: 404, body: { errors: [{ message: 'Not found' }] } };
}

/** A card of the organisation page, by its title. */
export const cardTitled = (el: HTMLElement, title: string) => [...shadow(el).querySelectorAll<HTMLElement>('.section-page')].find((s) => text(s.querySelector('h2')) === title);

/** A card's Add/Edit dialog (another card's, such as the password sign-in switch's, is not it). */
export const cardDialog = (el: HTMLElement, title: string) => cardTitled(el, title)?.querySelector<HTMLElement & { open: boolean; label: string }>('sl-dialog') ?? null;

/** A card's dialog's Save button. */
export const cardDialogSave = (el: HTMLElement, title: string) => [...(cardDialog(el, title)?.querySelectorAll<HTMLElement>('sl-button') ?? [])].find((b) => text(b) === 'Save');

/** The requests of a method sent to a path (fakeFetch's calls). */
export const sentTo = (calls: { url: URL; init?: RequestInit }[], method: string, path: string) => calls.filter((c) => c.init?.method === method && c.url.pathname.endsWith(path));

/** `<care-admin page="organization">`, mounted against the stubbed API. */
export const mountOrganizationPage = () => mountElement('care-admin', { 'api-base': 'http://api.test/api', token: 't0k', page: 'organization' });
