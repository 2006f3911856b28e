import { defineWidget } from '../../shared/widget/define-widget';
import { FaceSheetWidget } from './face-sheet.component';

/**
 * A patient's face sheet (spec 001 "Patient overview") by the signed-in
 * user's mode: medical events, admissions, notes and reminders, or for CIT
 * staff the primary address and the CIT summary.
 *
 * @element care-face-sheet
 * @attr patient-id - The patient to show.
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-navigate - `detail.path`: an event's details page or `/patients/{id}/reminders/add`. Cancelable.
 * @cssprop --care-color-primary - Links and buttons.
 * @csspart root - The widget's outer box.
 */
export const CareFaceSheetElement = defineWidget('care-face-sheet', FaceSheetWidget, {
  props: { patientId: 'string' },
});
