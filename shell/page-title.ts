import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $session } from '../shared/session-store';
import { isNavigatorMode } from '../shared/modes';
import { useTranslate } from '../shared/i18n';

/** "<page> | Navigator" in navigator mode (spec 000 section 1), otherwise "<page> | Careweave"; the patient word as translated ("Add Client"). */
export function usePageTitle(title: string): void {
  const { session } = useStore($session);
  const page = useTranslate()(title);
  const app = isNavigatorMode(session?.flags) ? 'Navigator' : 'Careweave';
  useEffect(() => {
    document.title = page ? `${page} | ${app}` : app;
  }, [page, app]);
}
