import { CitSubmissionView } from '../widgets/cit/cit-submission.component';
import { usePageTitle } from './page-title';
import { WidgetMount } from './widget-mount';

/** /cit-submission/{submissionId}: staff view and approval (spec 002). */
export function CitSubmissionRoute({ submissionId }: { submissionId: string }) {
  usePageTitle('CIT Submission');
  return (
    <main className="care-page">
      <WidgetMount>
        <CitSubmissionView submissionId={submissionId} />
      </WidgetMount>
    </main>
  );
}
