import type { ReactNode } from 'react';
import type { Session } from '../shared/session-store';
import { WidgetPage } from './widget-page';

export interface PageContext {
  session: Session | null;
  search: URLSearchParams;
}

/** What a page draws, from its route's parameters. */
export type Render<Params, C = PageContext> = (params: Params, context: C) => ReactNode;

/** Renders nothing signed out: the route guard in app.tsx has already sent the visitor to /. */
export function privatePage<Params>(render: Render<Params, PageContext & { session: Session }>): Render<Params> {
  return (params, c) => c.session && render(params, { ...c, session: c.session });
}

/** A widget as a whole page, titled; `publicApi` pages never use (or drop) a signed-in session. */
export function widgetPage<Params>(title: string, render: Render<Params>, options: { private?: boolean; publicApi?: boolean } = {}): Render<Params> {
  const wrap: Render<Params> = (params, context) => (
    <WidgetPage title={title} publicApi={options.publicApi}>
      {render(params, context)}
    </WidgetPage>
  );
  return options.private ? privatePage(wrap) : wrap;
}
