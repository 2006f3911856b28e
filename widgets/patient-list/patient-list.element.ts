import { defineWidget } from '../../shared/widget/define-widget';
import { PatientList } from './patient-list.component';

/**
 * The patient list (spec 001 section 2, `/patients`): for identity users a
 * welcome and how to search; for every other mode the current division's
 * patients in a server-paged table, filterable and sortable by each column.
 *
 * @element care-patient-list
 * @attr query - For identity users, the identity search's criteria as the page address's query (see `<care-identity-search query>`).
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-navigate - `detail.path`: `/patients/{patientUid}` on a row, `/patients/add` from Add Patient (when offered); with `query`, the page's own path and the new query after an identity search. Cancelable.
 * @cssprop --care-color-primary - Links, focus ring and primary buttons.
 * @csspart root - The widget's outer box.
 */
export const CarePatientListElement = defineWidget('care-patient-list', PatientList, { props: { query: 'string' } });
