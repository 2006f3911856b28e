import { useEffect } from 'react';
import { NotFoundPage } from './not-found-page';
import { PageLoading } from './page-loading';

/** The page this document was loaded for. */
const loadedFor = window.location.pathname;

/**
 * A page the other entry draws: the staff shell and the public forms' entry
 * (public-main.tsx) each leave the other's pages to the server, which sends
 * the page that draws them (issue 39). Moved here within the page, it loads
 * that page; loaded for this very path (the server had no other page to send),
 * it says so rather than load itself again.
 */
export function FromServer() {
  const moved = window.location.pathname !== loadedFor;
  useEffect(() => {
    if (moved) window.location.reload();
  }, [moved]);
  return moved ? <PageLoading /> : <NotFoundPage />;
}
