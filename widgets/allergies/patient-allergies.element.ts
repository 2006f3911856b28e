import { defineWidget } from '../../shared/widget/define-widget';
import { PatientAllergiesWidget } from './allergies-list.component';

/**
 * A patient's allergies (spec 001 section 2 `allergies`), latest recorded
 * first, for the modes that edit records; a row opens the allergy and 'Add
 * Allergy' the form, both as record pages.
 *
 * @element care-patient-allergies
 * @attr patient-id - The patient whose allergies to list; one the caller may not see shows an error.
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-navigate - `detail.path`: `/patients/{id}/allergies/{allergyId}` or `/patients/{id}/allergies/add`. Cancelable.
 * @cssprop --care-color-primary - Links and buttons.
 * @csspart root - The widget's outer box.
 */
export const CarePatientAllergiesElement = defineWidget('care-patient-allergies', PatientAllergiesWidget, {
  props: { patientId: 'string' },
});
