import { array, boolean, define, literal, object, optional, size, type Infer, type Struct } from 'superstruct';
import { isUuid } from '../uuid';
import { uuid } from './reminders';
import { boundedText, email, MAX_LENGTH, NOT_LISTED, phoneDigits, requiredText } from './strings';

/** Spec 001 section 9: care giver relationships, in the spec's order. */
export const CARE_GIVER_RELATIONSHIPS = ['Spouse', 'Child', 'Relative', 'Caregiver', 'Legal Guardian', 'Partner', 'Parent', 'Sibling', 'Friend', 'Unknown', 'Other - Third-Party'] as const;
/** Spec 001 section 9: phone types (default N/A). */
export const PHONE_TYPES = ['N/A', 'Home', 'Mobile'] as const;
/** Spec 001 section 9: care giver roles. */
export const CARE_GIVER_ROLES = [
  'Transportation',
  'Pick up meds',
  'Meals',
  'Counseling services',
  'Case management',
  'Basic hygiene',
  'Monitor vitals',
  'Authorized Contact',
  'Interpreter',
  'Emergency Contact',
  'Next of Kin',
  'Other',
] as const;
export type CareGiverRole = (typeof CARE_GIVER_ROLES)[number];
/** Choosing Other shows the free-text roles; choosing Interpreter shows interpreter id and language. */
export const OTHER_ROLE: CareGiverRole = 'Other';
export const INTERPRETER_ROLE: CareGiverRole = 'Interpreter';
export const ALREADY_ON_TEAM = 'Is already on the care team';

/** One of a fixed list; '' is nothing chosen. */
const oneOf = <T extends string>(name: string, list: readonly T[], required: boolean) =>
  define<T | ''>(name, (v) => {
    if (v === '' || v === undefined || v === null) return !required || 'Required';
    return (list as readonly unknown[]).includes(v) || NOT_LISTED;
  });

/** The form a field sits in (superstruct's branch: the object, then the value). */
const siblings = (branch: unknown[]) => (branch[branch.length - 2] ?? {}) as Partial<CareGiverValues>;
const chosen = (form: Partial<CareGiverValues>, role: CareGiverRole) => Array.isArray(form.roles) && form.roles.includes(role);

/** What `struct` says of `v`: true, or its message. */
const verdict = (struct: Struct<string, unknown>, v: unknown) => {
  const [error] = struct.validate(v);
  return error ? error.message : true;
};

/** A phone number that is required when it is the preferred phone type. */
const phoneOfType = (name: string, type: (typeof PHONE_TYPES)[number]) =>
  define<string>(name, (v, context) => {
    if ((v === '' || v === undefined) && siblings(context.branch).preferredPhoneType === type) return 'Required';
    return verdict(phoneDigits(), v);
  });

/** Text that only matters with a role chosen, and then is required. */
const requiredWithRole = (name: string, role: CareGiverRole, max: number) =>
  define<string>(name, (v, context) => {
    if (typeof v !== 'string') return 'Required';
    if (v.trim() === '' && chosen(siblings(context.branch), role)) return 'Required';
    return verdict(boundedText(max), v);
  });

/**
 * Spec 001 sections 5 and 9 "Care giver", for the form and the server alike:
 * first name, last name and relationship required; e-mail valid when given;
 * phones as digits, the preferred type's number required; the free-text roles
 * required with Other and the interpreter's language with Interpreter.
 */
export const CareGiverSchema = object({
  firstName: requiredText(MAX_LENGTH.name),
  lastName: requiredText(MAX_LENGTH.name),
  relationship: oneOf('relationship', CARE_GIVER_RELATIONSHIPS, true),
  preferredPhoneType: oneOf('preferredPhoneType', PHONE_TYPES, false),
  homePhone: phoneOfType('homePhone', 'Home'),
  mobilePhone: phoneOfType('mobilePhone', 'Mobile'),
  email: define<string>('email', (v) => v === '' || verdict(email(), v)),
  isPrimary: boolean(),
  isCurrent: boolean(),
  roles: size(array(oneOf('role', CARE_GIVER_ROLES, true)), 0, CARE_GIVER_ROLES.length),
  otherRoles: requiredWithRole('otherRoles', OTHER_ROLE, MAX_LENGTH.address),
  interpreterId: boundedText(MAX_LENGTH.code),
  interpreterLanguage: requiredWithRole('interpreterLanguage', INTERPRETER_ROLE, MAX_LENGTH.name),
  comment: boundedText(MAX_LENGTH.note),
  patientConsents: boolean(),
});
export type CareGiverValues = Infer<typeof CareGiverSchema>;

/** Spec 001 section 9 defaults: current, not primary, phone type N/A. */
export const NEW_CARE_GIVER: CareGiverValues = {
  firstName: '',
  lastName: '',
  relationship: '',
  preferredPhoneType: 'N/A',
  homePhone: '',
  mobilePhone: '',
  email: '',
  isPrimary: false,
  isCurrent: true,
  roles: [],
  otherRoles: '',
  interpreterId: '',
  interpreterLanguage: '',
  comment: '',
  patientConsents: false,
};

export const CARE_GIVER_LABELS: Record<keyof CareGiverValues, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  relationship: 'Relationship',
  preferredPhoneType: 'Preferred Phone',
  homePhone: 'Home Phone',
  mobilePhone: 'Mobile Phone',
  email: 'Email',
  isPrimary: 'Primary Care Giver',
  isCurrent: 'Current Care Giver',
  roles: 'Roles',
  otherRoles: 'Other Roles',
  interpreterId: 'Interpreter Id',
  interpreterLanguage: 'Interpreter Language',
  comment: 'Comment',
  patientConsents: 'Patient Consents to Sharing Information',
};

/**
 * `POST /api/patients/{patient_uid}/care-givers` (no id) and `PUT` (the care
 * giver's id in `data.id`), spec 001 section 7; the patient is the path's.
 */
export const CareGiverPayloadSchema = object({
  data: object({ type: literal('care-givers'), id: optional(boundedText(MAX_LENGTH.code)), attributes: CareGiverSchema }),
});

/** The free-text roles as one tidy comma-separated list ('a,b ,, c' is 'a, b, c'); hidden fields are not kept. */
export function tidyCareGiver(values: CareGiverValues): CareGiverValues {
  const has = (role: CareGiverRole) => values.roles.includes(role);
  return {
    ...values,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    roles: CARE_GIVER_ROLES.filter((r) => values.roles.includes(r)),
    otherRoles: has(OTHER_ROLE) ? values.otherRoles.split(',').map((r) => r.trim()).filter(Boolean).join(', ') : '',
    interpreterId: has(INTERPRETER_ROLE) ? values.interpreterId.trim() : '',
    interpreterLanguage: has(INTERPRETER_ROLE) ? values.interpreterLanguage.trim() : '',
    comment: values.comment.trim(),
  };
}

const providerChoice = define<string>('providerUid', (v) => (v === '' || v === undefined || v === null ? 'Required' : (typeof v === 'string' && isUuid(v)) || NOT_LISTED));
const locationChoice = define<string>('preferredLocationUid', (v) => v === '' || (typeof v === 'string' && isUuid(v)) || NOT_LISTED);

/**
 * Spec 001 sections 5 and 9 "Care team member", for the form and the server:
 * the provider required; careTeam (current) true by default.
 */
export const CareTeamMemberSchema = object({
  providerUid: providerChoice,
  preferredLocationUid: locationChoice,
  careTeam: boolean(),
  isPcp: boolean(),
  isPrimary: boolean(),
});
export type CareTeamMemberValues = Infer<typeof CareTeamMemberSchema>;

export const NEW_CARE_TEAM_MEMBER: CareTeamMemberValues = { providerUid: '', preferredLocationUid: '', careTeam: true, isPcp: false, isPrimary: false };

export const CARE_TEAM_MEMBER_LABELS: Record<keyof CareTeamMemberValues, string> = {
  providerUid: 'Provider',
  preferredLocationUid: 'Location',
  careTeam: 'Current Care Team Member',
  isPcp: 'Primary Care Provider (PCP)',
  isPrimary: 'Primary Contact on the Care Team',
};

/**
 * `POST /api/provider-patients` and `PUT /api/provider-patients/{id}` (spec
 * 001 section 7): the member's fields; POST names the patient (required), a
 * PUT keeps the member's patient.
 */
export const CareTeamMemberPayloadSchema = object({
  data: object({
    type: literal('provider-patients'),
    id: optional(boundedText(MAX_LENGTH.code)),
    attributes: object({ ...CareTeamMemberSchema.schema, patientUid: optional(uuid()) }),
  }),
});
export type CareTeamMemberPayload = Infer<typeof CareTeamMemberPayloadSchema>;
