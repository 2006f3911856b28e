import { Suspense, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { $session } from '../shared/session-store';
import { Toasts, toast } from '../widgets/kit/toasts';
import { rememberAttemptedRoute, takeAttemptedRoute } from './attempted-route';
import { useCareNavigate } from './care-navigate';
import { InactivityDialog } from './lazy-routes';
import { NotFoundPage } from './not-found-page';
import { FirstScreenGone, PageLoading } from './page-loading';
import { pageRoutes, useRouteAccess } from './pages';
import { NO_ACCESS, routeDecision } from './routes';
import { $boot, bootSession } from './session-actions';
import { applyTheme } from './theme';
import { TopBar } from './top-bar';
import { WidgetMount } from './widget-mount';
import { shellText as t } from './shell-text';

export function App() {
  const boot = useStore($boot);
  const { session } = useStore($session);
  const [location, navigate] = useLocation();
  const search = useSearch();
  const access = useRouteAccess();
  const refused = !!session && access(location, session.flags) === 'refused';
  const decision = boot === 'ready' ? (routeDecision(location, !!session) ?? (refused ? NO_ACCESS : null)) : null;

  useEffect(() => void bootSession(), []);
  useEffect(() => applyTheme(session), [session]);
  useCareNavigate(navigate);

  useEffect(() => {
    if (!decision) return;
    if (decision.rememberAttempt) rememberAttemptedRoute(location + window.location.search);
    const attempted = session ? takeAttemptedRoute() : null;
    if (attempted) toast(t('redirecting'), 'primary');
    else if (decision.notice) toast(decision.notice, 'warning');
    navigate(attempted ?? decision.redirect, { replace: true });
  }, [decision?.redirect, decision?.rememberAttempt, location]);

  const ready = boot !== 'checking' && !decision;
  const signedIn = ready && !!session && location !== '/session-timeout';
  return (
    <>
      {signedIn && <TopBar session={session} />}
      {/* Under the top bar, so toasts never cover it (shell.css); mounted before any page widget (the bar has no toasts of its own), so this is the one stack that draws (widgets/kit/toasts). */}
      <WidgetMount className="care-toasts">
        <Toasts />
      </WidgetMount>
      {!ready ? (
        <PageLoading />
      ) : (
        <>
          <Suspense fallback={<PageLoading />}>
            <Switch>
              {pageRoutes(session, new URLSearchParams(search))}
              <Route component={NotFoundPage} />
            </Switch>
            <FirstScreenGone />
          </Suspense>
          {signedIn && (
            <Suspense fallback={null}>
              <InactivityDialog />
            </Suspense>
          )}
        </>
      )}
    </>
  );
}
