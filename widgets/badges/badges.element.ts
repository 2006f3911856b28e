import { defineWidget } from '../../shared/widget/define-widget';
import { PatientBadgesWidget } from './badges.component';

/**
 * A patient's badges (spec 001 "Badges"): every badge group with its badges,
 * single choice in exclusive groups and multiple choice in the others, saved
 * in one call; each change shows in the patient's activity log.
 *
 * @element care-badges
 * @attr patient-id - The patient whose badges to show and change.
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-navigate - `detail.path`: `/patients/{id}/details` from "Back to Details". Cancelable.
 * @cssprop --care-color-primary - Links, choices and the Save button.
 * @csspart root - The widget's outer box.
 */
export const CareBadgesElement = defineWidget('care-badges', PatientBadgesWidget, {
  props: { patientId: 'string' },
});
