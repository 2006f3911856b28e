import { NotFoundPage } from './not-found-page';

/** /cit-submission/{submissionId}: staff view and approval (issue 4). */
export function CitSubmissionRoute(_props: { submissionId: string }) {
  return <NotFoundPage />;
}
