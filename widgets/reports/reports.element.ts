import { defineWidget } from '../../shared/widget/define-widget';
import { ReportsPage } from './reports.component';

/**
 * The Reports area for users with hasReports (spec 002 "Reports area";
 * issue 12): a menu of the configured reports and the chosen report,
 * opened run with its default filters, with its filters, division choice,
 * Update Report, Export (CSV) and its charts and tables laid out on a
 * 12-column grid (one column under 768 px). Everyone else gets the server's 403.
 *
 * @element care-reports
 * @attr page - The page under /reports: '' (pick a report), `configured/{name}` or `custom/{name}` (CustodyFlagReport).
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @fires care-navigate - `detail`: `{ path }` for a report of the menu (`/reports/configured/{name}` or `/reports/custom/{name}`).
 * @cssprop --care-color-primary - Buttons, links and the current report in the menu.
 * @csspart root - The widget's outer box.
 */
export const CareReportsElement = defineWidget('care-reports', ReportsPage, {
  props: { page: 'string' },
});
