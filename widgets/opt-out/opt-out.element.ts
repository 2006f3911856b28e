import { defineWidget } from '../../shared/widget/define-widget';
import { OptOut } from './opt-out.component';

/**
 * The engagement opt-out page (spec 002 "Engagement opt-out"): Opt out or
 * Cancel; both disabled after the first choice; success, 'Something went
 * wrong.' or "You've cancelled this action.". Public.
 *
 * The token has its own attribute, `opt-out-token`, because `token` is the
 * common bearer-token attribute of every Careweave element.
 *
 * @element care-opt-out
 * @attr opt-out-token - The token from the link (`/engagements/opt-out/{token}`).
 * @attr api-base - The server's API root.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the theme's primary colour.
 * @fires care-saved - `detail.type` `'engagement-opt-out'`, `detail.id` after opting out.
 * @fires care-error - `detail.message`, `detail.status` when it failed.
 * @cssprop --care-color-primary - The Opt out button and focus ring.
 * @csspart root - The widget's outer box.
 */
export const CareOptOutElement = defineWidget('care-opt-out', OptOut, {
  props: { optOutToken: 'string' },
});
