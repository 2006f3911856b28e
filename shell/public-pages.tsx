import type { ReactNode } from 'react';
import { Redirect, Route, type DefaultParams, type StringRouteParams } from 'wouter';
import type { TFunction } from 'i18next';
import { usePublicText } from '../widgets/kit/public-i18n';
import type { PageContext, Render } from './page-render';
import { BackToWork, CitForm, HwcForm, OptOut, ReferralFormWidget, SupportForm } from './public-forms';
import { PUBLIC_FORM_PATHS, type PublicFormPath } from './public-paths';
import { WidgetPage } from './widget-page';

/** A public form's page, titled in the visitor's language (issue 39). */
function PublicFormPage({ title, publicApi, children }: { title: (t: TFunction) => string; publicApi?: boolean; children: ReactNode }) {
  const { t } = usePublicText();
  return (
    <WidgetPage title={title(t)} publicApi={publicApi} inSlices>
      {children}
    </WidgetPage>
  );
}

const publicPage =
  <Params,>(title: (t: TFunction) => string, render: Render<Params>, options: { publicApi?: boolean } = {}): Render<Params> =>
  (params, context) => (
    <PublicFormPage title={title} publicApi={options.publicApi}>
      {render(params, context)}
    </PublicFormPage>
  );

/**
 * The public forms' pages, drawn by the forms' own entry (public-main.tsx),
 * which the server sends for these paths (shared/public-form-pages.ts): a
 * visitor never loads the staff shell.
 */
const PUBLIC_FORM_PAGES: { [P in PublicFormPath]: Render<StringRouteParams<P>> } = {
  '/support': publicPage((t) => t('pageTitle.support'), () => <SupportForm />),
  // The vendor code comes with the link a manager hands out.
  '/b2w': publicPage((t) => t('pageTitle.b2w'), (_, { search }) => <BackToWork vendorCode={search.get('vendorCode') ?? ''} />),
  '/engagements/opt-out/:token': publicPage((t) => t('pageTitle.optOut'), (p) => <OptOut optOutToken={p.token} />),
  '/hwc': publicPage((t) => t('pageTitle.hwc'), () => <HwcForm />),
  // The address's query goes along: /cit?lang=es is the sheet in Spanish.
  '/cit': (_, { search }) => <Redirect to={search.size ? `/cit/oh?${search}` : '/cit/oh'} replace />,
  '/cit/:state': publicPage((t) => t('pageTitle.cit'), (p) => <CitForm state={p.state.toLowerCase()} />),
  '/ext/:instance/:type?': publicPage((t) => t('pageTitle.ext'), (p) => <ReferralFormWidget instance={p.instance} type={p.type ?? ''} />, { publicApi: true }),
};

/** The public forms as routes, in match order. */
export function publicFormRoutes(context: PageContext): ReactNode[] {
  return PUBLIC_FORM_PATHS.map((path) => {
    const render = PUBLIC_FORM_PAGES[path] as Render<DefaultParams>;
    return (
      <Route key={path} path={path}>
        {(params) => render(params, context)}
      </Route>
    );
  });
}
