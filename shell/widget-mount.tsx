import { startTransition, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { WidgetProvider } from '../shared/widget/widget-context';
import { adoptWidgetStyles } from '../shared/widget/styles';

/**
 * Renders widget components the way their custom elements do: in a shadow
 * root with the widget styles, so they look the same in the shell as on a
 * partner's page, and their events leave through this host element.
 * With `apiBase` the widget talks to the server without the signed-in
 * session (public pages that must not use, or drop, a user's session).
 */
export function WidgetMount({ children, className, apiBase }: { children: ReactNode; className?: string; apiBase?: string }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  useLayoutEffect(() => {
    const host = hostRef.current!;
    const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    adoptWidgetStyles(shadow);
    // A state set in a layout effect renders at once, in one task: the whole page inside, on a slow phone
    // hundreds of milliseconds the phone could not answer in (issue 39 section 4). As a transition React draws it in slices.
    startTransition(() => setRoot(shadow));
  }, []);
  return (
    <div ref={hostRef} className={className}>
      {root && createPortal(<WidgetProvider host={hostRef.current} apiBase={apiBase}>{children}</WidgetProvider>, root)}
    </div>
  );
}
