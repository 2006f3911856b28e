import { createContext, useContext, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { ApiClient } from '../api/client';
import { DEFAULT_PRIMARY_COLOR } from '../constants';
import { $session, primaryColorOf, type Session } from '../session-store';

export interface WidgetContextValue {
  client: ApiClient;
  lang: string;
  /** The custom element the widget lives in; absent when the shell renders a component directly. */
  host: HTMLElement | null;
  /** Where events start when there is no host element: the widget's root node. */
  eventTarget: () => HTMLElement | null;
  /** The signed-in session when the widget shares one (shell or `<care-session>`); null with its own token. */
  session: Session | null;
}

const WidgetContext = createContext<WidgetContextValue | null>(null);

function useWidgetContext(): WidgetContextValue {
  const value = useContext(WidgetContext);
  if (!value) throw new Error('A Careweave widget component must be rendered inside defineWidget() or <WidgetProvider>.');
  return value;
}

/** The API client for this widget: own attributes, else the nearest `<care-session>`, else the page's `$session`. */
export function useWidgetApi(): ApiClient {
  return useWidgetContext().client;
}

/** The signed-in session, when the widget shares one; a widget given only a token reads `session/current` itself. */
export function useWidgetSession(): Session | null {
  return useWidgetContext().session;
}

/**
 * Children talk to the server through `map(client)` (e.g. a patient page's
 * client that names its page view) and otherwise see the same context.
 */
export function ScopedClient({ map, children }: { map: (client: ApiClient) => ApiClient; children?: ReactNode }) {
  const outer = useWidgetContext();
  const value = useMemo(() => ({ ...outer, client: map(outer.client) }), [outer, map]);
  return <WidgetContext.Provider value={value}>{children}</WidgetContext.Provider>;
}

export function useWidgetLang(): string {
  return useWidgetContext().lang;
}

export function useWidgetEventSource(): Pick<WidgetContextValue, 'host' | 'eventTarget'> {
  const { host, eventTarget } = useWidgetContext();
  return { host, eventTarget };
}

/** What `<care-session>` exposes to widgets inside it (see widgets/session). */
export interface SessionSource extends HTMLElement {
  client?: ApiClient;
  session?: Session | null;
}

/** Walks up through shadow roots so a widget nested in another widget still finds the session. */
export function findCareSession(from: Node): SessionSource | null {
  let node: Node | null = from.parentNode;
  while (node) {
    if (node instanceof HTMLElement && node.localName === 'care-session') return node as SessionSource;
    node = node instanceof ShadowRoot ? node.host : node.parentNode;
  }
  return null;
}

interface SessionView {
  client: ApiClient | null;
  session: Session | null;
}

/** Follows a `<care-session>` element, which may upgrade, sign in or sign out after we mount. */
function useCareSession(element: SessionSource | null): SessionView {
  const read = (): SessionView => ({ client: element?.client ?? null, session: element?.session ?? null });
  const [view, setView] = useState(read);
  useEffect(() => {
    if (!element) return;
    const update = (event?: Event) => {
      if (!event || event.target === element) setView(read());
    };
    update();
    element.addEventListener('care-session-change', update);
    void customElements.whenDefined('care-session').then(() => update());
    return () => element.removeEventListener('care-session-change', update);
  }, [element]);
  return view;
}

export interface WidgetProviderProps {
  host?: HTMLElement | null;
  apiBase?: string;
  token?: string;
  lang?: string;
  primaryColor?: string;
  children?: ReactNode;
}

/**
 * Resolves client, language and theme for one widget. defineWidget() wraps
 * every element in it; the shell may wrap directly-rendered components too.
 * Inside a `<care-session>` that is not signed in yet, nothing renders, so
 * widgets never fire requests that can only fail with 401.
 */
export function WidgetProvider({ host = null, apiBase, token, lang, primaryColor, children }: WidgetProviderProps) {
  const global = useStore($session);
  const ownConfig = Boolean(apiBase || token);
  const sessionElement = useMemo(() => (host && !ownConfig ? findCareSession(host) : null), [host, ownConfig]);
  const fromElement = useCareSession(sessionElement);
  const rootRef = useRef<HTMLDivElement>(null);

  const client = useMemo(() => {
    if (ownConfig) return new ApiClient({ apiBase: apiBase || global.apiBase, token: token || null });
    if (sessionElement) return fromElement.client;
    return new ApiClient({
      apiBase: global.apiBase,
      token: global.token,
      csrfToken: global.csrfToken,
      onUnauthorized: () => $session.set({ ...$session.get(), token: null, session: null }),
    });
  }, [ownConfig, apiBase, token, sessionElement, fromElement.client, global.apiBase, global.token, global.csrfToken]);

  const session = sessionElement ? fromElement.session : global.session;
  const color = primaryColor || primaryColorOf(session) || DEFAULT_PRIMARY_COLOR;

  const value = useMemo<WidgetContextValue | null>(
    () => (client ? { client, lang: lang || 'en-US', host, eventTarget: () => rootRef.current, session: ownConfig ? null : session } : null),
    [client, lang, host, ownConfig, session],
  );

  return (
    <div ref={rootRef} className="care-root" part="root" style={{ '--care-color-primary': color } as CSSProperties}>
      {value && <WidgetContext.Provider value={value}>{children}</WidgetContext.Provider>}
    </div>
  );
}
