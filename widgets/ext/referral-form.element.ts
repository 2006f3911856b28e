import { defineWidget } from '../../shared/widget/define-widget';
import { ReferralFormWidget } from './referral-form.component';

/**
 * The public external action pages (spec 000 "External referral pages"):
 * register with a phone number, confirm the texted code, then the referral
 * form. Works without a Careweave session: give it `api-base` and no token.
 * A confirmed registration is kept per link in localStorage.
 *
 * @element care-referral-form
 * @attr instance - The external action instance (link id), e.g. `demo-referral`.
 * @attr type - `register`, `register-confirm` or the action's form (`referral-form`); empty lets the registration decide. Any other value shows "<type> form not found".
 * @attr api-base - The Careweave server's API root, e.g. `https://careweave.example/api`.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the default primary colour.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-navigate - `detail.path`: `/ext/{instance}/{type}` whenever the step changes (register → register-confirm → the form). Cancelable; the widget moves on by itself either way.
 * @cssprop --care-color-primary - Buttons, links and focus ring.
 * @csspart root - The widget's outer box.
 */
export const CareReferralFormElement = defineWidget('care-referral-form', ReferralFormWidget, {
  props: { instance: 'string', type: 'string' },
});
