import type { ReactNode } from 'react';
import { matchRoute, Redirect, Route, useRouter, type DefaultParams, type StringRouteParams } from 'wouter';
import type { Session } from '../shared/session-store';
import { QueuePage } from '../widgets/queue/queue.component';
import { HomePage } from './home-page';
import {
  AddPatient,
  AdminPage,
  BackToWork,
  CalendarPage,
  ChatPage,
  CitForm,
  CitSubmissionView,
  HwcDetail,
  HwcForm,
  LoginPage,
  OptOut,
  PatientList,
  ReferralFormWidget,
  RemindersPage,
  ProgramDashboard,
  ReportsPage,
  ResourceLibrary,
  SessionTimeoutPage,
  SetPasswordPage,
  SupportForm,
} from './lazy-routes';
import { PatientRecordRoute, patientRedirect } from './patient-record-route';
import { WidgetPage } from './widget-page';

interface Context {
  params: DefaultParams;
  session: Session | null;
  search: URLSearchParams;
}

interface ShellPage {
  path: string;
  render: (context: Context) => ReactNode;
}

type Render<P extends string> = (params: StringRouteParams<P>, context: Context & { session: Session }) => ReactNode;

function page<P extends string>(path: P, render: (params: StringRouteParams<P>, context: Context) => ReactNode): ShellPage {
  return { path, render: (c) => render(c.params as StringRouteParams<P>, c) };
}

/** Renders nothing signed out: the route guard in app.tsx has already sent the visitor to /. */
function privatePage<P extends string>(path: P, render: Render<P>): ShellPage {
  return { path, render: (c) => c.session && render(c.params as StringRouteParams<P>, { ...c, session: c.session }) };
}

/** A widget as a whole page, titled; `publicApi` pages never use (or drop) a signed-in session. */
function widgetPage<P extends string>(path: P, title: string, render: (params: StringRouteParams<P>, context: Context) => ReactNode, options: { private?: boolean; publicApi?: boolean } = {}) {
  const wrap = (params: StringRouteParams<P>, context: Context) => (
    <WidgetPage title={title} publicApi={options.publicApi}>
      {render(params, context)}
    </WidgetPage>
  );
  return options.private ? privatePage(path, wrap) : page(path, wrap);
}

/**
 * Every page of the shell. Links into the shell ask `useHasPage`, so a link
 * to a page of a later issue (the main nav's Chat, Reports, ...) stays hidden
 * until its page is added here, and then shows without further changes.
 */
const PAGES: ShellPage[] = [
  page('/login', () => <LoginPage />),
  page('/session-timeout', () => <SessionTimeoutPage />),
  page('/set-password', () => <SetPasswordPage />),
  widgetPage('/support', 'Customer Support', () => <SupportForm />),
  // The vendor code comes with the link a manager hands out.
  widgetPage('/b2w', 'Back to Work', (_, { search }) => <BackToWork vendorCode={search.get('vendorCode') ?? ''} />),
  widgetPage('/engagements/opt-out/:token', 'Opt Out', (p) => <OptOut optOutToken={p.token} />),
  widgetPage('/hwc', 'Handle with Care', () => <HwcForm />),
  page('/cit', () => <Redirect to="/cit/oh" replace />),
  widgetPage('/cit/:state', 'CIT Contact Sheet', (p) => <CitForm state={p.state.toLowerCase()} />),
  widgetPage('/ext/:instance/:type?', 'Referral', (p) => <ReferralFormWidget instance={p.instance} type={p.type ?? ''} />, { publicApi: true }),
  widgetPage('/hwc/:id', 'Handle with Care', (p) => <HwcDetail key={p.id} hwcId={p.id} />, { private: true }),
  widgetPage('/cit-submission/:submissionId', 'CIT Submission', (p) => <CitSubmissionView submissionId={p.submissionId} />, { private: true }),
  privatePage('/home', (_, { session }) => <HomePage session={session} />),
  widgetPage('/home/queues/:queueId', 'Queue', (p) => <QueuePage key={p.queueId} queueId={p.queueId} />, { private: true }),
  widgetPage('/home/reminders', 'Reminders', () => <RemindersPage />, { private: true }),
  // Spec 000 section 2: /chat?s={subscriptionId}, the conversations.
  widgetPage('/chat', 'Chat', (_, { search }) => <ChatPage subscriptionId={search.get('s') ?? undefined} />, { private: true }),
  // Spec 002 "Reports area": the menu, then /reports/configured/{name}; the server refuses everyone without hasReports.
  widgetPage('/reports', 'Reports', () => <ReportsPage />, { private: true }),
  widgetPage('/reports/*', 'Reports', (p) => <ReportsPage page={p['*']} />, { private: true }),
  // Issue 12: the director's program dashboard; the server refuses everyone without isDirector.
  widgetPage('/program-dashboard', 'Program Dashboard', () => <ProgramDashboard />, { private: true }),
  widgetPage('/resource-library', 'Resource Library', () => <ResourceLibrary />, { private: true }),
  widgetPage('/home/calendar', 'Calendar', (_, { search }) => <CalendarPage startDate={search.get('startDate') ?? undefined} />, { private: true }),
  // Before /patients/:patientId, which would take 'add' for a patient id.
  widgetPage('/patients/add', 'Add Patient', () => <AddPatient />, { private: true }),
  // Spec 001 section 2: /patient/{id}/... is the same as /patients/{id}/...; a bare record opens its first page.
  widgetPage('/patients', 'Patients', () => <PatientList />, { private: true }),
  // Issue 14: the administration area; the server refuses everyone without navigatorAdmin.
  widgetPage('/admin', 'Admin', () => <AdminPage />, { private: true }),
  widgetPage('/admin/*', 'Admin', (p) => <AdminPage page={p['*']} />, { private: true }),
  privatePage('/patient/*', (p) => <Redirect to={`/patients/${p['*']}`} replace />),
  privatePage('/patients/:patientId', (p, { session, search }) => <Redirect to={patientRedirect(p.patientId, session, search)} replace />),
  privatePage('/patients/:patientId/*', (p, { search }) => <PatientRecordRoute patientId={p.patientId} page={p['*']} search={search} />),
];

/** The pages as routes for the shell's `<Switch>`. */
export function pageRoutes(session: Session | null, search: URLSearchParams): ReactNode[] {
  return PAGES.map((p) => (
    <Route key={p.path} path={p.path}>
      {(params) => p.render({ params, session, search })}
    </Route>
  ));
}

/** Whether a link to `path` reaches a page rather than "Page not found". */
export function useHasPage(): (path: string) => boolean {
  const { parser } = useRouter();
  return (path) => PAGES.some((p) => matchRoute(parser, p.path, path)[0]);
}
