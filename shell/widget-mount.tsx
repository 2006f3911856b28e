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
 * With `inSlices` the page inside draws as a transition (a public form on a
 * slow phone, issue 39 section 4): a state set in a layout effect renders at
 * once, in one task, which on /cit was hundreds of milliseconds the phone could
 * not answer in. A staff page draws at once: the navigator's home painted
 * later in slices (issue 37 section 4; warm medians at 4x CPU, two runs each:
 * 1,188 and 1,408 ms drawn at once, 1,324 and 1,568 ms in slices).
 */
export function WidgetMount({ children, className, apiBase, inSlices }: { children: ReactNode; className?: string; apiBase?: string; inSlices?: boolean }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  useLayoutEffect(() => {
    const host = hostRef.current!;
    const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    adoptWidgetStyles(shadow);
    if (inSlices) startTransition(() => setRoot(shadow));
    else setRoot(shadow);
  }, [inSlices]);
  return (
    <div ref={hostRef} className={className}>
      {root && createPortal(<WidgetProvider host={hostRef.current} apiBase={apiBase}>{children}</WidgetProvider>, root)}
    </div>
  );
}
