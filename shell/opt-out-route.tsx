import { NotFoundPage } from './not-found-page';

/** /engagements/opt-out/{token} (issue 4). */
export function OptOutRoute(_props: { token: string }) {
  return <NotFoundPage />;
}
