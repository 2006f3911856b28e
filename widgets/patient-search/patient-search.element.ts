import { defineWidget } from '../../shared/widget/define-widget';
import { QuickSearch } from './quick-search.component';

/**
 * Finding patients: the quick search box with its results dropdown, the
 * "Advanced search" modal and the patient preview with its access alerts.
 *
 * @element care-patient-search
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-navigate - `detail.path`: `/patients/{patientUid}` after Continue in the preview (the "ViewedPatient" audit entry is already recorded) or from an advanced search result. Cancelable.
 * @cssprop --care-color-primary - Links, focus ring, the active result and primary buttons.
 * @cssprop --care-quick-search-width - Width of the search box (default 18rem).
 * @csspart root - The widget's outer box.
 */
export const CarePatientSearchElement = defineWidget('care-patient-search', QuickSearch);
