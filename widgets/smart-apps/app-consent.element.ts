import { defineWidget } from '../../shared/widget/define-widget';
import { AppConsentPage } from './app-consent.component';

/**
 * The consent page of a SMART app's standalone launch (issue 35): what the
 * app asks of the signed-in user, the patient it may read, Allow or Don't
 * Allow. Careweave's authorization server sends the browser here; the answer
 * sends it back to the app.
 *
 * @element care-app-consent
 * @attr uid - The authorization request (from the address `/authorize-app/{uid}`).
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @csspart root - The widget's outer box.
 */
export const CareAppConsentElement = defineWidget('care-app-consent', AppConsentPage, {
  props: { uid: 'string' },
});
