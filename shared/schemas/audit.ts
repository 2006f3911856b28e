import { object, type Infer } from 'superstruct';
import { requiredText } from './strings';

/** Spec 000 section 3: audit entry. Actions seen: 'ViewedPatient', 'ReferralAppt'. */
export const AuditEntrySchema = object({
  patientUid: requiredText(),
  action: requiredText(),
});
export type AuditEntry = Infer<typeof AuditEntrySchema>;
