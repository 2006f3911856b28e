import { defineWidget } from '../../shared/widget/define-widget';
import { PatientDiagnosesWidget } from './diagnoses-list.component';

/**
 * A patient's diagnoses (spec 001 section 2 `diagnoses`), primary ones bold
 * and first, for the modes that edit the record; a row opens the diagnosis'
 * details and 'Add Diagnosis' the form, both as record pages.
 *
 * @element care-patient-diagnoses
 * @attr patient-id - The patient whose diagnoses to list; one the caller may not see shows an error.
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-navigate - `detail.path`: `/patients/{id}/diagnoses/{diagnosisId}/details` or `/patients/{id}/diagnoses/add`. Cancelable.
 * @cssprop --care-color-primary - Links and buttons.
 * @csspart root - The widget's outer box.
 */
export const CarePatientDiagnosesElement = defineWidget('care-patient-diagnoses', PatientDiagnosesWidget, {
  props: { patientId: 'string' },
});
