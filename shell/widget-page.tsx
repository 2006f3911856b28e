import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { $session } from '../shared/session-store';
import { usePageTitle } from './page-title';
import { WidgetMount } from './widget-mount';

/**
 * A widget as a whole page of the shell, titled. `publicApi`: the widget gets
 * the API base and no token, so a public page never uses (or drops, on its
 * own 401) a signed-in user's session. `inSlices`: see WidgetMount.
 */
export function WidgetPage({ title, publicApi, inSlices, children }: { title: string; publicApi?: boolean; inSlices?: boolean; children: ReactNode }) {
  usePageTitle(title);
  const { apiBase } = useStore($session);
  return (
    <main className="care-page">
      <WidgetMount apiBase={publicApi ? apiBase : undefined} inSlices={inSlices}>
        {children}
      </WidgetMount>
    </main>
  );
}
