import { defineWidget } from '../../shared/widget/define-widget';
import { CalendarWidget } from './calendar.component';

/**
 * The navigator's calendar of appointments, medical events, procedures,
 * surgeries and tests of the current division, as a home card or the full page.
 * FullCalendar loads on first render, in its own chunk.
 *
 * @element care-calendar
 * @attr variant - `card` (default): compact month view with "View full calendar"; `page`: the full calendar.
 * @attr start-date - `YYYY-MM-DD` the page opens at (default today); the shell passes `/home/calendar?startDate=`.
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-navigate - `detail.path`: an event's details page under `/patients/{patientUid}` (`appointments/{id}/details`, `medical-events/{name}/{id}/details` (`cit-details` for cit), `procedures/{id}/details`, `surgeries/{id}/details`, `tests/{id}/details`), or `/home/calendar?startDate=YYYY-MM-DD` from "View full calendar". Cancelable.
 * @cssprop --care-color-primary - Links, focus ring, today's and the selected view's buttons.
 * @csspart root - The widget's outer box.
 */
export const CareCalendarElement = defineWidget('care-calendar', CalendarWidget, {
  props: { variant: 'string', startDate: 'string' },
});
