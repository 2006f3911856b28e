import { array, boolean, define, literal, nullable, object, optional, refine, size, string, type Infer } from 'superstruct';
import { isIsoDate, uuid } from './reminders';
import { boundedText, MAX_LENGTH, optionalText } from './strings';

/** Spec 001 section 3 "Patient medication" and section 9. */
export const IMPROVEMENT_ANSWERS = ['Yes', 'No'] as const;
export const RELIEF_RATINGS = ['Small', 'Moderate', 'Large', 'None'] as const;
export const RELIEF_DURATIONS = ['Short term', 'Long term', 'No relief'] as const;
export const FINISHED_BEFORE_STARTED = 'Must be on or after the start date';
/** More routes than the list has is a forged body. */
const MAX_ROUTES = 50;

/** ISO days compare as text. */
const notBefore = (later: string, earlier: string) => later >= earlier;
const requiredChoice = () => refine(string(), 'choice', (v) => v !== '' || 'Required');
const optionalDate = () => refine(string(), 'date', (v) => v === '' || isIsoDate(v) || 'Must be a date');
const isOneOf = (values: readonly string[], v: unknown) => (typeof v === 'string' && values.includes(v)) || `Must be one of ${values.join(', ')}`;
/** A choice of `values`, or '' for none given (the form's select). */
const optionalOf = (values: readonly string[]) => refine(string(), 'choice', (v) => v === '' || isOneOf(values, v));
const oneOf = <T extends string>(values: readonly T[]) => define<T>('oneOf', (v) => isOneOf(values, v));
const yesNo = () => define<boolean>('yesNo', (v) => typeof v === 'boolean' || 'Must be true or false');

/**
 * Spec 001 section 5 "Medication": the medication required (the patient is
 * the page's); every other field of section 3 optional. A medication cannot
 * be finished before it was started.
 */
export const MedicationFormSchema = refine(
  object({
    medicationUid: requiredChoice(),
    dosage: boundedText(MAX_LENGTH.dose),
    frequency: boundedText(MAX_LENGTH.dose),
    startedDate: optionalDate(),
    finishedDate: optionalDate(),
    isPrimary: boolean(),
    isPrescription: boolean(),
    isStillTaking: boolean(),
    medicationRouteUids: size(array(string()), 0, MAX_ROUTES),
    patientReportedImprovement: optionalOf(IMPROVEMENT_ANSWERS),
    reliefRating: optionalOf(RELIEF_RATINGS),
    reliefDuration: optionalOf(RELIEF_DURATIONS),
    comments: boundedText(MAX_LENGTH.note),
  }),
  'finishedAfterStarted',
  (v, ctx) => v.finishedDate === '' || !isIsoDate(v.startedDate) || notBefore(v.finishedDate, v.startedDate) || { path: [...ctx.path, 'finishedDate'], message: FINISHED_BEFORE_STARTED },
);
export type MedicationFormValues = Infer<typeof MedicationFormSchema>;

const isoDate = () => refine(string(), 'isoDate', (v) => isIsoDate(v) || 'Must be a date');

/** `POST /api/data/public/patient-medication` and `PUT .../patient-medication/{id}` (spec 001 sections 3 and 7; camelCase after conversion). */
export const MedicationPayloadSchema = object({
  data: object({
    type: literal('patient-medication'),
    id: optional(boundedText(MAX_LENGTH.code)),
    attributes: refine(
      object({
        /** Names the patient on POST; a PUT keeps the medication's patient. */
        patientUid: optional(uuid()),
        medicationUid: uuid(),
        dosage: optionalText(MAX_LENGTH.dose),
        frequency: optionalText(MAX_LENGTH.dose),
        startedDate: optional(nullable(isoDate())),
        finishedDate: optional(nullable(isoDate())),
        isPrimary: optional(yesNo()),
        isPrescription: optional(yesNo()),
        isStillTaking: optional(yesNo()),
        medicationRouteUids: optional(size(array(uuid()), 0, MAX_ROUTES)),
        patientReportedImprovement: optional(nullable(oneOf(IMPROVEMENT_ANSWERS))),
        reliefRating: optional(nullable(oneOf(RELIEF_RATINGS))),
        reliefDuration: optional(nullable(oneOf(RELIEF_DURATIONS))),
        comments: optionalText(MAX_LENGTH.note),
      }),
      'finishedAfterStarted',
      (a, ctx) => !a.finishedDate || !a.startedDate || notBefore(a.finishedDate, a.startedDate) || { path: [...ctx.path, 'finishedDate'], message: FINISHED_BEFORE_STARTED },
    ),
  }),
});
export type MedicationPayload = Infer<typeof MedicationPayloadSchema>;
