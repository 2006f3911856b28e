import '../../widgets/smart-apps/app-consent.element';
import { snakeKeys } from '../../shared/casing';
import { AUTHORIZATION_ENDED, CHOOSE_A_PATIENT, type AppAuthorizationView } from '../../shared/schemas/smart-apps';
import { deepEqual, equal, ok } from './support/assert';
import { text, typeInto, waitFor } from './support/dom';
import { fieldError, mountElement, shadow, slButton } from './support/element';
import { fakeFetch } from './support/fake-fetch';
import { signInAs } from './support/sign-in';

/**
 * `<care-app-consent>`, the consent page of a SMART app's standalone launch
 * (issue 35), signed in as the navigator on the real test server. A pending
 * authorization is made by a browser following an app to
 * `/oauth/authorize`, whose redirect (the uid) a page of another origin
 * cannot read, and the test server has no fixture route: so a pending
 * request's GET and its answers are the server's shapes (the shared types)
 * given here, while everything else goes to the real server: the patient
 * search (what the picker offers is what the server finds for this user),
 * and every call about a request that does not exist (its real 404).
 * tests/e2e/app-consent.test.ts runs the whole launch with a real request.
 */

const url = __CAREWEAVE_URL__;
const TAG = 'care-app-consent';

const VIEW: AppAuthorizationView = {
  uid: 'pending-request',
  appName: 'Growth Chart',
  scopes: [
    { scope: 'openid', text: 'Know who you are' },
    { scope: 'launch/patient', text: 'Know which patient you chose' },
    { scope: 'offline_access', text: 'Keep reading for up to 8 hours while you are away, unless an administrator ends it or your account is turned off' },
    { scope: 'patient/Condition.rs', text: "Read and search the chosen patient's diagnoses" },
  ],
  refused: ['patient/Task.cruds', 'system/Patient.rs'],
  needsPatient: true,
  divisionName: 'Franklin County Care',
};

/** Where a successful answer sends the browser: this page with a fragment, so the navigation stays on the test's page. */
const backToApp = (decision: string) => `${location.href.split('#')[0]}#app-callback-${decision}`;

describe('<care-app-consent> against the real server', function () {
  let token = '';
  /** A patient the navigator's search finds on the real server. */
  let patient: { id: string; lastName: string; firstName: string };
  const realFetch = window.fetch;
  let restore = () => {};

  before(async function () {
    if (!url) this.skip();
    token = (await signInAs('navigator')).token;
    const found = await realFetch(`${url}/api/summary-patients?sort=lastName&current_division_only=true`, { headers: { authorization: `Bearer ${token}` } });
    const first = (await found.json()).data[0];
    patient = { id: first.id, lastName: first.attributes.last_name, firstName: first.attributes.first_name };
    ok(patient.id && patient.lastName, 'the navigator has a patient to choose');
  });
  afterEach(() => {
    restore();
    restore = () => {};
    document.querySelectorAll(TAG).forEach((el) => el.remove());
    history.replaceState(null, '', location.href.split('#')[0]);
  });

  /** The request's GET (and, with `answer`, its POST) from here; any other call to the real server with its real answer. */
  function serve(uid: string, answer?: (body: Record<string, unknown>) => { status?: number; body?: unknown }) {
    const fake = fakeFetch(async (u, init) => {
      if (u.pathname.endsWith(`/smart-apps/authorizations/${uid}`)) {
        if ((init?.method ?? 'GET') === 'GET') return { body: { data: snakeKeys({ ...VIEW, uid }) } };
        if (answer) return answer(JSON.parse(String(init!.body)));
      }
      const real = await realFetch(u, init);
      return { status: real.status, body: real.status === 204 ? undefined : await real.json() };
    });
    restore = fake.restore;
    return fake.calls;
  }
  const posts = (calls: ReturnType<typeof serve>) => calls.filter((c) => c.init?.method === 'POST').map((c) => JSON.parse(String(c.init!.body)));

  const mount = (uid: string) => mountElement(TAG, { uid, token });
  const heading = (el: HTMLElement) => text(shadow(el).querySelector('h1'));
  const loaded = (el: HTMLElement) => waitFor(() => slButton(el, 'Allow'), { timeout: 10000, message: 'the consent form' });
  const endedAlert = (el: HTMLElement) => shadow(el).querySelector<HTMLElement & { variant: string }>('sl-alert');

  async function choosePatient(el: HTMLElement) {
    const input = shadow(el).querySelector<HTMLInputElement>('[data-field="patientUid"] input')!;
    typeInto(input, patient.lastName);
    const option = await waitFor(
      () => [...shadow(el).querySelectorAll<HTMLButtonElement>('.patient-options button')].find((b) => text(b).startsWith(`${patient.lastName}, ${patient.firstName}`)),
      { timeout: 10000, message: "the real server's match" },
    );
    option.click();
    await waitFor(() => input.value.startsWith(`${patient.lastName}, ${patient.firstName}`), { message: "the chosen patient's name in the field" });
  }

  it('lists what the app may do, what it does not get, and where the user is signed in', async () => {
    serve('pending-request');
    const el = mount('pending-request');
    await loaded(el);
    equal(heading(el), 'Allow Growth Chart to Use Careweave?');
    ok(text(shadow(el).querySelector('.consent-where')).startsWith('Signed in to Franklin County Care'), text(shadow(el).querySelector('.consent-where')));
    deepEqual(
      [...shadow(el).querySelectorAll('ul.consent-scopes li')].map((li) => text(li)),
      VIEW.scopes.map((s) => s.text),
    );
    equal(text(shadow(el).querySelector('.consent-note')), 'Not granted: patient/Task.cruds, system/Patient.rs');
    const input = shadow(el).querySelector<HTMLInputElement>('[data-field="patientUid"] input')!;
    equal(text(shadow(el).querySelector(`label[for="${input.id}"]`)), 'Patient', 'the picker is labelled');
    ok(slButton(el, "Don't Allow"), "Don't Allow");
    equal(slButton(el, 'Allow')!.getAttribute('variant'), 'primary');
  });

  it("Allow without a patient: the server's 422 next to the picker, and the page stays", async () => {
    const calls = serve('pending-request', () => ({ status: 422, body: { errors: [{ field: 'patient_uid', message: CHOOSE_A_PATIENT }] } }));
    const el = mount('pending-request');
    await loaded(el);
    slButton(el, 'Allow')!.click();
    await waitFor(() => fieldError(el, 'patientUid'), { message: 'the field error' });
    equal(fieldError(el, 'patientUid'), CHOOSE_A_PATIENT);
    deepEqual(posts(calls), [{ decision: 'allow' }], 'asked the server, with no patient');
    ok(text(shadow(el).querySelector('.error-summary')).includes(CHOOSE_A_PATIENT), 'listed in the error summary too');
    equal(location.hash, '', 'no navigation');
    ok(slButton(el, 'Allow') && !slButton(el, 'Allow')!.disabled, 'Allow again');
  });

  it('Allow with a patient the real search found: the answer names the patient, then the browser goes to redirect_to', async () => {
    const calls = serve('pending-request', () => ({ body: { data: { redirect_to: backToApp('allow') } } }));
    const el = mount('pending-request');
    await loaded(el);
    await choosePatient(el);
    ok(calls.some((c) => c.url.pathname.endsWith('/summary-patients')), 'the search went to the server');
    slButton(el, 'Allow')!.click();
    await waitFor(() => location.hash === '#app-callback-allow', { message: 'location.assign(redirect_to)' });
    deepEqual(posts(calls), [{ decision: 'allow', patient_uid: patient.id }]);
  });

  it("Don't Allow: the refusal, then the browser goes to redirect_to", async () => {
    const calls = serve('pending-request', () => ({ body: { data: { redirect_to: backToApp('deny') } } }));
    const el = mount('pending-request');
    await loaded(el);
    slButton(el, "Don't Allow")!.click();
    await waitFor(() => location.hash === '#app-callback-deny', { message: 'location.assign(redirect_to)' });
    deepEqual(posts(calls), [{ decision: 'deny' }]);
  });

  it('a patient the server refuses (404): its message on the picker', async () => {
    serve('pending-request', () => ({ status: 404, body: { errors: [{ message: 'Patient not found' }] } }));
    const el = mount('pending-request');
    await loaded(el);
    await choosePatient(el);
    slButton(el, 'Allow')!.click();
    await waitFor(() => fieldError(el, 'patientUid'), { message: 'the field error' });
    equal(fieldError(el, 'patientUid'), 'Patient not found');
    ok(slButton(el, 'Allow'), 'still answerable');
  });

  it("an ended request (the real server's 404): the message, no buttons", async () => {
    const calls = serve('nothing-stubbed');
    const el = mount('no-such-request');
    const alert = await waitFor(() => endedAlert(el), { timeout: 10000, message: 'the ended state' });
    equal(text(alert), AUTHORIZATION_ENDED);
    equal(heading(el), 'Sign-In Request Not Available');
    equal(shadow(el).querySelectorAll('sl-button').length, 0, 'no buttons');
    ok(calls.some((c) => c.url.pathname.endsWith('/smart-apps/authorizations/no-such-request')), 'asked the real server');
  });

  it("a request that ends while the page is open (the real server's 404 on the answer): the message, no buttons", async () => {
    // Only the GET is given; the answer goes to the real server, which has no such request.
    const calls = serve('ended-meanwhile');
    const el = mount('ended-meanwhile');
    await loaded(el);
    await choosePatient(el);
    slButton(el, 'Allow')!.click();
    const alert = await waitFor(() => endedAlert(el), { timeout: 10000, message: 'the ended state' });
    equal(text(alert), AUTHORIZATION_ENDED);
    equal(shadow(el).querySelectorAll('sl-button').length, 0, 'no buttons');
    equal(calls.filter((c) => c.init?.method === 'POST').length, 1);
    equal(location.hash, '', 'no navigation');
  });
});
