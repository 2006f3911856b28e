import { literal, object, refine, string, type Infer } from 'superstruct';
import { uuid } from './reminders';

/** Who a library resource is for (spec 001 section 7: `target` clinician or `resourceTarget` patient). */
export const RESOURCE_TARGETS = [
  { value: 'clinician', label: 'Clinicians' },
  { value: 'patient', label: 'Patients and Families' },
] as const;
export type ResourceTarget = (typeof RESOURCE_TARGETS)[number]['value'];

/** A resource is handed to a patient once; adding it again says so on the field. */
export const ALREADY_ADDED = "Is already on the patient's resources";

/** The add dialog: one resource from the library's patient resources. */
export const PatientResourceFormSchema = object({
  resourceUid: refine(string(), 'resourceUid', (v) => v !== '' || 'Required'),
});
export type PatientResourceFormValues = Infer<typeof PatientResourceFormSchema>;

/** `POST /api/patient-resources` (spec 001 section 7: patient_uid, resource_uid; camelCase after conversion). */
export const PatientResourcePayloadSchema = object({
  data: object({
    type: literal('patient-resources'),
    attributes: object({
      patientUid: uuid(),
      resourceUid: uuid(),
    }),
  }),
});
export type PatientResourcePayload = Infer<typeof PatientResourcePayloadSchema>;
