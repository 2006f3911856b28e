import { defineWidget } from '../../shared/widget/define-widget';
import { PatientAdmissionsWidget } from './admissions-list.component';

/**
 * A patient's admissions (spec 001 section 2 `admissions`), newest first, for
 * users with the admission feature; a row opens the admission and 'Add
 * Admission' the form, both as record pages.
 *
 * @element care-patient-admissions
 * @attr patient-id - The patient whose admissions to list; one the caller may not see shows an error.
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-navigate - `detail.path`: `/patients/{id}/admissions/{admissionId}` or `/patients/{id}/admissions/add`. Cancelable.
 * @cssprop --care-color-primary - Links and buttons.
 * @csspart root - The widget's outer box.
 */
export const CarePatientAdmissionsElement = defineWidget('care-patient-admissions', PatientAdmissionsWidget, {
  props: { patientId: 'string' },
});
