import { defineWidget } from '../../shared/widget/define-widget';
import { PatientOutboundReferralsWidget } from './outbound-referrals-list.component';

/**
 * A patient's outbound referrals (spec 001 section 2 `outbound-referrals`),
 * newest first, each with its status badge (success for Enrolled, danger for
 * Declined, warning otherwise) and when the status last changed; referrals
 * other divisions sent to this record are listed apart. A row opens the
 * referral and 'Add Referral' the form, both as record pages.
 *
 * @element care-patient-outbound-referrals
 * @attr patient-id - The patient whose referrals to list; one the caller may not see shows an error.
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-navigate - `detail.path`: `/patients/{id}/outbound-referrals/{outboundReferralId}` or `/patients/{id}/outbound-referrals/add`. Cancelable.
 * @cssprop --care-color-primary - Links and buttons.
 * @csspart root - The widget's outer box.
 */
export const CarePatientOutboundReferralsElement = defineWidget('care-patient-outbound-referrals', PatientOutboundReferralsWidget, {
  props: { patientId: 'string' },
});
