import { defineWidget } from '../../shared/widget/define-widget';
import { HwcForm } from './hwc-form.component';

/**
 * The public Handle with Care form (spec 002 "Handle with Care form"): works
 * without a Careweave login. The officer's district code is checked by the
 * server and sent as the Authorization header of every call; a session token
 * is never sent. Submits carry an Idempotency-Key, so a double click or a
 * retry stores one notice.
 *
 * @element care-hwc-form
 * @attr api-base - The server's API root, e.g. `https://careweave.example/api`. Required on other sites.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Colour of the Save button, links and focus ring.
 * @cssprop --care-color-primary - Save button, links and focus ring.
 * @csspart root - The widget's outer box.
 */
export const CareHwcFormElement = defineWidget('care-hwc-form', HwcForm);
