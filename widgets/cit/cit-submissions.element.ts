import { defineWidget } from '../../shared/widget/define-widget';
import { CitSubmissionsCard } from './cit-submissions.component';

/**
 * The current division's CIT contact sheets (newest first, filterable), for
 * users with the CIT capability; supervisors find the pending ones here.
 *
 * @element care-cit-submissions
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-navigate - `detail.path` `/cit-submission/{submissionId}` when a row is chosen. Cancelable.
 * @cssprop --care-color-primary - Links and focus ring.
 * @csspart root - The widget's outer box.
 */
export const CareCitSubmissionsElement = defineWidget('care-cit-submissions', CitSubmissionsCard);
