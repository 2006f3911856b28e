import { defineWidget } from '../../shared/widget/define-widget';
import { CitSubmissionView } from './cit-submission.component';

/**
 * Staff view of a CIT submission (read-only) with the approval controls and
 * an Edit action (the sheet's fields while it is pending) for supervisors who
 * hold `citSupervisoryApproval` in a division whose
 * `requires-supervisory-approval` setting is 'true'.
 *
 * @element care-cit-submission
 * @attr submission-id - The submission to show.
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @fires care-saved - `detail.type` `'cit-submission'`, `detail.id`, `detail.status` after an edit, approve or reject.
 * @cssprop --care-color-primary - Buttons.
 * @csspart root - The widget's outer box.
 */
export const CareCitSubmissionElement = defineWidget('care-cit-submission', CitSubmissionView, { props: { submissionId: 'string' } });
