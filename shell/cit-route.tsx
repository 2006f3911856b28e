import { NotFoundPage } from './not-found-page';

/** /cit/{state}: public CIT contact sheet (issue 4). */
export function CitRoute(_props: { state: string }) {
  return <NotFoundPage />;
}
