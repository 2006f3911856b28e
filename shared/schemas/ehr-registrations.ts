import { boolean, enums, object, optional, refine, type Infer } from 'superstruct';
import { withFieldRules } from './field-rules';
import { isAcceptableIssuer } from './issuers';
import { MAX_LENGTH, optionalText, requiredText } from './strings';

/**
 * Issue 34 section 1, the administrator's side: the EHRs that may open
 * Careweave by a SMART launch (issuer = the EHR's FHIR base URL, its client,
 * the identifier system of its MRNs, the division its patients belong to),
 * and the decisions on which EHR user is which Careweave user. The client
 * secret goes to the server and never comes back: the pages learn only
 * `hasClientSecret`.
 */

/** Longest value of each registration field. */
export const EHR_LENGTH = { url: 500, clientId: 255, clientSecret: 1000, mrnSystem: 500 } as const;

export const EHR_ISSUER_RULE = "Use the https:// address of the EHR's FHIR server (http:// only on this machine: localhost or 127.0.0.1)";
export const MRN_SYSTEM_RULE = 'Use the identifier system exactly as the EHR sends it: a URI such as urn:oid:2.16.840.1.113883.3.1234 or https://hospital.example/mrn';
export const SECRET_OR_REMOVE = 'Leave the client secret empty to remove the stored one';

/** A URI as FHIR's `Identifier.system` holds one: a scheme, a colon, no spaces. */
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/;

/**
 * The fields `npm run admin -- add-ehr` checks too (server/admin/cli.ts);
 * the issuer as typed: the server stores it without a trailing slash.
 */
export const EHR_FIELDS = {
  issuer: refine(requiredText(EHR_LENGTH.url), 'issuer', (v) => isAcceptableIssuer(v.trim()) || EHR_ISSUER_RULE),
  clientId: requiredText(EHR_LENGTH.clientId),
  /** Confidential clients only. Sent, never answered. On an edit, empty keeps the stored one. */
  clientSecret: optionalText(EHR_LENGTH.clientSecret),
  mrnSystem: refine(requiredText(EHR_LENGTH.mrnSystem), 'mrnSystem', (v) => URI.test(v.trim()) || MRN_SYSTEM_RULE),
};

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** `POST` and `PUT /api/admin/ehrs`. */
export const EhrRegistrationSchema = withFieldRules(
  object({
    displayName: requiredText(MAX_LENGTH.name),
    ...EHR_FIELDS,
    /** An edit only: forget the stored secret (the EHR made Careweave a public client). */
    removeClientSecret: optional(boolean()),
    divisionUid: requiredText(MAX_LENGTH.code),
    isActive: boolean(),
  }),
  (value) => new Map(value.removeClientSecret === true && !blank(value.clientSecret) ? [['clientSecret', SECRET_OR_REMOVE]] : []),
);
export type EhrRegistrationInput = Infer<typeof EhrRegistrationSchema>;

/** A registration as `GET /api/admin/ehrs` answers it: never its secret. */
export interface EhrRegistrationView {
  ehrUid: string;
  displayName: string;
  issuer: string;
  clientId: string;
  /** Whether a client secret is stored (a confidential client); the secret itself never leaves the server. */
  hasClientSecret: boolean;
  mrnSystem: string;
  divisionUid: string;
  divisionName: string;
  isActive: boolean;
}

/** `GET /api/admin/ehrs` `meta`: what a hospital registers for Careweave in its EHR. */
export interface EhrRegistrationHelp {
  launchUrl: string;
  redirectUrl: string;
  scopes: string;
}

export const LINK_STATUSES = ['pending', 'approved', 'refused'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** `PUT /api/admin/ehr-user-links/:id`: approve as a Careweave user, or refuse. */
export const EhrUserLinkDecisionSchema = withFieldRules(
  object({
    status: enums(['approved', 'refused'] as const),
    /** The Careweave user, for an approval; ignored on a refusal. */
    userUid: optionalText(MAX_LENGTH.code),
  }),
  (value) => new Map(value.status === 'approved' && blank(value.userUid) ? [['userUid', 'Required']] : []),
);
export type EhrUserLinkDecision = Infer<typeof EhrUserLinkDecisionSchema>;

/** An EHR user as `GET /api/admin/ehr-user-links` answers: who the EHR says they are, and what an administrator decided. */
export interface EhrUserLinkView {
  linkUid: string;
  ehrUid: string;
  ehrName: string;
  /** The EHR's division: an approved user must have access to it. */
  divisionUid: string;
  divisionName: string;
  /** fhirUser relative to the EHR's FHIR base, such as `Practitioner/nora`. */
  subject: string;
  /** The name the EHR gave (its Practitioner's), when it gave one. */
  displayName: string | null;
  status: LinkStatus;
  userUid: string | null;
  userDisplayName: string | null;
  firstSeenAt: string;
  decidedAt: string | null;
  decidedByName: string | null;
}

/** An active user of the organisation, for the approval's picker: with the divisions they have access to. */
export interface LinkableUser {
  userUid: string;
  displayName: string;
  userName: string;
  divisionUids: string[];
}

/** The user an approval names is not an active user of the organisation. */
export const LINK_USER_UNKNOWN = 'Choose an active user of your organisation';
/** The user an approval names cannot open the EHR's patients. */
export const linkUserLacksDivision = (division: string) =>
  `This user has no access to ${division}, where this EHR's patients belong: give them that division on their user page first, or choose another user`;
