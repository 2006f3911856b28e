import dayjs from 'dayjs';
import '../../widgets/demographics/demographics.element';
import { nowMs } from '../../shared/clock';
import { $toasts } from '../../widgets/kit/toasts';
import { deepEqual, equal, ok } from './support/assert';
import { byLabel, settle, text, typeInto, waitFor } from './support/dom';
import { signIn, url, visiblePatient, type Api } from './support/reminders-server';
import { mountElement, plainButton, shadow, slButton } from './support/element';

const mount = (api: Api, patientId: string) => mountElement('care-demographics', { token: api.token, 'patient-id': patientId });

const form = (el: HTMLElement) => shadow(el).querySelector<HTMLFormElement>('form.demographics-form');
const summary = (el: HTMLElement) => [...shadow(el).querySelectorAll('.error-summary li')].map((li) => text(li));

/** Records the widget's PUTs without holding them. */
function spyOnPuts() {
  const real = window.fetch;
  const puts: { url: string; body: any }[] = [];
  window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'PUT') puts.push({ url: String(input), body: JSON.parse(String(init.body)) });
    return real(input, init);
  }) as typeof fetch;
  return { puts, restore: () => (window.fetch = real) };
}

async function openForm(el: HTMLElement) {
  const edit = await waitFor(() => slButton(el, 'Edit'), { timeout: 10000, message: 'the Edit button' });
  edit.click();
  return waitFor(() => form(el)?.querySelector('input[type="radio"]') && form(el)!, { timeout: 10000, message: 'the form' });
}

describe('<care-demographics> against the real server', function () {
  let nav: Api;
  let patient: string;
  let spy: ReturnType<typeof spyOnPuts> | null = null;

  before(async function () {
    if (!url) this.skip();
    nav = await signIn();
    patient = await visiblePatient(nav);
  });
  afterEach(() => {
    spy?.restore();
    spy = null;
    document.querySelectorAll('care-demographics').forEach((el) => el.remove());
    $toasts.set([]);
  });

  it('shows the details, addresses, e-mail addresses and insurance', async () => {
    const el = mount(nav, patient);
    await waitFor(() => slButton(el, 'Edit'), { timeout: 10000, message: 'the page' });
    const headings = [...shadow(el).querySelectorAll('h2, h3')].map((h) => text(h));
    deepEqual(headings, ['Demographics', 'Patient Details', 'Addresses', 'Email Addresses', 'Insurance']);
    ok(text(shadow(el)).includes('Date of Birth'));
  });

  it('section 5 rules on submit only: names required, birth date not in the future nor over 100 years, the preferred number; nothing is sent', async () => {
    const el = mount(nav, patient);
    const f = await openForm(el);
    spy = spyOnPuts();
    typeInto(byLabel(f, 'First Name'), '');
    typeInto(byLabel(f, 'Date of Birth'), dayjs(nowMs()).add(1, 'day').format('YYYY-MM-DD'));
    // Validation on change would be drawn by now: its microtasks, then the render they schedule.
    await settle();
    equal(f.querySelector('.field-error, .error-summary'), null, 'nothing said before the first submit');
    f.requestSubmit();
    await waitFor(() => summary(el).length >= 2, { message: 'the error summary' });
    ok(summary(el).includes('First Name is required'), summary(el).join(' | '));
    ok(summary(el).includes('Must not be in the future'), summary(el).join(' | '));

    typeInto(byLabel(f, 'First Name'), 'Ana');
    typeInto(byLabel(f, 'Date of Birth'), dayjs(nowMs()).subtract(101, 'year').format('YYYY-MM-DD'));
    f.requestSubmit();
    await waitFor(() => summary(el).includes('Must be within the last 100 years'), { message: 'the 100-year rule' });

    typeInto(byLabel(f, 'Date of Birth'), '1980-02-03');
    f.querySelector<HTMLInputElement>('input[type="radio"][value="work"]')!.click();
    typeInto(byLabel(f, 'Work Phone'), '');
    f.requestSubmit();
    await waitFor(() => summary(el).includes('Work Phone is required'), { message: 'the preferred number rule' });
    equal(spy.puts.length, 0, 'an invalid form sends nothing');
  });

  it('a valid form sends the spec payload with phones as digits only, and shows the saved values', async () => {
    const el = mount(nav, patient);
    const f = await openForm(el);
    spy = spyOnPuts();
    f.querySelector<HTMLInputElement>('input[type="radio"][value="home"]')!.click();
    typeInto(byLabel(f, 'Home Phone'), '(614) 555-0123');
    const race = f.querySelector<HTMLInputElement>('.choice-group input[type="checkbox"]')!;
    if (!race.checked) race.click();
    f.requestSubmit();
    // A refusal fails here with its reasons, not after a timeout.
    await waitFor(() => !form(el) || summary(el).length > 0, { timeout: 10000, message: 'the saved view' });
    deepEqual(summary(el), []);
    equal(spy.puts.length, 1);
    const body = spy.puts[0].body.data;
    equal(spy.puts[0].url, `${url}/api/patients/${patient}`);
    equal(body.attributes.home_phone, '6145550123');
    equal(body.attributes.preferred_phone, 'home');
    ok(body.relationships.gender.data.id, 'gender as a link');
    ok(body.relationships.races.data.some((r: { id: string }) => r.id === race.value), 'races as links');
    await waitFor(() => text(shadow(el)).includes('(614) 555-0123'), { message: 'the saved phone' });
  });

  it('Add Address and Add Email Address: the form rules, the contacts body they send, and the saved rows', async () => {
    const el = mount(nav, patient);
    (await waitFor(() => plainButton(el, 'Add Address'), { timeout: 10000, message: 'the page' })).click();
    const dialog = await waitFor(() => shadow(el).querySelector<HTMLElement>('sl-dialog[label="Add Address"]'), { message: 'the address dialog' });
    const posts: { url: string; body: any }[] = [];
    const real = window.fetch;
    spy = { puts: [], restore: () => (window.fetch = real) };
    window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') posts.push({ url: String(input), body: JSON.parse(String(init.body)) });
      return real(input, init);
    }) as typeof fetch;
    [...dialog.querySelectorAll<HTMLElement>('sl-button')].find((b) => text(b) === 'Save')!.click();
    await waitFor(() => dialog.querySelectorAll('.error-summary li').length >= 1, { message: 'the address rules' });
    deepEqual([...dialog.querySelectorAll('.error-summary li')].map((li) => text(li)), ['Address 1 is required']);
    equal(posts.length, 0);
    typeInto(byLabel(dialog, 'Address 1'), '12 Main St');
    typeInto(byLabel(dialog, 'City'), 'Columbus');
    const state = byLabel<HTMLSelectElement>(dialog, 'State');
    await waitFor(() => state.options.length > 1, { message: 'the states' });
    state.value = state.options[1].value;
    state.dispatchEvent(new Event('change', { bubbles: true }));
    typeInto(byLabel(dialog, 'Post Code'), '43215');
    [...dialog.querySelectorAll<HTMLElement>('sl-button')].find((b) => text(b) === 'Save')!.click();
    await waitFor(() => posts.length === 1, { message: 'the POST' });
    equal(posts[0].url, `${url}/api/addresses`);
    deepEqual(posts[0].body.data.relationships, { patient: { data: { type: 'patients', id: patient } } });
    equal(posts[0].body.data.type, 'addresses');
    deepEqual(Object.keys(posts[0].body.data.attributes).sort(), ['addr1', 'addr2', 'address_type_uid', 'city', 'country_division_uid', 'county', 'is_primary', 'post_code']);
    equal(posts[0].body.data.attributes.addr1, '12 Main St');
    // The contacts area stored it: the page lists it.
    await waitFor(() => text(shadow(el)).includes('12 Main St'), { timeout: 10000, message: 'the saved address' });

    plainButton(el, 'Add Email Address')!.click();
    const email = await waitFor(() => shadow(el).querySelector<HTMLElement>('sl-dialog[label="Add Email Address"]'), { message: 'the e-mail dialog' });
    typeInto(byLabel(email, 'Email Address'), 'not-an-address');
    [...email.querySelectorAll<HTMLElement>('sl-button')].find((b) => text(b) === 'Save')!.click();
    await waitFor(() => text(email.querySelector('.field-error')) === 'Must be a valid email address', { message: 'the e-mail rule' });
    typeInto(byLabel(email, 'Email Address'), 'ana@example.test');
    [...email.querySelectorAll<HTMLElement>('sl-button')].find((b) => text(b) === 'Save')!.click();
    await waitFor(() => posts.length === 2, { message: 'the e-mail POST' });
    equal(posts[1].url, `${url}/api/email-addresses`);
    deepEqual(posts[1].body.data, { type: 'email-addresses', attributes: { email_address: 'ana@example.test', is_primary: false }, relationships: { patient: { data: { type: 'patients', id: patient } } } });
    await waitFor(() => text(shadow(el)).includes('ana@example.test'), { timeout: 10000, message: 'the saved e-mail address' });
  });
});
