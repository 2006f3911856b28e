import { literal, nullable, object, optional, refine, string, type Infer } from 'superstruct';
import { isIsoDate, uuid } from './reminders';
import { boundedText, MAX_LENGTH } from './strings';

const requiredDate = (name: string) => refine(string(), name, (v) => (v.trim() === '' ? 'Required' : isIsoDate(v) || 'Must be a date'));
const requiredChoice = (name: string) => refine(string(), name, (v) => v !== '' || 'Required');
export const DISCHARGE_BEFORE_ADMISSION = 'Must be on or after the admission date';
/** ISO days compare as text. */
const notBefore = (later: string, earlier: string) => later >= earlier;

/**
 * Spec 001 section 5 "Admission": eventDate and status required; facility,
 * dischargeDate, comments and note optional. A discharge cannot come before
 * the admission it ends.
 */
export const AdmissionFormSchema = refine(
  object({
    eventDate: requiredDate('eventDate'),
    statusUid: requiredChoice('statusUid'),
    facilityUid: string(),
    dischargeDate: refine(string(), 'dischargeDate', (v) => v === '' || isIsoDate(v) || 'Must be a date'),
    comments: boundedText(MAX_LENGTH.note),
    note: boundedText(MAX_LENGTH.note),
  }),
  'dischargeAfterAdmission',
  (v, ctx) => v.dischargeDate === '' || !isIsoDate(v.eventDate) || notBefore(v.dischargeDate, v.eventDate) || { path: [...ctx.path, 'dischargeDate'], message: DISCHARGE_BEFORE_ADMISSION },
);
export type AdmissionFormValues = Infer<typeof AdmissionFormSchema>;

const isoDate = () => refine(string(), 'isoDate', (v) => isIsoDate(v) || 'Must be a date');
const optionalText = () => optional(nullable(boundedText(MAX_LENGTH.note)));

/** `POST /api/admissions` and `PUT /api/admissions/{id}` (spec 001 section 7; camelCase after conversion). */
export const AdmissionPayloadSchema = object({
  data: object({
    type: literal('admissions'),
    id: optional(boundedText(MAX_LENGTH.code)),
    attributes: refine(
      object({
        /** Names the patient on POST; a PUT keeps the admission's patient. */
        patientUid: optional(uuid()),
        statusUid: uuid(),
        facilityUid: optional(nullable(uuid())),
        eventDate: isoDate(),
        dischargeDate: optional(nullable(isoDate())),
        comments: optionalText(),
        note: optionalText(),
      }),
      'dischargeAfterAdmission',
      (a, ctx) => !a.dischargeDate || notBefore(a.dischargeDate, a.eventDate) || { path: [...ctx.path, 'dischargeDate'], message: DISCHARGE_BEFORE_ADMISSION },
    ),
  }),
});
export type AdmissionPayload = Infer<typeof AdmissionPayloadSchema>;
