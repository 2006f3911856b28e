/** The identity parts of the record frame, one chunk loaded for identity users only. */
export { DisputeMenuItem } from './dispute-dialog';
export { PendingMatches } from './pending-matches';
export { ServiceReferralEmailMenuItem } from './service-referral-email';
export { PrintableMenuItems } from './identity-printables';
