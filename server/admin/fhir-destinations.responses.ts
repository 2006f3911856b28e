import { Bool, Many, Obj, One, Resource, Text, Uuid } from '../api-docs/json-api';

/** A facility whose FHIR server takes the organisation's referrals. */
const FhirDestination = Resource('fhir-destinations', {
  destination_uid: Uuid(),
  facility_uid: Uuid(),
  facility_name: Text(),
  fhir_base: Text(),
  client_id: Text(),
  owner_reference: Text(),
  is_active: Bool(),
});

/** The destinations, and Careweave's JWKS URL and the scopes the receiving server grants it. */
export const FhirDestinationList = Many(FhirDestination, { meta: Obj({ jwks_url: Text(), scopes: Text() }) });
export const FhirDestinationDocument = One(FhirDestination);
