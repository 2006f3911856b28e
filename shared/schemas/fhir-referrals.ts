import { enums, literal, nullable, object, optional, refine, type Infer } from 'superstruct';
import { boundedText, MAX_LENGTH } from './strings';

/**
 * Issue 35 section 3: a Gravity referral's Task statuses (FHIR R4 task-status,
 * the ones the SDOHCC referral loop uses), from the EHR's request to
 * Careweave's answer.
 */
export const FHIR_TASK_STATUSES = ['requested', 'received', 'accepted', 'rejected', 'cancelled', 'in-progress', 'completed'] as const;
export type FhirTaskStatus = (typeof FHIR_TASK_STATUSES)[number];
/** Where a referral ends: nothing about it changes after these. */
export const FINAL_TASK_STATUSES: readonly FhirTaskStatus[] = ['rejected', 'cancelled', 'completed'];
/** While the receiver has not finished with it: its source may still cancel the Task or correct the request. */
export const OPEN_TASK_STATUSES: ReadonlySet<string> = new Set(FHIR_TASK_STATUSES.filter((s) => !FINAL_TASK_STATUSES.includes(s)));

export const TASK_STATUS_LABELS: Record<FhirTaskStatus, string> = {
  requested: 'Requested',
  received: 'Received',
  accepted: 'Accepted',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  'in-progress': 'In Progress',
  completed: 'Completed',
};

/** What staff may move a referral to, from each status: the SDOHCC recipient's steps. Rejected, cancelled and completed are final. */
export const STAFF_TRANSITIONS: Record<FhirTaskStatus, readonly FhirTaskStatus[]> = {
  requested: ['accepted', 'rejected'],
  received: ['accepted', 'rejected'],
  accepted: ['in-progress', 'completed', 'rejected'],
  'in-progress': ['completed'],
  rejected: [],
  cancelled: [],
  completed: [],
};
const STAFF_TARGETS = ['accepted', 'rejected', 'in-progress', 'completed'] as const;

/** The button that moves a referral to each status. */
export const TRANSITION_ACTIONS: Record<(typeof STAFF_TARGETS)[number], string> = { accepted: 'Accept', rejected: 'Reject', 'in-progress': 'Start', completed: 'Complete' };

/** Why a referral is rejected: Careweave's value set, sent as Task.statusReason (code and display). */
export const REJECTION_REASON_SYSTEM = 'https://careweave.org/fhir/CodeSystem/referral-rejection-reason';
export const REJECTION_REASONS = [
  { code: 'not-eligible', label: 'Not eligible for the program' },
  { code: 'no-capacity', label: 'No capacity to take the referral' },
  { code: 'declined', label: 'The patient declined' },
  { code: 'unable-to-contact', label: 'Unable to contact the patient' },
  { code: 'duplicate', label: 'Duplicate referral' },
  { code: 'out-of-area', label: 'Outside the service area' },
] as const;
export const REJECTION_LABELS: Record<string, string> = Object.fromEntries(REJECTION_REASONS.map((r) => [r.code, r.label]));

export const STATUS_NOT_ALLOWED = "Not allowed from the referral's current status";

/** A staff member's answer to an EHR's referral: a rejection needs its reason; a completion says what was done. */
export const EhrReferralAnswerSchema = refine(
  object({
    status: enums(STAFF_TARGETS),
    statusReason: optional(nullable(enums(REJECTION_REASONS.map((r) => r.code)))),
    output: optional(nullable(boundedText(MAX_LENGTH.note))),
  }),
  'answer',
  function* (a, ctx) {
    if (a.status === 'rejected' && !a.statusReason) yield { path: [...ctx.path, 'statusReason'], message: 'Required' };
    if (a.status === 'completed' && !a.output?.trim()) yield { path: [...ctx.path, 'output'], message: 'Required' };
  },
);
export type EhrReferralAnswer = Infer<typeof EhrReferralAnswerSchema>;

/** `PUT /api/ehr-referrals/{id}/status`. */
export const EhrReferralStatusPayloadSchema = object({
  data: object({ type: literal('ehr-referrals'), id: optional(boundedText(MAX_LENGTH.code)), attributes: EhrReferralAnswerSchema }),
});
