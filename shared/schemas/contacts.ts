import { boolean, define, literal, object, optional, type Infer } from 'superstruct';
import { isUuid } from '../uuid';
import { uuid } from './reminders';
import { boundedText, email, MAX_LENGTH, optionalText, requiredText } from './strings';

/** A US ZIP code with an optional +4 is the longest post code the forms take. */
export const POST_CODE_MAX = 10;

/** A choice from a reference list; '' (a select's "none") and null both mean none. */
export const optionalUid = () =>
  optional(define<string | null>('optionalUid', (v) => v === null || v === '' || isUuid(v) || 'Must be an id'));

/**
 * One address as the record's forms edit it (spec 001 "Address"), with the
 * wire's attribute names: the first line is what makes it an address.
 */
export const AddressFieldsSchema = object({
  addressTypeUid: optionalUid(),
  addr1: requiredText(MAX_LENGTH.address),
  addr2: optionalText(MAX_LENGTH.address),
  city: optionalText(MAX_LENGTH.address),
  /** The state (reference country division). */
  countryDivisionUid: optionalUid(),
  postCode: optionalText(POST_CODE_MAX),
  county: optionalText(MAX_LENGTH.address),
  isPrimary: optional(boolean()),
});
export type AddressFields = Infer<typeof AddressFieldsSchema>;

/** One e-mail address (spec 001 "Email"): each must be valid (section 5). */
export const EmailAddressFieldsSchema = object({
  emailAddress: email(),
  isPrimary: optional(boolean()),
});
export type EmailAddressFields = Infer<typeof EmailAddressFieldsSchema>;

const patientLink = object({ patient: object({ data: object({ type: literal('patients'), id: uuid() }) }) });

/** `POST /api/addresses` and `PUT /api/addresses/{id}` (spec 001 section 7), linked to the patient. */
export const AddressPayloadSchema = object({
  data: object({ type: literal('addresses'), id: optional(boundedText(MAX_LENGTH.code)), attributes: AddressFieldsSchema, relationships: patientLink }),
});
export type AddressPayload = Infer<typeof AddressPayloadSchema>;

/** `POST /api/email-addresses` and `PUT /api/email-addresses/{id}`, linked to the patient. */
export const EmailAddressPayloadSchema = object({
  data: object({ type: literal('email-addresses'), id: optional(boundedText(MAX_LENGTH.code)), attributes: EmailAddressFieldsSchema, relationships: patientLink }),
});
export type EmailAddressPayload = Infer<typeof EmailAddressPayloadSchema>;

/** The JSON:API document for one address of a patient (what the widget sends). */
export const addressPayload = (patientUid: string, attributes: AddressFields) => ({
  data: { type: 'addresses' as const, attributes, relationships: { patient: { data: { type: 'patients' as const, id: patientUid } } } },
});

export const emailAddressPayload = (patientUid: string, attributes: EmailAddressFields) => ({
  data: { type: 'email-addresses' as const, attributes, relationships: { patient: { data: { type: 'patients' as const, id: patientUid } } } },
});
