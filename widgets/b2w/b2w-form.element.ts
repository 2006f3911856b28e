import { createElement } from 'react';
import { defineWidget } from '../../shared/widget/define-widget';
import { BackToWork } from './b2w.component';

/**
 * Back to Work (spec 002): an employee registers (vendor code, phone, sms or
 * e-mail, employee id or SSN last 4), confirms the code sent through the
 * outbox, then answers the daily assessment and sees whether to report to
 * work. State is kept in localStorage; "Start over" clears it. Public.
 *
 * @element care-b2w-form
 * @attr vendor-code - The employer's code; when absent the `vendorCode` query parameter of the page is used, and without either the form shows the spec's missing vendor code message.
 * @attr api-base - The server's API root.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the theme's primary colour.
 * @fires care-saved - `detail.type` `'b2w-assessment'`, `detail.id`, `detail.outcome` (`report` or `do-not-report`).
 * @fires care-error - `detail.message`, `detail.status` when an assessment could not be sent.
 * @cssprop --care-color-primary - Buttons, chosen answers and focus ring.
 * @csspart root - The widget's outer box.
 */
export const CareB2wFormElement = defineWidget('care-b2w-form', BackToWorkElement, {
  props: { vendorCode: 'string' },
});

function BackToWorkElement({ vendorCode }: { vendorCode?: string }) {
  return createElement(BackToWork, { vendorCode: vendorCode || new URLSearchParams(window.location.search).get('vendorCode') || '' });
}
