/** Where the FHIR API and its token endpoint live, under PUBLIC_URL (the address clients reach; boot sets one). */
export const TOKEN_PATH = '/oauth/token';
export const FHIR_PATH = '/fhir';
/** Careweave's authorization server for user-facing SMART apps (server/smart-apps): `/oauth/authorize`, `/oauth/jwks` ...; its token endpoint is TOKEN_PATH. */
export const OAUTH_PATH = '/oauth';
/** Where a SMART app sends its user to sign in (the standalone launch). */
export const AUTHORIZE_PATH = `${OAUTH_PATH}/authorize`;
