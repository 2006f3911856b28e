import { define, object, type Infer } from 'superstruct';
import { MAX_LENGTH, requiredText } from './strings';

/** The actions a page may record: spec 000 'ViewedPatient' (preview Continue), spec 001 'ReferralAppt' (Referrals & Appointments). */
export const AUDIT_ACTIONS = ['ViewedPatient', 'ReferralAppt'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const auditAction = () =>
  define<AuditAction>('auditAction', (v) => (typeof v === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(v)) || `Must be one of ${AUDIT_ACTIONS.join(', ')}`);

/** Spec 000 section 3: audit entry. */
export const AuditEntrySchema = object({
  patientUid: requiredText(MAX_LENGTH.code),
  action: auditAction(),
});
export type AuditEntry = Infer<typeof AuditEntrySchema>;
