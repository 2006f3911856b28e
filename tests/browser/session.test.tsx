import '../../widgets/session/session.element';
import '../../widgets/queue/queue.element';
import { equal, ok } from './support/assert';
import { fakeFetch } from './support/fake-fetch';
import { byLabel, buttonByText, text, themeLinkColor, typeInto, waitFor } from './support/dom';

const API = 'http://session.test/api';
const session = { token: 'tok-1', csrf_token: 'c', user_name: 'navigator', display_name: 'Nora Navigator', theme: { setting_value: '{"color":{"primary":"rgb(9, 8, 7)"}}' }, flags: {} };
const queueDoc = {
  data: { type: 'queue', id: 'q9', attributes: { queue_label: 'Follow Up', count: 1, child_queues: [], queue_list_view_column_map: [{ column_name: 'patient_last_name', display_header: 'Last Name', is_hidden: false }], data: [{ patient_uid: 'p-9', patient_last_name: 'Hopper' }] } },
  meta: { total: 1 },
};

describe('<care-session>', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    document.querySelectorAll('care-session').forEach((el) => el.remove());
    sessionStorage.clear();
  });

  it('signs in with the form, stores the token, shares it with widgets inside, signs out', async () => {
    const server = fakeFetch((url, init) => {
      if (url.pathname.endsWith('/auth/login')) {
        const body = JSON.parse(String(init?.body));
        return body.password === 'careweave-demo' ? { body: { data: { type: 'session', id: 's', attributes: session } } } : { status: 401, body: { errors: [{ message: 'Invalid user name or password' }] } };
      }
      if (url.pathname.endsWith('/auth/logout')) return { status: 204 };
      if (url.pathname.endsWith('/queues/q9')) return { body: queueDoc };
      return { status: 404, body: { errors: [{ message: 'Not found' }] } };
    });
    restore = server.restore;
    const host = document.createElement('div');
    host.innerHTML = `<care-session api-base="${API}"><care-queue queue-id="q9"></care-queue></care-session>`;
    document.body.append(host);
    const el = host.querySelector('care-session')!;
    const changes: unknown[] = [];
    el.addEventListener('care-session-change', (e) => changes.push((e as CustomEvent).detail));
    await el.updateComplete;
    const root = el.shadowRoot!;
    ok(!root.querySelector('slot'), 'widgets hidden while signed out');
    equal(server.calls.length, 0, 'no widget request before sign-in');

    typeInto(byLabel(root, 'User name'), 'navigator');
    typeInto(byLabel(root, 'Password'), 'wrong');
    buttonByText(root, 'Sign in').click();
    await waitFor(() => text(root.querySelector('[role="alert"]')) === 'Invalid user name or password', { message: 'login error' });

    typeInto(byLabel(root, 'Password'), 'careweave-demo');
    buttonByText(root, 'Sign in').click();
    await waitFor(() => root.querySelector('slot'), { message: 'signed in' });
    equal(sessionStorage.getItem(`careweave.token:${API}`), 'tok-1');
    equal(changes.length, 1);
    ok(text(root).includes('Nora Navigator'));

    const queue = host.querySelector('care-queue')!;
    await waitFor(() => text(queue.shadowRoot!.querySelector('h2')) === 'Follow Up (1)', { message: 'queue through session' });
    const queueCall = server.calls.find((c) => c.url.pathname.endsWith('/queues/q9'))!;
    equal(new Headers(queueCall.init?.headers).get('authorization'), 'Bearer tok-1');
    equal(getComputedStyle(queue.shadowRoot!.querySelector('a')!).color, themeLinkColor('rgb(9, 8, 7)'), 'session theme colour');

    buttonByText(root, 'Sign out').click();
    await waitFor(() => root.querySelector('form'), { message: 'signed out' });
    equal(sessionStorage.getItem(`careweave.token:${API}`), null);
    equal(changes.length, 2);
  });

  it('reuses a stored token after checking it with the server', async () => {
    sessionStorage.setItem(`careweave.token:${API}`, 'tok-1');
    const server = fakeFetch((url) => (url.pathname.endsWith('/session/current') ? { body: { data: { type: 'session', id: 's', attributes: session } } } : { status: 404 }));
    restore = server.restore;
    const el = document.createElement('care-session');
    el.setAttribute('api-base', API);
    document.body.append(el);
    await waitFor(() => el.shadowRoot?.querySelector('slot'), { message: 'restored session' });
    ok(el.client);
    // The token was checked with the server, with that token, before it was shared.
    const checks = server.calls.filter((c) => c.url.pathname.endsWith('/session/current'));
    equal(checks.length, 1, 'one GET /session/current');
    equal(checks[0].init?.method ?? 'GET', 'GET');
    equal(new Headers(checks[0].init?.headers).get('authorization'), 'Bearer tok-1');
    equal(sessionStorage.getItem(`careweave.token:${API}`), 'tok-1');
  });

  it('drops a stored token the server rejects and shows the sign-in form', async () => {
    sessionStorage.setItem(`careweave.token:${API}`, 'tok-old');
    const server = fakeFetch((url) =>
      url.pathname.endsWith('/session/current') ? { status: 401, body: { errors: [{ message: 'Your session has expired or you are not signed in.' }] } } : { status: 404 },
    );
    restore = server.restore;
    const el = document.createElement('care-session');
    el.setAttribute('api-base', API);
    document.body.append(el);
    // The form shows while the token is checked too: wait for the answer to be taken (the token leaves storage).
    await waitFor(() => sessionStorage.getItem(`careweave.token:${API}`) === null, { message: 'the rejected token forgotten' });
    await el.updateComplete;
    const root = el.shadowRoot!;
    const checks = server.calls.filter((c) => c.url.pathname.endsWith('/session/current'));
    equal(checks.length, 1, 'one GET /session/current');
    equal(new Headers(checks[0].init?.headers).get('authorization'), 'Bearer tok-old');
    ok(root.querySelector('form'), 'the sign-in form');
    ok(buttonByText(root, 'Sign in'), 'Sign in');
    ok(!root.querySelector('slot'), 'the widgets stay hidden');
    ok(!root.querySelector('[role="alert"]'), 'no error: an expired session is not a failure');
    equal(el.client, undefined);
  });
});
