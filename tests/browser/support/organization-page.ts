/**
 * What `<care-admin page="organization">` reads, for the stubbed tests of its
 * cards (fakeFetch): the organisation, two divisions, and every card empty.
 * A test answers its own card first and falls back on this, so what it finds
 * (or an error it sees) is its own card's; anything else is a 404.
 */

export const EHR_HELP = { launch_url: 'http://care.test/smart/launch', redirect_url: 'http://care.test/smart/callback', scopes: 'launch openid fhirUser patient/Patient.rs' };
export const FHIR_CLIENT_HELP = { token_url: 'http://care.test/oauth/token', fhir_base: 'http://care.test/fhir' };

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
};

export function organizationPageRead(url: URL): { status?: number; body: unknown } {
  const path = Object.keys(READS).find((p) => url.pathname.endsWith(p));
  return path ? { body: READS[path] } : { status: 404, body: { errors: [{ message: 'Not found' }] } };
}
