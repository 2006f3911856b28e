import { NotFoundPage } from './not-found-page';

/** /support: customer support request (issue 4). */
export function SupportRoute() {
  return <NotFoundPage />;
}
