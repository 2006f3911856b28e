import { boolean, object, refine, type Infer } from 'superstruct';
import { isAcceptableIssuer } from './issuers';
import { MAX_LENGTH, requiredText } from './strings';

/**
 * Issue 35 section 3, outbound: a facility whose FHIR server takes
 * Careweave's referrals (Careweave as the Gravity referral source): its FHIR
 * base, the client id that server gave Careweave, and the Organization that
 * owns the Tasks sent there. Checked the same way by the admin page, its
 * routes and `npm run admin -- add-fhir-destination`.
 */

export const FHIR_DESTINATION_LENGTH = { url: 500, clientId: 200 } as const;

export const FHIR_BASE_RULE = "Use the https:// address of the facility's FHIR server (http:// only on this machine: localhost or 127.0.0.1), with no query";
export const OWNER_RULE = 'Must be Organization/<id>, the Organization that owns the Tasks there';
export const DESTINATION_TAKEN = 'This facility already has a FHIR destination: edit that one';
export const DESTINATION_TAKEN_ELSEWHERE = "Another organisation sends this facility's referrals by FHIR";

/** What the receiving server grants Careweave as its Backend Services client: make Tasks and ServiceRequests, read its Tasks back, correct a request it sent. */
export const FHIR_DESTINATION_SCOPES = 'system/Task.crs system/ServiceRequest.cu';

/** A FHIR base as an issuer is judged (https, http on this machine), with no query: Careweave appends `/Task` and its own query. */
const isFhirBase = (v: string) => isAcceptableIssuer(v) && !v.includes('?');

/** The FHIR base as stored and called: trimmed, no trailing slash. */
export const normaliseFhirBase = (v: string) => v.trim().replace(/\/+$/, '');

/** The fields the command checks too (server/admin/add-fhir-destination.ts), as typed. */
export const FHIR_DESTINATION_FIELDS = {
  fhirBase: refine(requiredText(FHIR_DESTINATION_LENGTH.url), 'fhirBase', (v) => isFhirBase(v.trim()) || FHIR_BASE_RULE),
  clientId: requiredText(FHIR_DESTINATION_LENGTH.clientId),
  /** A FHIR id is at most 64 letters, digits, '-' and '.'. */
  ownerReference: refine(requiredText(MAX_LENGTH.code), 'ownerReference', (v) => /^Organization\/[A-Za-z0-9\-.]{1,64}$/.test(v.trim()) || OWNER_RULE),
};

/** `POST` and `PUT /api/admin/fhir-destinations`, and the admin page's dialog. */
export const FhirDestinationFormSchema = object({
  /** One of the organisation's facilities or a shared one (checked on the server). */
  facilityUid: requiredText(MAX_LENGTH.code),
  ...FHIR_DESTINATION_FIELDS,
  /** Off: referrals to the facility are no longer sent by FHIR (nor its Tasks read back). */
  isActive: boolean(),
});
export type FhirDestinationInput = Infer<typeof FhirDestinationFormSchema>;

/** A destination as `GET /api/admin/fhir-destinations` answers it. */
export interface FhirDestinationView {
  destinationUid: string;
  facilityUid: string;
  facilityName: string;
  fhirBase: string;
  clientId: string;
  ownerReference: string;
  isActive: boolean;
}

/** `GET /api/admin/fhir-destinations` `meta`: what the receiving server registers for Careweave. */
export interface FhirDestinationHelp {
  jwksUrl: string;
  scopes: string;
}
