import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Route, Switch, useLocation } from 'wouter';
import SlSpinner from '@shoelace-style/shoelace/dist/react/spinner/index.js';
import { $session } from '../shared/session-store';
import { Toasts, toast } from '../widgets/kit/toasts';
import { rememberAttemptedRoute, takeAttemptedRoute } from './attempted-route';
import { useCareNavigate } from './care-navigate';
import { HomePage } from './home-page';
import { InactivityDialog } from './inactivity-dialog';
import { LoginPage } from './login-page';
import { NotFoundPage } from './not-found-page';
import { CalendarRoute } from './calendar-route';
import { QueueRoute } from './queue-route';
import { ReminderFormRoute } from './reminder-form-route';
import { RemindersRoute } from './reminders-route';
import { routeDecision } from './routes';
import { $boot, bootSession } from './session-actions';
import { SessionTimeoutPage } from './session-timeout-page';
import { applyTheme } from './theme';
import { TopBar } from './top-bar';
import { WidgetMount } from './widget-mount';

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
        <div className="care-page care-centered" aria-busy="true">
          <SlSpinner aria-label="Loading" className="care-boot-spinner" />
        </div>
      ) : (
        <>
          {session && location !== '/session-timeout' && <TopBar session={session} />}
          <Switch>
            <Route path="/login" component={LoginPage} />
            <Route path="/session-timeout" component={SessionTimeoutPage} />
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
          {session && location !== '/session-timeout' && <InactivityDialog />}
        </>
      )}
    </>
  );
}
