import en from '../i18n/en.json';
import { boolean, define, enums, object, refine, string, type Infer } from 'superstruct';
import { boundedText, MAX_LENGTH, requiredText } from './strings';
import { isIsoDate } from './reminders';

/** Spec 002 section 9: communication methods and the temperature threshold (°F). */
export const B2W_COMM_METHODS = ['sms', 'email'] as const;
export type B2wCommMethod = (typeof B2W_COMM_METHODS)[number];
export const HIGH_TEMP_F = 100.4;

/** Spec 002 section 8. */
export const B2W_MISSING_VENDOR = en.translation.b2w.missingVendor;
export const B2W_REPORT = en.translation.b2w.report;
export const B2W_DO_NOT_REPORT = en.translation.b2w.doNotReport;
export const B2W_CODE_SENT = en.translation.b2w.codeSent;

/** Keeps only the digits of a phone number (US: 10 digits). */
export const phoneDigits = (value: string) => value.replace(/\D/g, '');

/** The parent object of the value being checked (superstruct's branch). */
function parentOf(ctx: { branch: unknown[] }): Record<string, unknown> {
  return (ctx.branch[ctx.branch.length - 2] ?? {}) as Record<string, unknown>;
}
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Spec 002 section 5 "Back to Work" registration: vendorCode, telephoneNumber
 * and commMethod required; either employeeId or ssn (last 4) must be given.
 * With neither, both say 'Required'.
 */
export const B2wRegistrationSchema = object({
  vendorCode: requiredText(MAX_LENGTH.code),
  telephoneNumber: refine(boundedText(MAX_LENGTH.phone), 'telephoneNumber', (v) => (v.trim() === '' ? 'Required' : phoneDigits(v).length === 10 || 'Must be a 10-digit phone number')),
  commMethod: refine(string(), 'commMethod', (v) => (v === '' ? 'Required' : (B2W_COMM_METHODS as readonly string[]).includes(v) || 'Must be sms or email')),
  employeeId: define<string | undefined>('employeeOrSsn', (v, ctx) => {
    if (v !== undefined && typeof v !== 'string') return 'Must be text';
    if (!blank(v)) return v!.trim().length <= 64 || 'Must be at most 64 characters';
    return !blank(parentOf(ctx).ssn) || 'Required';
  }),
  ssn: define<string | undefined>('ssnLast4', (v, ctx) => {
    if (v !== undefined && typeof v !== 'string') return 'Must be text';
    if (!blank(v)) return /^\d{4}$/.test(v!.trim()) || 'Must be the last 4 digits of your SSN';
    return !blank(parentOf(ctx).employeeId) || 'Required';
  }),
});
export type B2wRegistrationValues = Infer<typeof B2wRegistrationSchema>;

/** What the browser keeps in localStorage after b2w/init and sends with every later call. */
export const B2wStoredRegistrationSchema = object({
  registrationUid: requiredText(MAX_LENGTH.code),
  vendorCode: requiredText(MAX_LENGTH.code),
  telephoneNumber: boundedText(MAX_LENGTH.phone),
  commMethod: enums(B2W_COMM_METHODS),
});
export type B2wStoredRegistration = Infer<typeof B2wStoredRegistrationSchema>;

/** Spec 002 "Code confirmation: code required" (6 digits, see public-forms/one-time-codes). */
export const B2wCodeSchema = object({
  code: refine(string(), 'code', (v) => (v.trim() === '' ? 'Required' : /^\d{6}$/.test(v.trim()) || 'Must be the 6-digit code')),
});
export type B2wCodeValues = Infer<typeof B2wCodeSchema>;

export const B2wValidateSchema = object({ ...B2wStoredRegistrationSchema.schema, ...B2wCodeSchema.schema });

/**
 * Spec 002 "Assessment": assessmentDate and highTemp required;
 * lowTempComplications required only when highTemp is false.
 */
export const B2wAssessmentSchema = object({
  assessmentDate: refine(string(), 'assessmentDate', (v) => (v.trim() === '' ? 'Required' : isIsoDate(v) || 'Must be a date')),
  highTemp: boolean(),
  lowTempComplications: define<boolean | null | undefined>('lowTempComplications', (v, ctx) => {
    if (typeof v === 'boolean') return true;
    if (v !== undefined && v !== null) return 'Must be yes or no';
    return parentOf(ctx).highTemp !== false || 'Required';
  }),
});
export type B2wAssessmentValues = Infer<typeof B2wAssessmentSchema>;

/** The status call: `{ data: assessment, ...registration, code }` (spec 002 section 7). */
export const B2wStatusSchema = object({ data: B2wAssessmentSchema, ...B2wStoredRegistrationSchema.schema, ...B2wCodeSchema.schema });

/** Spec 002 "Back to Work flow" step 3: the outcome of an assessment. */
export function b2wOutcome(a: Pick<B2wAssessmentValues, 'highTemp' | 'lowTempComplications'>): 'report' | 'do-not-report' {
  return a.highTemp || a.lowTempComplications === true ? 'do-not-report' : 'report';
}
