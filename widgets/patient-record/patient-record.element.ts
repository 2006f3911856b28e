import { defineWidget } from '../../shared/widget/define-widget';
import { PatientRecord } from './patient-record.component';

/**
 * The whole patient record: header, left menu and one page of it.
 *
 * @element care-patient-record
 * @attr patient-id - The patient to show; one the caller may not see shows "Patient not found". Without it the element shows nothing and asks nothing.
 * @attr page - The page under /patients/{id}/: `face-sheet` (default), `demographics`, `audit`, ... Set it from `care-navigate` to move between pages.
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-navigate - `detail.path`: `/patients/{id}/{page}` from the menu and the pages. Cancelable.
 * @fires care-saved - After a page saved a change.
 * @cssprop --care-color-primary - Links, the active menu item and primary buttons.
 * @csspart root - The widget's outer box.
 */
export const CarePatientRecordElement = defineWidget('care-patient-record', PatientRecord, {
  props: { patientId: 'string', page: 'string' },
});
