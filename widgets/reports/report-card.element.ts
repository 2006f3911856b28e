import { defineWidget } from '../../shared/widget/define-widget';
import { ReportCard } from './report-cards.component';

/**
 * A home report card (spec 000 "Reports cards", `GET /api/reports/{viewName}`):
 * this month's count against last month's and a six-month bar strip of the
 * current division, with an "Open Report" link to the full report. No chart
 * library: the bars are SVG.
 *
 * @element care-report-card
 * @attr view - The report view: `report-inbound-referrals`, `report-medical-events`, `report-overdoses` or `report-cit-submissions`. Another shows 'Report not found'.
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-navigate - `detail.path`: `/reports/configured/{name}` from "Open Report". Cancelable.
 * @cssprop --care-color-primary - The bars and the link.
 * @csspart root - The widget's outer box.
 */
export const CareReportCardElement = defineWidget('care-report-card', ReportCard, {
  props: { view: 'string' },
});
