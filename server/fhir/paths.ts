/** Where the FHIR API and its token endpoint live, under PUBLIC_URL (the address clients reach; boot sets one). */
export const TOKEN_PATH = '/oauth/token';
export const FHIR_PATH = '/fhir';
