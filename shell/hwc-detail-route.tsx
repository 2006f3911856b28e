import { NotFoundPage } from './not-found-page';

/** /hwc/{id}: Handle with Care detail for staff (issue 4). */
export function HwcDetailRoute(_props: { id: string }) {
  return <NotFoundPage />;
}
