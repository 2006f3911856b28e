import { object, type Infer } from 'superstruct';
import { uuid } from './reminders';

/** Issue 34: the patient Add Patient made after an EHR launch, to receive the EHR's MRN. */
export const LaunchPatientLinkSchema = object({ patientUid: uuid() });
export type LaunchPatientLink = Infer<typeof LaunchPatientLinkSchema>;
