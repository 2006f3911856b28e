import { defineWidget } from '../../shared/widget/define-widget';
import { PatientResourcesWidget } from './patient-resources.component';

/**
 * The resources handed to a patient (spec 001 section 2 `resource`): each
 * opens in a new tab; 'Add Resource' picks one of the library's resources for
 * patients and families, 'Remove' takes one off after a confirmation.
 *
 * @element care-patient-resources
 * @attr patient-id - The patient whose resources to list; one the caller may not see shows an error.
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @fires care-saved - `detail`: `{ type: 'patient-resources', patientUid }` after a resource was added or removed.
 * @cssprop --care-color-primary - Links and buttons.
 * @csspart root - The widget's outer box.
 */
export const CarePatientResourcesElement = defineWidget('care-patient-resources', PatientResourcesWidget, {
  props: { patientId: 'string' },
});
