import { NotFoundPage } from './not-found-page';

/** /ext/{externalActionInstance}/{type}: external action pages (issue 4). */
export function ExtRoute(_props: { instance: string; type?: string }) {
  return <NotFoundPage />;
}
