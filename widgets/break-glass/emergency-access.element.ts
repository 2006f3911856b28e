import { defineWidget } from '../../shared/widget/define-widget';
import { EmergencyAccessPage } from './emergency-access.component';

/**
 * Emergency access review (issue 38) for privacy officers and administrators:
 * the division's break-glass events with who, which record, why, the reads
 * made under each, and the review form. Everyone else gets the server's 403.
 *
 * @element care-emergency-access
 * @attr event-id - One event to show and review; without it, the list.
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @fires care-navigate - `detail`: `{ path }`, `/emergency-access/{id}` for a row, `/emergency-access` back to the list.
 * @csspart root - The widget's outer box.
 */
export const CareEmergencyAccessElement = defineWidget('care-emergency-access', EmergencyAccessPage, {
  props: { eventId: 'string' },
});
