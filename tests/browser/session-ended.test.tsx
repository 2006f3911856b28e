import '../../widgets/session/session.element';
import '../../widgets/add-patient/add-patient.element';
import '../../widgets/admin/admin.element';
import '../../widgets/admissions/patient-admissions.element';
import '../../widgets/allergies/patient-allergies.element';
import '../../widgets/badges/badges.element';
import '../../widgets/break-glass/emergency-access.element';
import '../../widgets/calendar/calendar.element';
import '../../widgets/care-team/patient-care-team.element';
import '../../widgets/chat/chat.element';
import '../../widgets/cit/cit-submission.element';
import '../../widgets/cit/cit-submissions.element';
import '../../widgets/demographics/demographics.element';
import '../../widgets/diagnoses/patient-diagnoses.element';
import '../../widgets/documents/patient-documents.element';
import '../../widgets/face-sheet/face-sheet.element';
import '../../widgets/hwc/hwc-detail.element';
import '../../widgets/hwc/hwc-entries.element';
import '../../widgets/identity-search/identity-search.element';
import '../../widgets/medical-events/medical-events.element';
import '../../widgets/medications/patient-medications.element';
import '../../widgets/notes/patient-notes.element';
import '../../widgets/outbound-referrals/incoming-referrals.element';
import '../../widgets/outbound-referrals/patient-outbound-referrals.element';
import '../../widgets/patient-list/patient-list.element';
import '../../widgets/patient-record/patient-header.element';
import '../../widgets/patient-record/patient-record.element';
import '../../widgets/patient-search/patient-search.element';
import '../../widgets/queue/queue.element';
import '../../widgets/reminders/reminders.element';
import '../../widgets/reports/report-card.element';
import '../../widgets/reports/report.element';
import '../../widgets/reports/reports.element';
import '../../widgets/resources/patient-resources.element';
import '../../widgets/resources/resource-library.element';
import '../../widgets/smart-apps/app-consent.element';
import { ROLE_TEMPLATES } from '../../shared/role-templates';
import { deepEqual, ok } from './support/assert';
import { typeInto, waitFor } from './support/dom';
import { fakeFetch } from './support/fake-fetch';

/**
 * Issue 40 §5: a session that ends in the middle of use. Each area's widget
 * is mounted signed in (inside `<care-session>`, as an embedding page has
 * it); the session check passes, then every call the widget's resource layer
 * makes is answered 401, as the server answers an ended session. The widget
 * must take the sign-in path: the session element signs out and shows its
 * form, the widget is no longer shown, and nothing throws.
 */

const API = 'http://ended.test/api';
const PATIENT = '11111111-1111-4111-8111-111111111111';
const ID = '22222222-2222-4222-8222-222222222222';
const ENDED = { errors: [{ message: 'Your session has expired or you are not signed in.' }] };
/** Every flag of every role: each widget shows all it can, so it reads all it would. */
const FLAGS = Object.fromEntries(Object.values(ROLE_TEMPLATES).flatMap((t) => t.flags.map((f) => [f, true])));
const SESSION = { token: 'tok-ended', csrf_token: 'c', user_name: 'tester', display_name: 'Terry Tester', user_uid: ID, current_division_uid: ID, flags: FLAGS, accessible_divisions: [] };

/** Each area's signed-in widget with the attributes it needs to read something at once, or what a user does first to make it read. */
const WIDGETS: [tag: string, attributes: Record<string, string>, act?: (widget: HTMLElement) => void][] = [
  ['care-add-patient', {}],
  ['care-admin', { page: 'users' }],
  ['care-patient-admissions', { 'patient-id': PATIENT }],
  ['care-patient-allergies', { 'patient-id': PATIENT }],
  ['care-badges', { 'patient-id': PATIENT }],
  ['care-emergency-access', {}],
  ['care-app-consent', { uid: 'request-1' }],
  ['care-calendar', {}],
  ['care-patient-care-team', { 'patient-id': PATIENT }],
  ['care-chat', { 'patient-id': PATIENT }],
  ['care-cit-submission', { 'submission-id': ID }],
  ['care-cit-submissions', {}],
  ['care-demographics', { 'patient-id': PATIENT }],
  ['care-patient-diagnoses', { 'patient-id': PATIENT }],
  ['care-patient-documents', { 'patient-id': PATIENT }],
  ['care-face-sheet', { 'patient-id': PATIENT }],
  ['care-hwc-detail', { 'hwc-id': ID }],
  ['care-hwc-entries', {}],
  ['care-identity-search', {}],
  ['care-medical-events', { 'patient-id': PATIENT }],
  ['care-patient-medications', { 'patient-id': PATIENT }],
  ['care-patient-notes', { 'patient-id': PATIENT }],
  ['care-incoming-referrals', {}],
  ['care-patient-outbound-referrals', { 'patient-id': PATIENT }],
  ['care-patient-list', {}],
  ['care-patient-header', { 'patient-id': PATIENT }],
  ['care-patient-record', { 'patient-id': PATIENT }],
  ['care-patient-search', {}, (widget) => typeInto(widget.shadowRoot!.querySelector('input')!, 'Rosa Aguilar')],
  ['care-queue', { 'queue-id': ID }],
  ['care-reminders', {}],
  ['care-report-card', { view: 'report-card-referrals' }],
  ['care-report', { name: 'referrals' }],
  ['care-reports', {}],
  ['care-patient-resources', { 'patient-id': PATIENT }],
  ['care-resource-library', {}],
];

describe('a session that ends in the middle of use (issue 40 §5)', () => {
  let restore: () => void = () => undefined;
  const thrown: string[] = [];
  const onError = (e: ErrorEvent) => thrown.push(e.message);
  const onRejection = (e: PromiseRejectionEvent) => thrown.push(String((e.reason as Error)?.message ?? e.reason));
  beforeEach(() => {
    thrown.length = 0;
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
  });
  afterEach(() => {
    restore();
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    document.querySelectorAll('care-session').forEach((el) => el.remove());
    sessionStorage.clear();
  });

  for (const [tag, attributes, act] of WIDGETS) {
    it(`<${tag}>: a 401 signs the page out to the sign-in form`, async () => {
      let checked = false;
      const server = fakeFetch((url) => {
        // The token is good when the session element checks it, and has ended by the widget's first call.
        if (url.pathname.endsWith('/session/current') && !checked) {
          checked = true;
          return { body: { data: { type: 'session', id: 's', attributes: SESSION } } };
        }
        // Public, as on the server: an ended session does not make the words a 401.
        if (url.pathname.endsWith('/translations')) return { body: { data: { type: 'translations', id: 'en-US', attributes: { lang: 'en-US', strings: {} } } } };
        return { status: 401, body: ENDED };
      });
      restore = server.restore;
      const host = document.createElement('div');
      const widget = document.createElement(tag);
      for (const [name, value] of Object.entries(attributes)) widget.setAttribute(name, value);
      const session = document.createElement('care-session');
      session.setAttribute('api-base', API);
      session.setAttribute('token', SESSION.token);
      session.append(widget);
      host.append(session);
      document.body.append(host);
      const root = () => session.shadowRoot;
      if (act) {
        await waitFor(() => root()?.querySelector('slot') && widget.shadowRoot?.querySelector('input'), { message: `${tag}: signed in, ready for input` });
        act(widget);
      }
      // Signed in: the widget's own call carries the token the session check accepted (the 401 may sign out before a poll sees the widget).
      const call = await waitFor(() => server.calls.find((c) => c.url.href.startsWith(API) && !/\/(session\/current|translations)$/.test(c.url.pathname)), { message: `${tag}: reads something once signed in` });
      ok(checked, 'the session check passed first');
      ok(new Headers(call.init?.headers).get('authorization') === `Bearer ${SESSION.token}`, `${tag}: with the session's token`);
      await waitFor(() => !root()!.querySelector('slot') && root()!.querySelector('input[type="password"]'), { message: `${tag}: the sign-in form after the 401` });
      ok(sessionStorage.getItem(`careweave.token:${API}`) === null, 'the ended token is forgotten');
      deepEqual(thrown, [], `${tag}: nothing thrown`);
    });
  }
});
