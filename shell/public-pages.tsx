import type { ReactNode } from 'react';
import { Redirect, Route, type DefaultParams, type StringRouteParams } from 'wouter';
import { widgetPage, type PageContext, type Render } from './page-render';
import { BackToWork, CitForm, HwcForm, OptOut, ReferralFormWidget, SupportForm } from './public-forms';
import { PUBLIC_FORM_PATHS, type PublicFormPath } from './public-paths';

/**
 * The public forms' pages, drawn by the forms' own entry (public-main.tsx),
 * which the server sends for these paths (shared/public-form-pages.ts): a
 * visitor never loads the staff shell.
 */
const PUBLIC_FORM_PAGES: { [P in PublicFormPath]: Render<StringRouteParams<P>> } = {
  '/support': widgetPage('Customer Support', () => <SupportForm />),
  // The vendor code comes with the link a manager hands out.
  '/b2w': widgetPage('Back to Work', (_, { search }) => <BackToWork vendorCode={search.get('vendorCode') ?? ''} />),
  '/engagements/opt-out/:token': widgetPage('Opt Out', (p) => <OptOut optOutToken={p.token} />),
  '/hwc': widgetPage('Handle with Care', () => <HwcForm />),
  '/cit': () => <Redirect to="/cit/oh" replace />,
  '/cit/:state': widgetPage('CIT Contact Sheet', (p) => <CitForm state={p.state.toLowerCase()} />),
  '/ext/:instance/:type?': widgetPage('Referral', (p) => <ReferralFormWidget instance={p.instance} type={p.type ?? ''} />, { publicApi: true }),
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
