import { array, boolean, defaulted, literal, nullable, object, optional, refine, string, type Infer } from 'superstruct';
import { isIsoDate, uuid } from './reminders';
import { boundedText, MAX_LENGTH, optionalText } from './strings';

/** Spec 001 section 7 `reference-event?event-type-name=Diagnosis`: the event whose diagnoses and statuses the form offers. */
export const DIAGNOSIS_EVENT_TYPE = 'Diagnosis';
/** Spec 001 section 7 `reference-data/region?source=reference-diagnosis`: the list whose rows the regions belong to. */
export const DIAGNOSIS_REGION_SOURCE = 'reference-diagnosis';

/** A region that the chosen diagnosis does not take (spec 001 section 4). */
export const REGION_NOT_OF_DIAGNOSIS = 'Must be a region of the chosen diagnosis';
export const ONE_DIAGNOSIS = 'Must name exactly one diagnosis';

const requiredChoice = (name: string) => refine(string(), name, (v) => v !== '' || 'Required');

/**
 * Spec 001 section 5 "Diagnosis": diagnosis, status and provider required;
 * region optional (and one the diagnosis takes: the form resets it when the
 * diagnosis changes); onset date and note optional.
 */
export const DiagnosisFormSchema = object({
  diagnosisUid: requiredChoice('diagnosisUid'),
  regionUid: string(),
  statusUid: requiredChoice('statusUid'),
  providerUid: requiredChoice('providerUid'),
  onsetDate: refine(string(), 'onsetDate', (v) => v === '' || isIsoDate(v) || 'Must be a date'),
  isPrimaryDiagnosis: boolean(),
  note: boundedText(MAX_LENGTH.note),
});
export type DiagnosisFormValues = Infer<typeof DiagnosisFormSchema>;

const link = <T extends string>(type: T) => object({ data: object({ type: literal(type), id: uuid() }) });

/**
 * `POST /api/diagnoses` and `PUT /api/diagnoses/{id}` (spec 001 section 7;
 * camelCase after conversion): `ref_diagnoses_ids` as a list of one,
 * status_uid, onset_date, region_uid, is_primary_diagnosis, note, and the
 * patient and provider links. A PUT keeps the diagnosis' patient.
 */
export const DiagnosisPayloadSchema = object({
  data: object({
    type: literal('diagnoses'),
    id: optional(boundedText(MAX_LENGTH.code)),
    attributes: object({
      refDiagnosesIds: refine(array(uuid()), 'refDiagnosesIds', (v) => (v.length === 0 ? 'Required' : v.length === 1 || ONE_DIAGNOSIS)),
      statusUid: uuid(),
      onsetDate: optional(nullable(refine(string(), 'onsetDate', (v) => isIsoDate(v) || 'Must be a date'))),
      regionUid: optional(nullable(uuid())),
      isPrimaryDiagnosis: defaulted(boolean(), false),
      note: optionalText(MAX_LENGTH.note),
    }),
    relationships: object({
      patient: optional(link('patients')),
      provider: link('providers'),
    }),
  }),
});
export type DiagnosisPayload = Infer<typeof DiagnosisPayloadSchema>;
