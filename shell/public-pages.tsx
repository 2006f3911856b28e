import type { ReactNode } from 'react';
import { Redirect, Route, type DefaultParams, type StringRouteParams } from 'wouter';
import { widgetPage, type PageContext, type Render } from './page-render';
import { BackToWork, CitForm, HwcForm, OptOut, ReferralFormWidget, SupportForm } from './public-forms';
import { SHELL_ROUTES, type ShellPath } from './routes';

/**
 * The public forms' pages, drawn by the staff shell (pages.tsx) and by the
 * forms' own entry (public-main.tsx), which the server sends for these paths
 * (shared/public-form-pages.ts): a visitor never loads the staff shell.
 */
export const PUBLIC_FORM_PAGES = {
  '/support': widgetPage('Customer Support', () => <SupportForm />),
  // The vendor code comes with the link a manager hands out.
  '/b2w': widgetPage('Back to Work', (_, { search }) => <BackToWork vendorCode={search.get('vendorCode') ?? ''} />),
  '/engagements/opt-out/:token': widgetPage('Opt Out', (p) => <OptOut optOutToken={p.token} />),
  '/hwc': widgetPage('Handle with Care', () => <HwcForm />),
  '/cit': () => <Redirect to="/cit/oh" replace />,
  '/cit/:state': widgetPage('CIT Contact Sheet', (p) => <CitForm state={p.state.toLowerCase()} />),
  '/ext/:instance/:type?': widgetPage('Referral', (p) => <ReferralFormWidget instance={p.instance} type={p.type ?? ''} />, { publicApi: true }),
} satisfies { [P in ShellPath]?: Render<StringRouteParams<P>> };

type PublicFormPath = keyof typeof PUBLIC_FORM_PAGES;
const isPublicFormPath = (path: ShellPath): path is PublicFormPath => path in PUBLIC_FORM_PAGES;

/** The public forms as routes, in the shell's order. */
export function publicFormRoutes(context: PageContext): ReactNode[] {
  return SHELL_ROUTES.filter((r) => isPublicFormPath(r.path)).map(({ path }) => {
    const render = PUBLIC_FORM_PAGES[path as PublicFormPath] as Render<DefaultParams>;
    return (
      <Route key={path} path={path}>
        {(params) => render(params, context)}
      </Route>
    );
  });
}
