import { defineWidget } from '../../shared/widget/define-widget';
import { QueueWidget } from './queue-page.component';

/**
 * One work queue of the current division, as a home card or the full page.
 *
 * @element care-queue
 * @attr queue-id - The queue to show (from `GET /api/queues`).
 * @attr variant - `card` (default): first rows, page size 5, "View all"; `page`: the full queue with filters and "Go back".
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-navigate - `detail.path`: `/patients/{patientUid}/face-sheet` on a row, `/home/queues/{queueId}` from "View all", `/home` from "Go back". Cancelable.
 * @cssprop --care-color-primary - Links, focus ring and primary buttons.
 * @csspart root - The widget's outer box.
 */
export const CareQueueElement = defineWidget('care-queue', QueueWidget, {
  props: { queueId: 'string', variant: 'string' },
});
