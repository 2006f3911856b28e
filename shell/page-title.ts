import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $session } from '../shared/session-store';
import { isNavigatorMode } from '../shared/modes';

/** "<page> | Navigator" in navigator mode (spec 000 section 1), otherwise "<page> | Careweave". */
export function usePageTitle(page: string): void {
  const { session } = useStore($session);
  const app = isNavigatorMode(session?.flags) ? 'Navigator' : 'Careweave';
  useEffect(() => {
    document.title = page ? `${page} | ${app}` : app;
  }, [page, app]);
}
