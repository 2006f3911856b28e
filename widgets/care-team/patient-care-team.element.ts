import { defineWidget } from '../../shared/widget/define-widget';
import { PatientCareTeamWidget } from './care-team.component';

/**
 * A patient's care team (spec 001 section 2 `care-team`): care-team members
 * and care givers, each with Active and Inactive tabs. For the care modes a
 * row opens its form, and 'Add Care Team Member' and 'Add Care Giver' the new
 * ones, all as record pages.
 *
 * @element care-patient-care-team
 * @attr patient-id - The patient whose care team to show; one the caller may not see shows an error.
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-navigate - `detail.path`: `/patients/{id}/care-team/{memberId}`, `/patients/{id}/care-team/add`, `/patients/{id}/care-givers/{careGiverId}` or `/patients/{id}/care-givers/add`. Cancelable.
 * @cssprop --care-color-primary - Links, buttons and the selected tab.
 * @csspart root - The widget's outer box.
 */
export const CarePatientCareTeamElement = defineWidget('care-patient-care-team', PatientCareTeamWidget, {
  props: { patientId: 'string' },
});
