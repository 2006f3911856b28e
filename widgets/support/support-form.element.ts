import { defineWidget } from '../../shared/widget/define-widget';
import { SupportForm } from './support.component';

/**
 * The customer support request form (spec 002 "Customer support"): e-mail,
 * issue type and comment, with the triage hours and, when there is one, the
 * urgent phone line.
 * Public: works with `api-base` alone, no session needed.
 *
 * @element care-support-form
 * @attr support-phone - The urgent support line shown on screen, as given; without it, the number the organisation set (Admin → Organization → Support Phone, read from `GET /api/support/contact`); with neither, no urgent line is shown.
 * @attr api-base - The server's API root, e.g. `https://careweave.example.org/api`.
 * @attr token - Bearer token for api-base (not needed: the form is public).
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the theme's primary colour.
 * @fires care-saved - `detail.type` `'support-request'` and `detail.id` once the request is stored.
 * @fires care-error - `detail.message`, `detail.status` when a submit fails.
 * @cssprop --care-color-primary - Links, focus ring and the Submit button.
 * @csspart root - The widget's outer box.
 */
export const CareSupportFormElement = defineWidget('care-support-form', SupportForm, {
  props: { supportPhone: 'string' },
});
