import { NotFoundPage } from './not-found-page';

/** /hwc: Handle with Care form (issue 4). */
export function HwcRoute() {
  return <NotFoundPage />;
}
