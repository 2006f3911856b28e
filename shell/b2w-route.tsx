import { NotFoundPage } from './not-found-page';

/** /b2w: Back to Work (issue 4). */
export function B2wRoute() {
  return <NotFoundPage />;
}
