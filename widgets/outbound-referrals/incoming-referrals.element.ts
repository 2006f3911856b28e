import { defineWidget } from '../../shared/widget/define-widget';
import { IncomingReferrals } from './incoming-referrals.component';

/**
 * Referrals other divisions of the organisation sent to the current division
 * that nobody here has linked to a record yet. "Link" shows what the referral
 * says about the person and the duplicate check on their names; the user
 * picks the same person or creates a patient, and the referral becomes that
 * patient's inbound referral ("new referrals" queue). For the care modes.
 *
 * @element care-incoming-referrals
 * @attr variant - `card` (default): the newest five and "View all"; `page`: every waiting referral and "Go back".
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-navigate - `detail.path`: `/patients/{patientUid}/face-sheet` once linked, `/home/incoming-referrals` from "View all", `/home` from "Go back". Cancelable.
 * @cssprop --care-color-primary - Links, focus ring and primary buttons.
 * @csspart root - The widget's outer box.
 */
export const CareIncomingReferralsElement = defineWidget('care-incoming-referrals', IncomingReferrals, {
  props: { variant: 'string' },
});
