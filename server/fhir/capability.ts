import type { CapabilityStatement } from '@medplum/fhirtypes';
import type { FhirResourceType } from './resource-type';
import { APP_OIDC_SCOPES } from '../../shared/schemas/smart-apps';
import { SIGNING_ALGORITHMS } from './token.routes';

/** The OAuth addresses a client needs: the Backend Services token endpoint is also App Launch's. */
export interface OAuthUrls {
  issuer: string;
  authorize: string;
  token: string;
  revoke: string;
  jwks: string;
}

/** What a referral source needs besides reading: to create the Task and its request (then cancel the Task or correct the request), and to subscribe to its Tasks' changes. */
const REFERRAL_SCOPES = ['system/Task.cu', 'system/ServiceRequest.cu', 'system/Subscription.cd'];

/** The definition of a search parameter in the R4 base specification. */
const definitionOf = (type: string, name: string) =>
  `http://hl7.org/fhir/SearchParameter/${name.startsWith('_') ? `Resource-${name.slice(1)}` : `${type}-${name}`}`;

/**
 * `GET /fhir/metadata`: exactly what this server does, from the same table
 * the routes are made from, and how to get a token (SMART on FHIR security
 * with the token endpoint).
 */
export function capabilityStatement(fhirBase: string, oauth: OAuthUrls, software: { version: string; date: string }, types: readonly FhirResourceType[]): CapabilityStatement {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: software.date,
    publisher: 'Careweave',
    kind: 'instance',
    software: { name: 'Careweave', version: software.version },
    implementation: { description: 'Careweave FHIR R4 API', url: fhirBase },
    fhirVersion: '4.0.1',
    format: ['json'],
    rest: [
      {
        mode: 'server',
        security: {
          cors: false,
          service: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR' }] }],
          extension: [{ url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris', extension: [
                { url: 'token', valueUri: oauth.token },
                { url: 'authorize', valueUri: oauth.authorize },
                { url: 'revoke', valueUri: oauth.revoke },
              ],
            },
          ],
        },
        // A Gravity referral (issue 35 section 3) comes as a transaction Bundle.
        interaction: [{ code: 'transaction', documentation: 'A referral: a Bundle of a Task (intent order, status requested, owner a division Organization), its ServiceRequest, the Patient and any Condition or Consent they refer to' }],
        resource: types.map((t) => ({
          type: t.type,
          ...(t.profiles && { supportedProfile: [...t.profiles] }),
          interaction: [{ code: 'read' as const }, { code: 'search-type' as const }, ...(t.writes ?? []).map((code) => ({ code }))],
          ...(t.includes && { searchInclude: Object.keys(t.includes) }),
          searchParam: Object.entries(t.search).map(([name, type]) => ({ name, type, definition: definitionOf(t.type, name) })),
        })),
      },
    ],
  };
}

/**
 * `GET /fhir/.well-known/smart-configuration` (SMART App Launch 2.0 section
 * 2.8): Backend Services with asymmetric client keys, and the standalone
 * launch of user-facing apps (public clients with PKCE, patient and user
 * scopes, the patient chosen on Careweave's consent page).
 */
export const smartConfiguration = (oauth: OAuthUrls, types: readonly FhirResourceType[]) => ({
  issuer: oauth.issuer,
  jwks_uri: oauth.jwks,
  authorization_endpoint: oauth.authorize,
  token_endpoint: oauth.token,
  revocation_endpoint: oauth.revoke,
  token_endpoint_auth_methods_supported: ['private_key_jwt', 'none'],
  token_endpoint_auth_signing_alg_values_supported: SIGNING_ALGORITHMS,
  grant_types_supported: ['client_credentials', 'authorization_code', 'refresh_token'],
  response_types_supported: ['code'],
  code_challenge_methods_supported: ['S256'],
  scopes_supported: [...types.map((t) => `system/${t.type}.rs`), ...REFERRAL_SCOPES, ...APP_OIDC_SCOPES, 'patient/*.rs', 'user/*.rs'],
  capabilities: [
    'client-confidential-asymmetric',
    'permission-v2',
    'permission-v1',
    'launch-standalone',
    'client-public',
    'context-standalone-patient',
    'permission-patient',
    'permission-user',
    'permission-offline',
    'sso-openid-connect',
  ],
});
