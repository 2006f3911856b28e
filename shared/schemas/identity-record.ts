import { array, define, object, refine, type Infer } from 'superstruct';
import { MAX_LENGTH, optionalText, requiredText } from './strings';

/** A dispute's comment (spec 001 section 5: required); long enough for a paragraph, bounded. */
export const MAX_DISPUTE_COMMENT = 2000;
export const SELECT_A_SOURCE = 'Select at least one source';

/**
 * Spec 001 section 5 "Dispute": disputeComment required; at least one site
 * name selected (the sources the patient's match may be disputed for).
 */
export const DisputeSchema = object({
  disputeComment: requiredText(MAX_DISPUTE_COMMENT),
  sitenames: refine(
    array(define<string>('sitename', (v) => (typeof v === 'string' && v.trim() !== '' && v.length <= MAX_LENGTH.name) || 'Must be a source name')),
    'sitenames',
    (v) => (v.length > 0 && v.length <= 50) || SELECT_A_SOURCE,
  ),
});
export type Dispute = Infer<typeof DisputeSchema>;

/** Spec 000 section 3: match status values. */
export const MATCH_STATUS_LABELS: Record<number, string> = { 1: 'Approved', 2: 'NeedToBeApproved', 3: 'Rejected', 4: 'Disputed', 5: 'Unmatched', 6: 'OnHold' };

/** Spec 001 section 8: said before the service referral e-mail is generated, and the error without a recipient. */
export const SERVICE_REFERRAL_CONFIRMATION = "An email will be generated with sensitive information. Please make sure to encrypt with your institution's encryption method.";
export const SERVICE_REFERRAL_NO_RECIPIENT =
  'The Service Referral email cannot find an email recipient and cannot send. All foster care workers associated with this record are currently missing an email address.';
export const MAX_REFERRAL_SUBJECT = 200;
export const MAX_REFERRAL_MESSAGE = 2000;

/** Spec 001 section 3 "Service referral email data": the subject and additional message the sender writes. */
export const ServiceReferralEmailSchema = object({
  subject: requiredText(MAX_REFERRAL_SUBJECT),
  additionalMessage: optionalText(MAX_REFERRAL_MESSAGE),
});
export type ServiceReferralEmail = Infer<typeof ServiceReferralEmailSchema>;
