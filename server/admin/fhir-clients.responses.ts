import { Bool, Many, Nullable, Obj, One, Resource, Text, Type, Uuid } from '../api-docs/json-api';

/** A Backend Services client: its keys by address or as a stored JWKS (one of the two), its scopes and divisions. */
const FhirClient = Resource('fhir-clients', {
  client_id: Uuid(),
  display_name: Text(),
  jwks_url: Nullable(Text()),
  jwks: Nullable(Text('The stored JWKS as indented JSON text: public keys only')),
  scopes: Type.Array(Text()),
  division_uids: Type.Array(Uuid()),
  division_names: Type.Array(Text()),
  is_active: Bool(),
});

/** The clients, and the addresses a registered system calls. */
export const FhirClientList = Many(FhirClient, { meta: Obj({ token_url: Text(), fhir_base: Text() }) });
export const FhirClientDocument = One(FhirClient);
