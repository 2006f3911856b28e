import '../../widgets/patient-search/patient-search.element';
import { SEARCH_DEBOUNCE_MS } from '../../shared/constants';
import { deepEqual, equal, ok } from './support/assert';
import { fakeTimers } from './support/timers';
import { settle, text, typeInto, waitFor } from './support/dom';

const url = __CAREWEAVE_URL__;

interface Seen {
  method: string;
  url: string;
  status: number;
  pageView: string | null;
}

describe('<care-patient-search> against the real server', function () {
  let token = '';
  let seen: Seen[] = [];
  /** Each quick search as it leaves (before its answer): its text and when. */
  let sent: { q: string | null; at: number }[] = [];
  const realFetch = window.fetch;

  before(async function () {
    if (!url) this.skip();
    const login = await realFetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user_name: 'navigator', password: 'careweave-demo' }) });
    token = (await login.json()).data.attributes.token;
    // Every call the widget makes, with the server's real answer.
    window.fetch = async (input, init) => {
      if (String(input).includes('/identity-quick-search')) sent.push({ q: new URL(String(input)).searchParams.get('q'), at: performance.now() });
      const response = await realFetch(input, init);
      seen.push({ method: init?.method ?? 'GET', url: String(input), status: response.status, pageView: new Headers(init?.headers).get('x-page-view') });
      return response;
    };
  });
  after(() => {
    window.fetch = realFetch;
  });
  beforeEach(() => {
    seen = [];
    sent = [];
  });
  afterEach(() => document.querySelectorAll('care-patient-search').forEach((el) => el.remove()));

  const searches = () => seen.filter((s) => s.url.includes('/identity-quick-search'));

  async function mount() {
    const element = document.createElement('care-patient-search');
    element.setAttribute('api-base', `${url}/api`);
    element.setAttribute('token', token);
    document.body.append(element);
    const root = element.shadowRoot!;
    const input = await waitFor(() => root.querySelector<HTMLInputElement>('input[role="combobox"]'), { message: 'the search box' });
    return { element, root, input };
  }

  const message = (root: ShadowRoot) => text(root.querySelector('.quick-search-message'));
  const options = (root: ShadowRoot) => [...root.querySelectorAll<HTMLElement>('[role="option"]')];

  /** Types q and waits out the debounce and the answer. */
  async function searchFor(root: ShadowRoot, input: HTMLInputElement, q: string) {
    input.focus();
    typeInto(input, q);
    await waitFor(() => searches().some((s) => new URL(s.url).searchParams.get('q') === q), { timeout: SEARCH_DEBOUNCE_MS + 3000, message: `the search for ${q}` });
    await waitFor(() => !message(root).startsWith('Searching'), { message: 'the answer' });
  }

  async function preview(q: string, name: string) {
    const mounted = await mount();
    await searchFor(mounted.root, mounted.input, q);
    const option = await waitFor(() => options(mounted.root).find((o) => text(o).startsWith(name)), { message: name });
    option.click();
    const dialog = await waitFor(() => mounted.root.querySelector<HTMLElement & { open: boolean }>('sl-dialog.patient-preview[open]'), { message: 'the preview' });
    equal(dialog.getAttribute('label'), name);
    const alerts = [...dialog.querySelectorAll('sl-alert')].map((a) => text(a.querySelector('strong')));
    const continueButton = [...dialog.querySelectorAll('sl-button')].find((b) => text(b) === 'Continue') ?? null;
    return { ...mounted, dialog, alerts, continueButton };
  }

  it('has the translatable "Search Patients" label and placeholder', async () => {
    const { root, input } = await mount();
    equal(input.placeholder, 'Search Patients');
    equal(text(root.querySelector(`label[for="${input.id}"]`)), 'Search Patients');
    equal(input.getAttribute('aria-controls'), root.querySelector('[role="listbox"]')!.id);
  });

  it('asks for at least 2 characters and sends nothing for one', async () => {
    const { root, input } = await mount();
    // A second box, typed into at the same moment, is the clock: its debounce started just after the
    // first box's, so once its request has left, a request for "g" would have left before it.
    const clock = await mount();
    const twoLetters = 'qz';
    input.focus();
    typeInto(input, 'g');
    typeInto(clock.input, twoLetters);
    equal(message(root), 'Please enter at least 2 characters.');
    await waitFor(() => sent.some((s) => s.q === twoLetters), { timeout: SEARCH_DEBOUNCE_MS + 3000, message: "the second box's request" });
    deepEqual(sent.map((s) => s.q), [twoLetters], 'nothing asked for "g"');
    equal(message(root), 'Please enter at least 2 characters.');
  });

  it('debounces 900 ms: quick typing makes exactly one request, for the last text', async () => {
    const { root, input } = await mount();
    input.focus();
    // The page's timers are the test's while it types: keys 100 ms apart, then the debounce's window to the millisecond.
    const clock = fakeTimers();
    try {
      for (const [i, q] of ['g', 'ga', 'gar', 'garc'].entries()) {
        if (i) clock.tick(100);
        typeInto(input, q);
        await settle();
      }
      clock.tick(SEARCH_DEBOUNCE_MS - 1);
      await settle();
      deepEqual(sent, [], 'nothing yet, 1 ms before the window after the last key ends (each key started it again)');
      clock.tick(1);
      await settle();
    } finally {
      clock.uninstall();
    }
    await waitFor(() => sent.find((s) => s.q === 'garc'), { message: 'the request for "garc"' });
    // Timers set earlier fire earlier: a request for "ga" or "gar" would have left before this one.
    deepEqual(sent.map((s) => s.q), ['garc'], 'one request, for the last text');
    await waitFor(() => options(root).some((o) => text(o).startsWith('García,')), { message: 'García in the results' });
    // Still one: the next key's request is the next one sent, nothing came between.
    typeInto(input, 'garci');
    await waitFor(() => sent.some((s) => s.q === 'garci'), { timeout: SEARCH_DEBOUNCE_MS + 3000, message: 'the request for "garci"' });
    deepEqual(sent.map((s) => s.q), ['garc', 'garci'], 'one request per settled text');
  });

  it('says "No results found." when nothing matches', async () => {
    const { root, input } = await mount();
    await searchFor(root, input, 'zzqxw');
    equal(message(root), 'No results found.');
    deepEqual(options(root).map(text), ['Advanced search']);
  });

  it('keyboard: arrows move through the listbox, Enter opens the preview, Escape closes the list', async () => {
    const { root, input } = await mount();
    await searchFor(root, input, 'amara garcia');
    const key = (k: string) => input.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
    key('ArrowDown');
    await waitFor(() => input.getAttribute('aria-activedescendant') === options(root)[0].id, { message: 'first option active' });
    equal(options(root)[0].getAttribute('aria-selected'), 'true');
    key('Escape');
    await waitFor(() => input.getAttribute('aria-expanded') === 'false', { message: 'closed' });
    key('ArrowDown');
    // Enter opens only the active option, so wait for that, not just for the list.
    await waitFor(() => input.getAttribute('aria-expanded') === 'true' && input.getAttribute('aria-activedescendant') === options(root)[0].id, { message: 'open again, first option active' });
    key('Enter');
    const dialog = await waitFor(() => root.querySelector('sl-dialog.patient-preview[open]'), { message: 'the preview' });
    equal(dialog.getAttribute('label'), 'García, Amara');
  });

  it('Restricted: an adoption case, and no Continue', async () => {
    const { alerts, continueButton, dialog } = await preview('ashgrove penelope', 'Ashgrove, Penelope');
    deepEqual(alerts, ['Restricted']);
    equal(continueButton, null);
    ok(!text(dialog).includes('SACWIS'), 'no record details for a stub');
  });

  it('restricted case warning: blocked when not hers, no Continue', async () => {
    const { alerts, continueButton } = await preview('blackwood theodore', 'Blackwood, Theodore');
    deepEqual(alerts, ['Restricted Case']);
    equal(continueButton, null);
  });

  it('restricted case warning on her own case, with Continue', async () => {
    const { alerts, continueButton } = await preview('whitfield', 'Whitfield, Rosalind');
    deepEqual(alerts, ['Restricted Case']);
    ok(continueButton);
  });

  it('Marcus Ellery, an adult of the navigator\'s caseload: no custody alert, no identity facts, Continue (issue 32 §1)', async () => {
    const { alerts, continueButton, dialog } = await preview('marcus ellery', 'Ellery, Marcus');
    deepEqual(alerts, []);
    ok(continueButton);
    ok(!text(dialog).includes('SACWIS') && !text(dialog).includes('Legal Status'), text(dialog));
  });

  it('Dominic Sterling left custody: Out Of Custody, no legal status, no Continue', async () => {
    const { alerts, continueButton, dialog } = await preview('dominic sterling', 'Sterling, Dominic');
    deepEqual(alerts, ['Out Of Custody']);
    equal(continueButton, null);
    const facts = Object.fromEntries([...dialog.querySelectorAll('.patient-facts dt')].map((dt) => [text(dt), text(dt.nextElementSibling)]));
    ok(!facts['Legal Status'] || facts['Legal Status'] === '—', `Legal Status ${facts['Legal Status']}`);
  });

  it('Legal Status in Transition, with Continue; Continue records "ViewedPatient" then navigates', async () => {
    const { element, alerts, continueButton, dialog } = await preview('juniper hale', 'Hale, Juniper');
    deepEqual(alerts, ['Legal Status in Transition']);
    ok(continueButton);
    const paths: string[] = [];
    element.addEventListener('care-navigate', (e) => paths.push((e as CustomEvent<{ path: string }>).detail.path));
    continueButton.click();
    await waitFor(() => paths.length === 1, { message: 'care-navigate' });
    const audit = seen.filter((s) => s.method === 'POST' && s.url.endsWith('/api/audit'));
    equal(audit.length, 1);
    equal(audit[0].status, 201, 'the server recorded the audit entry');
    ok(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(audit[0].pageView ?? ''), `a fresh page-view id: ${audit[0].pageView}`);
    ok(/^\/patients\/[0-9a-f-]{36}$/.test(paths[0]), paths[0]);
    await waitFor(() => !(dialog as HTMLElement & { open: boolean }).open, { message: 'the preview closes' });
  });

  it('advanced search: its own form, results that link to /patients/{id}', async () => {
    const { element, root, input } = await mount();
    input.focus();
    const advanced = await waitFor(() => options(root).find((o) => text(o) === 'Advanced search'), { message: 'the Advanced search entry' });
    advanced.click();
    const dialog = await waitFor(() => root.querySelector<HTMLElement>('sl-dialog.advanced-search[open]'), { message: 'the modal' });
    const form = dialog.querySelector('form')!;
    form.requestSubmit();
    await waitFor(() => text(dialog).includes('Enter a name, a date of birth or a SACWIS Person ID.'), { message: 'the any-criterion message' });
    const name = [...dialog.querySelectorAll('label')].find((l) => text(l) === 'Name')!;
    const field = dialog.querySelector<HTMLInputElement>(`[id="${name.htmlFor}"]`)!;
    typeInto(field, 'hale');
    form.requestSubmit();
    const link = await waitFor(() => [...dialog.querySelectorAll<HTMLAnchorElement>('.result-list a')].find((a) => text(a) === 'Hale, Juniper'), { message: 'the result link' });
    ok(/^\/patients\/[0-9a-f-]{36}$/.test(link.getAttribute('href')!), link.getAttribute('href')!);
    const summary = seen.find((s) => s.url.includes('/summary-patients'))!;
    equal(new URL(summary.url).searchParams.get('q'), 'hale');
    equal(new URL(summary.url).searchParams.get('current_division_only'), 'true');
    const paths: string[] = [];
    element.addEventListener('care-navigate', (e) => paths.push((e as CustomEvent<{ path: string }>).detail.path));
    link.click();
    deepEqual(paths, [link.getAttribute('href')]);
  });
});
