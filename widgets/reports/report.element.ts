import { defineWidget } from '../../shared/widget/define-widget';
import { Report } from './reports.component';

/**
 * One report, without the Reports menu, for a partner's intranet page
 * (issue 12), opened run with its default filters: its filters, division
 * choice, Update Report, Export (CSV) and its charts and tables on the
 * layout grid (one column under 768 px). For users with hasReports; everyone else gets the server's
 * 403 (the error state).
 *
 * @element care-report
 * @attr name - The report: a configured report's name (`reference-report-configuration`, e.g. `inbound-referrals`) or a custom report's (`CustodyFlagReport`). An unknown one shows 'Report not found'.
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @cssprop --care-color-primary - Buttons and links.
 * @csspart root - The widget's outer box.
 */
export const CareReportElement = defineWidget('care-report', Report, {
  props: { name: 'string' },
});
