import type { ReactNode } from 'react';
import { matchRoute, Redirect, Route, useRouter, type DefaultParams, type StringRouteParams } from 'wouter';
import { flagsAllow, type Flags } from '../shared/permissions';
import type { Session } from '../shared/session-store';
import { HomePage } from './home-page';
import {
  AddPatient,
  AdminPage,
  AppConsentPage,
  EmergencyAccessPage,
  CalendarPage,
  ChatPage,
  CitSubmissionView,
  HwcDetail,
  IncomingReferrals,
  LoginPage,
  PatientList,
  QueuePage,
  RemindersPage,
  ProgramDashboard,
  ReportsPage,
  ResourceLibrary,
  SessionTimeoutPage,
  SetPasswordPage,
} from './lazy-routes';
import { privatePage, widgetPage, type Render } from './page-render';
import { PatientRecordRoute, patientRedirect } from './patient-record-route';
import { FromServer } from './from-server';
import { PUBLIC_FORM_PATHS } from './public-paths';
import { SHELL_ROUTES, type ShellPath } from './routes';
import { shellText as t } from './shell-text';

/** /admin/{section}/{rest}: the admin area draws the path under /admin. */
const adminPage = (section: string) => widgetPage<{ '*'?: string }>(t('pages.admin'), (p) => <AdminPage page={[section, p['*']].filter(Boolean).join('/')} />, { private: true });

/**
 * What each route of SHELL_ROUTES (shell/routes.ts, which holds their order
 * and the flags each needs) draws. Links into the shell ask `useRouteAccess`,
 * so a link to a page not built or not allowed stays hidden.
 */
const PAGES: { [P in ShellPath]: Render<StringRouteParams<P>> } = {
  '/login': () => <LoginPage />,
  '/session-timeout': () => <SessionTimeoutPage />,
  '/set-password': () => <SetPasswordPage />,
  // The public forms' own entry draws them (issue 39): a move to one within the shell loads its page.
  ...(Object.fromEntries(PUBLIC_FORM_PATHS.map((path) => [path, () => <FromServer />])) as Record<(typeof PUBLIC_FORM_PATHS)[number], () => ReactNode>),
  '/hwc/:id': widgetPage(t('pages.hwc'), (p) => <HwcDetail key={p.id} hwcId={p.id} />, { private: true }),
  '/cit-submission/:submissionId': widgetPage(t('pages.citSubmission'), (p) => <CitSubmissionView submissionId={p.submissionId} />, { private: true }),
  // The identity search keeps its criteria in the query (?lastName=...), so Back from a child's record finds them.
  '/home': privatePage((_, { session, search }) => <HomePage session={session} query={search.toString()} />),
  '/home/queues/:queueId': widgetPage(t('pages.queue'), (p) => <QueuePage key={p.queueId} queueId={p.queueId} />, { private: true }),
  '/home/reminders': widgetPage(t('pages.reminders'), () => <RemindersPage />, { private: true }),
  '/home/incoming-referrals': widgetPage(t('pages.referralsToLink'), () => <IncomingReferrals variant="page" />, { private: true }),
  // Spec 000 section 2: /chat?s={subscriptionId}, the conversations.
  '/chat': widgetPage(t('pages.chat'), (_, { search }) => <ChatPage subscriptionId={search.get('s') ?? undefined} />, { private: true }),
  // Spec 002 "Reports area": the menu, then /reports/configured/{name}.
  '/reports': widgetPage(t('pages.reports'), () => <ReportsPage />, { private: true }),
  '/reports/*': widgetPage(t('pages.reports'), (p) => <ReportsPage page={p['*']} />, { private: true }),
  // Issue 12: the director's program dashboard.
  '/program-dashboard': widgetPage(t('pages.programDashboard'), () => <ProgramDashboard />, { private: true }),
  '/resource-library': widgetPage(t('pages.resourceLibrary'), () => <ResourceLibrary />, { private: true }),
  '/home/calendar': widgetPage(t('pages.calendar'), (_, { search }) => <CalendarPage startDate={search.get('startDate') ?? undefined} />, { private: true }),
  // Issue 34: /patients/add?from=ehr after an EHR launch that matched no patient.
  '/patients/add': widgetPage(t('pages.addPatient'), () => <AddPatient fromEhr={new URLSearchParams(window.location.search).get('from') === 'ehr'} />, { private: true }),
  '/patients': widgetPage(t('pages.patients'), (_, { search }) => <PatientList query={search.toString()} />, { private: true }),
  // Issue 35: a SMART app's standalone launch asks the signed-in user here.
  '/authorize-app/:uid': widgetPage(t('pages.allowApp'), (p) => <AppConsentPage key={p.uid} uid={p.uid} />, { private: true }),
  // Issue 38: emergency access review.
  '/emergency-access': widgetPage(t('pages.emergencyAccess'), () => <EmergencyAccessPage />, { private: true }),
  '/emergency-access/:eventId': widgetPage(t('pages.emergencyAccess'), (p) => <EmergencyAccessPage eventId={p.eventId} />, { private: true }),
  // Issue 14: the administration area.
  '/admin': adminPage(''),
  '/admin/users/*?': adminPage('users'),
  '/admin/organization/*?': adminPage('organization'),
  '/admin/access-codes/*?': adminPage('access-codes'),
  '/admin/reference/*?': adminPage('reference'),
  '/admin/audit/*?': adminPage('audit'),
  // Spec 001 section 2: /patient/{id}/... is the same as /patients/{id}/...; a bare record opens its first page.
  '/patient/*': privatePage((p) => <Redirect to={`/patients/${p['*']}`} replace />),
  '/patients/:patientId': privatePage((p, { session, search }) => <Redirect to={patientRedirect(p.patientId, session, search)} replace />),
  '/patients/:patientId/*': privatePage((p, { search }) => <PatientRecordRoute patientId={p.patientId} page={p['*']} search={search} />),
};

/** The pages as routes for the shell's `<Switch>`. */
export function pageRoutes(session: Session | null, search: URLSearchParams): ReactNode[] {
  return SHELL_ROUTES.map(({ path }) => {
    const render = PAGES[path] as Render<DefaultParams>;
    return (
      <Route key={path} path={path}>
        {(params) => render(params, { session, search })}
      </Route>
    );
  });
}

/**
 * Whether `path` reaches a page these flags may open ('open'), one they may
 * not ('refused'), or "Page not found" ('none'); the route is the one the
 * `<Switch>` would draw, the first that matches.
 */
export function useRouteAccess(): (path: string, flags: Partial<Flags>) => 'open' | 'refused' | 'none' {
  const { parser } = useRouter();
  return (path, flags) => {
    const route = SHELL_ROUTES.find((r) => matchRoute(parser, r.path, path)[0]);
    if (!route) return 'none';
    return flagsAllow(flags, route.flags) ? 'open' : 'refused';
  };
}
