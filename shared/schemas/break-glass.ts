import { define, enums, object, optional, nullable, type Infer } from 'superstruct';
import { withFieldRules } from './field-rules';
import { boundedText, MAX_LENGTH, requiredText } from './strings';

/**
 * Issue 38: break the glass. A user with the `breakGlass` flag opens one
 * restricted or adoption record for a time-boxed, read-only window after
 * stating a reason and confirming their password; the event is reviewed.
 */
export const BREAK_GLASS_REASONS = ['imminent-risk', 'medical-emergency', 'court-order', 'other'] as const;
export type BreakGlassReason = (typeof BREAK_GLASS_REASONS)[number];

export const BREAK_GLASS_REASON_LABELS: Record<BreakGlassReason, string> = {
  'imminent-risk': 'Imminent risk to the child',
  'medical-emergency': 'Medical emergency',
  'court-order': 'Court order',
  other: 'Other',
};

/** "Other" needs a stated reason of at least this many characters. */
export const BREAK_GLASS_OTHER_MIN = 20;
export const BREAK_GLASS_REASON_TEXT_MAX = 500;
export const BREAK_GLASS_OTHER_TOO_SHORT = `Describe the reason in at least ${BREAK_GLASS_OTHER_MIN} characters`;
export const BREAK_GLASS_WRONG_PASSWORD = 'Password is incorrect';
export const BREAK_GLASS_LIMIT_REACHED = 'You have reached the limit of emergency access events for 24 hours.';
export const BREAK_GLASS_SSO_ONLY = 'Emergency access needs your Careweave password; your sign-in service cannot confirm it here yet.';

/** A division's settings (division_setting rows) and what applies without one. */
export const BREAK_GLASS_SETTINGS = {
  minutes: { name: 'break-glass-minutes', default: 60, min: 15, max: 240 },
  dailyLimit: { name: 'break-glass-daily-limit', default: 3, min: 1, max: 20 },
  writes: { name: 'break-glass-writes', default: false },
} as const;

/** Unreviewed events older than this many days show on the program dashboard. */
export const BREAK_GLASS_REVIEW_OVERDUE_DAYS = 3;

const reasonRule = (value: Record<string, unknown>) => {
  const failures = new Map<string, string>();
  const text = typeof value.reasonText === 'string' ? value.reasonText.trim() : '';
  if (value.reason === 'other' && text.length < BREAK_GLASS_OTHER_MIN) failures.set('reasonText', text ? BREAK_GLASS_OTHER_TOO_SHORT : 'Required');
  return failures;
};

export const BreakGlassSchema = withFieldRules(
  object({
    patientUid: define<string>('patientUid', (v) => (typeof v === 'string' && v.length <= MAX_LENGTH.code) || 'Required'),
    reason: define<BreakGlassReason>('reason', (v) => (BREAK_GLASS_REASONS as readonly unknown[]).includes(v) || 'Choose a reason'),
    reasonText: optional(nullable(boundedText(BREAK_GLASS_REASON_TEXT_MAX))),
    password: define<string>('password', (v) => (typeof v === 'string' && v.length > 0 && v.length <= MAX_LENGTH.password) || 'Required'),
  }),
  reasonRule,
);
export type BreakGlassInput = Infer<typeof BreakGlassSchema>;

export const BREAK_GLASS_REVIEW_STATUSES = ['appropriate', 'inappropriate'] as const;
export type BreakGlassReviewStatus = (typeof BREAK_GLASS_REVIEW_STATUSES)[number];
export const MAX_REVIEW_COMMENT = 2000;

export const BreakGlassReviewSchema = object({
  status: enums(BREAK_GLASS_REVIEW_STATUSES),
  comment: requiredText(MAX_REVIEW_COMMENT),
});
export type BreakGlassReview = Infer<typeof BreakGlassReviewSchema>;

/** The window the record page shows as its banner (GET /api/patients/{id}/break-glass). */
export interface BreakGlassWindow {
  breakGlassUid: string;
  reason: BreakGlassReason;
  reasonText: string | null;
  startedAt: string;
  expiresAt: string;
  writesAllowed: boolean;
}

/** One event as the Emergency access admin page lists it. */
export interface BreakGlassEventRow {
  breakGlassUid: string;
  userDisplayName: string;
  patientName: string;
  patientUid: string;
  reason: BreakGlassReason;
  reasonText: string | null;
  startedAt: string;
  expiresAt: string;
  reads: number;
  reviewStatus: BreakGlassReviewStatus | null;
  reviewComment: string | null;
  reviewedByName: string | null;
  reviewedAt: string | null;
}

/** The reason as people read it: the label, and the stated text for "Other". */
export const breakGlassReasonText = (reason: BreakGlassReason, text: string | null) =>
  reason === 'other' && text ? `${BREAK_GLASS_REASON_LABELS.other}: ${text}` : BREAK_GLASS_REASON_LABELS[reason];
