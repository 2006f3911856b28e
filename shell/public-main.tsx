/// <reference types="vite/client" />
import { startTransition, StrictMode, Suspense, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { useStore } from '@nanostores/react';
import { Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { $session } from '../shared/session-store';
import { Toasts } from '../widgets/kit/toasts';
import './page-theme';
import './shell.css';
import { useCareNavigate } from './care-navigate';
import { FromServer } from './from-server';
import { PageLoading } from './page-loading';
import { publicFormRoutes } from './public-pages';
import { readSession } from './session-actions';
import { WidgetMount } from './widget-mount';

/**
 * Issue 39 section 4: the public forms' own entry. A visitor on a slow phone loads the form and what it
 * needs, not the staff shell, and the form draws without waiting for the session check. The check still
 * runs, after: a signed-in debug user sees the CIT sheet's debug fields (spec 002).
 */
function PublicApp() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { session } = useStore($session);
  // A move to a staff page (a link to /login) lands on FromServer, which loads it.
  useCareNavigate(navigate);
  useEffect(() => void readSession(), []);
  return (
    <>
      <WidgetMount className="care-toasts">
        <Toasts />
      </WidgetMount>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          {publicFormRoutes({ session, search: new URLSearchParams(search) })}
          <Route component={FromServer} />
        </Switch>
      </Suspense>
    </>
  );
}

// As a transition, React draws the form in slices and lets the phone answer between them, not in one long task.
startTransition(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Router>
        <PublicApp />
      </Router>
    </StrictMode>,
  ),
);
