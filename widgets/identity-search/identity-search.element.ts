import { defineWidget } from '../../shared/widget/define-widget';
import { IdentitySearch } from './identity-search.component';

/**
 * Finding a child in identity mode (issue 11 section 2): the identity left
 * panel (the search form of spec 002 and the 4 most recent patients) and the
 * results as patient summary cards. A card or recent patient opens the
 * patient preview with its access alerts; Continue records "ViewedPatient"
 * and asks to open the record.
 *
 * @element care-identity-search
 * @attr query - The page address's query holding the criteria (`lastName=hale&page=2`): searched on arrival and, when given (even empty), kept up to date with `care-navigate` on each search.
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-navigate - `detail.path`: `/patients/{patientUid}` after Continue in the preview; with `query`, the page's own path and the new search's query after a search. Cancelable.
 * @cssprop --care-color-primary - Links, focus ring and primary buttons.
 * @csspart root - The widget's outer box.
 */
export const CareIdentitySearchElement = defineWidget('care-identity-search', IdentitySearch, { props: { query: 'string' } });
