import en from '../i18n/en.json';
import { object, refine, string, type Infer } from 'superstruct';
import { email, requiredText } from './strings';

/** Spec 002 "Customer support": the five issue types, sent as their labels. */
export const SUPPORT_ISSUE_TYPES = ['Login Assistance', 'Report a Problem', 'Request a New Feature', 'Ask a Product Question', 'Other Help'] as const;

/** Spec 002 "Customer support": triage hours shown on screen. */
export const SUPPORT_TRIAGE_HOURS = en.translation.support.hours;

/**
 * The urgent line is "not shown" in spec 002: this is a clearly fictional demo
 * number (555-01xx), which the demo seed gives the demo organisation (issue
 * 33). Each organisation sets its own (Admin → Organization → Support Phone),
 * and embedders may set `support-phone` on `<care-support-form>`; with neither
 * the page shows no urgent line.
 */
export const DEMO_SUPPORT_PHONE = '(800) 555-0199';

export const SUPPORT_COMMENT_MAX = 4000;

/** Spec 002 section 5 "Support": userEmail valid and required; issueType required; comment required. */
export const SupportRequestSchema = object({
  userEmail: email(),
  issueType: refine(string(), 'issueType', (v) => (v === '' ? 'Required' : (SUPPORT_ISSUE_TYPES as readonly string[]).includes(v) || 'Must be one of the listed issue types')),
  comment: requiredText(SUPPORT_COMMENT_MAX),
});
export type SupportRequestValues = Infer<typeof SupportRequestSchema>;

/** The call's body: `{ data: { user_email, issue_type, comment } }` (spec 002 section 7). */
export const SupportSubmitSchema = object({ data: SupportRequestSchema });
