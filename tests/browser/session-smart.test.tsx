import '../../widgets/session/session.element';
import { deepEqual, equal, ok } from './support/assert';
import { fakeFetch } from './support/fake-fetch';
import { buttonByText, settle, waitFor } from './support/dom';

/**
 * Issue 34: <care-session smart-iss smart-launch> runs the SMART launch in a
 * pop-up and takes the session only from that pop-up, only from the
 * Careweave server's origin.
 */
const API = 'http://session.test/api';
const session = { token: 'tok-smart', csrf_token: 'c', user_name: 'navigator', display_name: 'Nora Navigator', flags: {} };

describe('<care-session> with a SMART launch', () => {
  let restore: () => void = () => undefined;
  let opened: string[] = [];
  let popup: HTMLIFrameElement;
  const realOpen = window.open;

  beforeEach(() => {
    opened = [];
    // A real window stands for the pop-up (a MessageEvent's source must be one): an iframe's.
    popup = document.createElement('iframe');
    document.body.append(popup);
    window.open = ((url: string) => {
      opened.push(url);
      return popup.contentWindow;
    }) as typeof window.open;
  });
  afterEach(() => {
    restore();
    window.open = realOpen;
    popup.remove();
    document.querySelectorAll('care-session').forEach((el) => el.remove());
    sessionStorage.clear();
  });

  async function mount(attributes: string) {
    const server = fakeFetch((url) => (url.pathname.endsWith('/session/current') ? { body: { data: { type: 'session', id: 's', attributes: session } } } : { status: 404 }));
    restore = server.restore;
    const host = document.createElement('div');
    host.innerHTML = `<care-session api-base="${API}" ${attributes}></care-session>`;
    document.body.append(host);
    const el = host.querySelector('care-session')!;
    await el.updateComplete;
    return { el, server };
  }

  const post = (data: unknown, origin: string, source: Window | null) => window.dispatchEvent(new MessageEvent('message', { data, origin, source }));

  it('offers Open In Careweave instead of a password and opens the launch in a pop-up, naming this page as the opener', async () => {
    const { el } = await mount('smart-iss="https://ehr.test/fhir" smart-launch="L1"');
    const root = el.shadowRoot!;
    ok(!root.querySelector('form'), 'no password form');
    buttonByText(root, 'Open In Careweave').click();
    equal(opened.length, 1);
    const url = new URL(opened[0]);
    equal(`${url.origin}${url.pathname}`, 'http://session.test/smart/launch');
    deepEqual([url.searchParams.get('iss'), url.searchParams.get('launch'), url.searchParams.get('opener')], ['https://ehr.test/fhir', 'L1', window.location.origin]);
  });

  it('takes the session from its pop-up and the server\'s origin only, then says where to go', async () => {
    const { el, server } = await mount('smart-iss="https://ehr.test/fhir" smart-launch="L1"');
    buttonByText(el.shadowRoot!, 'Open In Careweave').click();
    const navigations: string[] = [];
    el.addEventListener('care-navigate', (e) => navigations.push((e as CustomEvent).detail.path));
    const message = { type: 'careweave-smart', token: 'tok-smart', path: '/patients/p-1/face-sheet' };
    post(message, 'http://session.test', window); // the page itself, not the pop-up
    post(message, 'http://evil.test', popup.contentWindow); // the pop-up, navigated elsewhere
    post({ ...message, type: 'other' }, 'http://session.test', popup.contentWindow);
    await settle();
    equal(server.calls.length, 0, 'nothing is adopted from those');
    post(message, 'http://session.test', popup.contentWindow);
    await waitFor(() => el.client, { message: 'signed in' });
    equal(new Headers(server.calls[0].init?.headers).get('authorization'), 'Bearer tok-smart');
    await waitFor(() => navigations.length, { message: 'care-navigate' });
    deepEqual(navigations, ['/patients/p-1/face-sheet']);
    // Used once: the same message again is not taken a second time.
    post(message, 'http://session.test', popup.contentWindow);
    await settle();
    equal(server.calls.filter((c) => c.url.pathname.endsWith('/session/current')).length, 1);
  });

  it('a launch-url of another server is not run: the ordinary sign-in form shows', async () => {
    const { el } = await mount('launch-url="https://elsewhere.test/smart/launch?iss=x&launch=y"');
    ok(el.shadowRoot!.querySelector('form'), 'the sign-in form');
    equal(opened.length, 0);
  });

  it('a launch-url of its own server runs the same launch', async () => {
    const { el } = await mount('launch-url="http://session.test/smart/launch?iss=https%3A%2F%2Fehr.test%2Ffhir&launch=L2"');
    buttonByText(el.shadowRoot!, 'Open In Careweave').click();
    const url = new URL(opened[0]);
    deepEqual([url.searchParams.get('iss'), url.searchParams.get('launch'), url.searchParams.get('opener')], ['https://ehr.test/fhir', 'L2', window.location.origin]);
  });
});
