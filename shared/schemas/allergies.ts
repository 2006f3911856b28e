import { literal, nullable, object, optional, refine, string, type Infer } from 'superstruct';
import { uuid } from './reminders';
import { boundedText, MAX_LENGTH, optionalText } from './strings';

/** The `reference-allergy` entry that stands for one particular medication (spec 001 section 5 "the allergy name is Medication"). */
export const MEDICATION_ALLERGY_NAME = 'medication';

const requiredChoice = () => refine(string(), 'choice', (v) => v !== '' || 'Required');

/**
 * Spec 001 section 5 "Allergy": the allergy required; the medication required
 * when the allergy is the Medication entry, whose id the caller looked up in
 * `reference-allergy` (the form from its list, the server from the table).
 */
export const allergyFormSchema = (medicationAllergyUid: string | null) =>
  refine(
    object({
      allergyUid: requiredChoice(),
      medicationUid: string(),
      comments: boundedText(MAX_LENGTH.note),
    }),
    'medicationForMedicationAllergy',
    (v, ctx) => v.allergyUid !== medicationAllergyUid || v.medicationUid !== '' || { path: [...ctx.path, 'medicationUid'], message: 'Required' },
  );
export type AllergyFormValues = Infer<ReturnType<typeof allergyFormSchema>>;

/**
 * `POST /api/data/public/patient-allergy` and `PUT .../patient-allergy/{id}`
 * (spec 001 sections 3 and 7; camelCase after conversion), with the same rule
 * as the form. A medication sent with any other allergy is not kept.
 */
export const allergyPayloadSchema = (medicationAllergyUid: string | null) =>
  object({
    data: object({
      type: literal('patient-allergy'),
      id: optional(boundedText(MAX_LENGTH.code)),
      attributes: refine(
        object({
          /** Names the patient on POST; a PUT keeps the allergy's patient. */
          patientUid: optional(uuid()),
          allergyUid: uuid(),
          medicationUid: optional(nullable(uuid())),
          comments: optionalText(MAX_LENGTH.note),
        }),
        'medicationForMedicationAllergy',
        (a, ctx) => a.allergyUid !== medicationAllergyUid || !!a.medicationUid || { path: [...ctx.path, 'medicationUid'], message: 'Required' },
      ),
    }),
  });
export type AllergyPayload = Infer<ReturnType<typeof allergyPayloadSchema>>;
