import { Suspense, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import SlSpinner from '@shoelace-style/shoelace/dist/react/spinner/index.js';
import { $session } from '../shared/session-store';
import { Toasts, toast } from '../widgets/kit/toasts';
import { rememberAttemptedRoute, takeAttemptedRoute } from './attempted-route';
import { useCareNavigate } from './care-navigate';
import { HomePage } from './home-page';
import { B2wRoute, CalendarRoute, CitRoute, CitSubmissionRoute, ExtRoute, HwcDetailRoute, HwcRoute, OptOutRoute, ReminderFormRoute, RemindersRoute, SupportRoute } from './lazy-routes';
import { InactivityDialog } from './inactivity-dialog';
import { LoginPage } from './login-page';
import { NotFoundPage } from './not-found-page';
import { QueueRoute } from './queue-route';
import { routeDecision } from './routes';
import { $boot, bootSession } from './session-actions';
import { SessionTimeoutPage } from './session-timeout-page';
import { applyTheme } from './theme';
import { TopBar } from './top-bar';
import { WidgetMount } from './widget-mount';

function Loading() {
  return (
    <div className="care-page care-centered" aria-busy="true">
      <SlSpinner aria-label="Loading" className="care-boot-spinner" />
    </div>
  );
}

export function App() {
  const boot = useStore($boot);
  const { session } = useStore($session);
  const [location, navigate] = useLocation();
  const decision = boot === 'ready' ? routeDecision(location, !!session) : null;

  useEffect(() => void bootSession(), []);
  useEffect(() => applyTheme(session), [session]);
  useCareNavigate(navigate);

  useEffect(() => {
    if (!decision) return;
    if (decision.rememberAttempt) rememberAttemptedRoute(location + window.location.search);
    const attempted = session ? takeAttemptedRoute() : null;
    if (attempted) toast('Redirecting to previously attempted page ...', 'primary');
    navigate(attempted ?? decision.redirect, { replace: true });
  }, [decision?.redirect, decision?.rememberAttempt, location]);

  return (
    <>
      {/* Mounted first so this is the one toast stack that draws (widgets/kit/toasts). */}
      <WidgetMount className="care-toasts">
        <Toasts />
      </WidgetMount>
      {boot === 'checking' || decision ? (
        <Loading />
      ) : (
        <>
          {session && location !== '/session-timeout' && <TopBar session={session} />}
          <Suspense fallback={<Loading />}>
            <Switch>
              <Route path="/login" component={LoginPage} />
              <Route path="/session-timeout" component={SessionTimeoutPage} />
              <Route path="/support" component={SupportRoute} />
              <Route path="/b2w" component={B2wRoute} />
              <Route path="/engagements/opt-out/:token">{(params) => <OptOutRoute token={params.token} />}</Route>
              <Route path="/hwc" component={HwcRoute} />
              <Route path="/cit">
                <Redirect to="/cit/oh" replace />
              </Route>
              <Route path="/cit/:state">{(params) => <CitRoute state={params.state} />}</Route>
              <Route path="/ext/:instance/:type?">{(params) => <ExtRoute instance={params.instance} type={params.type} />}</Route>
              {session && <Route path="/hwc/:id">{(params) => <HwcDetailRoute id={params.id} />}</Route>}
              {session && <Route path="/cit-submission/:submissionId">{(params) => <CitSubmissionRoute submissionId={params.submissionId} />}</Route>}
              {session && (
                <Route path="/home">
                  <HomePage session={session} />
                </Route>
              )}
              {session && <Route path="/home/queues/:queueId">{(params) => <QueueRoute queueId={params.queueId} />}</Route>}
              {session && <Route path="/home/reminders" component={RemindersRoute} />}
              {session && <Route path="/home/calendar" component={CalendarRoute} />}
              {session && <Route path="/patients/:patientId/reminders/add">{(params) => <ReminderFormRoute patientId={params.patientId} />}</Route>}
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
          {session && location !== '/session-timeout' && <InactivityDialog />}
        </>
      )}
    </>
  );
}
