import { useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useStore } from '@nanostores/react';
import { $session } from '../shared/session-store';
import { adoptWidgetStyles } from '../shared/widget/styles';
import { WidgetProvider } from '../shared/widget/widget-context';
import { ReferralFormWidget } from '../widgets/ext/referral-form.component';
import { usePageTitle } from './page-title';

/**
 * /ext/{externalActionInstance}/{type}: the public external action pages
 * (spec 000). Like WidgetMount, but with the API base and no token: the pages
 * never use (or drop, on their own 401) a signed-in user's session.
 */
export function ExtRoute({ instance, type }: { instance: string; type?: string }) {
  usePageTitle('Referral');
  const { apiBase } = useStore($session);
  const hostRef = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  useLayoutEffect(() => {
    const host = hostRef.current!;
    const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    adoptWidgetStyles(shadow);
    setRoot(shadow);
  }, []);
  return (
    <main className="care-page">
      <div ref={hostRef}>
        {root &&
          createPortal(
            <WidgetProvider host={hostRef.current} apiBase={apiBase}>
              <ReferralFormWidget instance={instance} type={type ?? ''} />
            </WidgetProvider>,
            root,
          )}
      </div>
    </main>
  );
}
