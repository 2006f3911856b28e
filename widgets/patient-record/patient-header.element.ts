import { defineWidget } from '../../shared/widget/define-widget';
import { PatientHeaderWidget } from './patient-header.component';

/**
 * The patient header alone: avatar, name, birth date and age, sex, gender
 * identity, phone, episode status, badges, priority note and the gear menu.
 *
 * @element care-patient-header
 * @attr patient-id - The patient to show.
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-navigate - `detail.path`: `/patients/{id}/{page}` from the gear menu. Cancelable.
 * @cssprop --care-color-primary - Links and buttons.
 * @csspart root - The widget's outer box.
 */
export const CarePatientHeaderElement = defineWidget('care-patient-header', PatientHeaderWidget, {
  props: { patientId: 'string' },
});
