import { defineWidget } from '../../shared/widget/define-widget';
import { PatientMedicationsWidget } from './medications-list.component';

/**
 * A patient's medications (spec 001 section 2 `medications`), primary first,
 * then the latest started, for the modes that edit records; a row opens the
 * medication and 'Add Medication' the form, both as record pages.
 *
 * @element care-patient-medications
 * @attr patient-id - The patient whose medications to list; one the caller may not see shows an error.
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-navigate - `detail.path`: `/patients/{id}/medications/{medicationId}` or `/patients/{id}/medications/add`. Cancelable.
 * @cssprop --care-color-primary - Links and buttons.
 * @csspart root - The widget's outer box.
 */
export const CarePatientMedicationsElement = defineWidget('care-patient-medications', PatientMedicationsWidget, {
  props: { patientId: 'string' },
});
