import dayjs from 'dayjs';
import '../../widgets/add-patient/add-patient.element';
import { nowMs } from '../../shared/clock';
import { MESSAGES } from '../../shared/schemas/add-patient';
import { $toasts } from '../../widgets/kit/toasts';
import { deepEqual, equal, ok } from './support/assert';
import { byLabel, selectOption, settle, text, typeInto, waitFor } from './support/dom';
import { fakeFetch, watchFetch } from './support/fake-fetch';
import { signInAs } from './support/sign-in';
import { mountElement, plainButton, shadow, slButton } from './support/element';

const url = __CAREWEAVE_URL__;

const mount = (token: string) => mountElement('care-add-patient', { token });

/** The error under the field labelled `label` (text inputs and selects). */
const fieldError = (el: HTMLElement, label: string) => text(byLabel(shadow(el), label).closest('.field')?.querySelector('.field-error'));
const groupError = (el: HTMLElement, legend: string) =>
  text([...shadow(el).querySelectorAll('fieldset.radio-group')].find((f) => text(f.querySelector('legend')) === legend)?.querySelector('.field-error'));
const summary = (el: HTMLElement) => text(shadow(el).querySelector('.error-summary'));
const ready = (el: HTMLElement) => waitFor(() => slButton(el, 'Add Patient'), { timeout: 10000, message: 'the form' });
const list = (n: number) => ({
  data: Array.from({ length: n }, (_, i) => ({ type: 'x', id: `00000000-0000-4000-8000-00000000000${i}`, attributes: { uid: `00000000-0000-4000-8000-00000000000${i}`, label: `Choice ${i}` } })),
});
const firstOption = (el: HTMLElement, label: string) => byLabel<HTMLSelectElement>(shadow(el), label).options[1].value;

/** Watches POSTs to the server; they still go through. */
function spyOnPosts() {
  const real = window.fetch;
  const posts: { url: string; body: any; headers: Record<string, string> }[] = [];
  window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'POST') posts.push({ url: String(input), body: JSON.parse(String(init.body)), headers: init.headers as Record<string, string> });
    return real(input, init);
  }) as typeof fetch;
  return { posts, restore: () => (window.fetch = real) };
}

function events(el: HTMLElement) {
  const seen: { name: string; detail: any }[] = [];
  for (const name of ['care-navigate', 'care-saved']) {
    el.addEventListener(name, (e) => {
      e.preventDefault();
      seen.push({ name, detail: (e as CustomEvent).detail });
    });
  }
  return seen;
}

function fillValid(el: HTMLElement, lastName: string) {
  typeInto(byLabel(shadow(el), 'First Name'), 'Robin');
  typeInto(byLabel(shadow(el), 'Last Name'), lastName);
  typeInto(byLabel(shadow(el), 'Birth Date'), '2011-09-09');
  selectOption(byLabel<HTMLSelectElement>(shadow(el), 'Gender'), firstOption(el, 'Gender'));
  byLabel(shadow(el), 'Mobile').click();
  typeInto(byLabel(shadow(el), 'Mobile Phone'), '6145550199');
  selectOption(byLabel<HTMLSelectElement>(shadow(el), 'Referral Reason'), firstOption(el, 'Referral Reason'));
}

describe('<care-add-patient> against the real server', function () {
  let navigator: string;
  let community: string;
  let spy: ReturnType<typeof spyOnPosts> | null = null;

  before(async function () {
    if (!url) this.skip();
    navigator = (await signInAs('navigator')).token;
    community = (await signInAs('community')).token;
  });
  afterEach(() => {
    spy?.restore();
    spy = null;
    document.querySelectorAll('care-add-patient').forEach((el) => el.remove());
    $toasts.set([]);
    sessionStorage.clear();
  });

  it('opens with the spec defaults and validates on submit only, with the error summary', async () => {
    const el = mount(navigator);
    await ready(el);
    equal(byLabel(shadow(el), 'Referral Date').value, dayjs(nowMs()).format('YYYY-MM-DD'));
    equal(byLabel(shadow(el), 'Referred To').value, 'Program');
    equal(byLabel<HTMLSelectElement>(shadow(el), 'Requested By').value, 'Provider');
    spy = spyOnPosts();

    const first = byLabel(shadow(el), 'First Name');
    typeInto(first, 'x');
    typeInto(first, '');
    // Leaving the field as a browser does: React's onBlur listens to the bubbling focusout.
    first.dispatchEvent(new FocusEvent('blur'));
    first.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    // Validation on blur would be drawn by now: its microtasks, then the render they schedule.
    await settle();
    equal(shadow(el).querySelector('.field-error, .error-summary'), null, 'nothing before the first submit');

    slButton(el, 'Add Patient')!.click();
    await waitFor(() => shadow(el).querySelector('.error-summary'), { message: 'error summary' });
    for (const message of ['First Name is required', 'Last Name is required', 'Birth Date is required', 'Gender is required', 'Preferred Phone is required', 'Referral Reason is required']) {
      ok(summary(el).includes(message), `${message} in: ${summary(el)}`);
    }
    equal(fieldError(el, 'First Name'), 'First Name is required');
    equal(groupError(el, 'Preferred Phone'), 'Preferred Phone is required');
    equal(spy.posts.length, 0, 'nothing sent while invalid');
  });

  it('checks the referral date window, the preferred number, 10-digit phones, e-mails and address lines', async () => {
    const el = mount(navigator);
    await ready(el);
    const referralDate = byLabel(shadow(el), 'Referral Date');
    typeInto(referralDate, dayjs(nowMs()).subtract(10, 'year').subtract(1, 'day').format('YYYY-MM-DD'));
    byLabel(shadow(el), 'Home').click();
    typeInto(byLabel(shadow(el), 'Work Phone'), '61455');
    plainButton(el, 'Add Email Address')!.click();
    plainButton(el, 'Add Address')!.click();
    await waitFor(() => shadow(el).querySelector('input[type="email"]'));
    typeInto(byLabel(shadow(el), 'Email Address 1'), 'not-an-email');
    slButton(el, 'Add Patient')!.click();
    await waitFor(() => shadow(el).querySelector('.error-summary'));
    equal(fieldError(el, 'Referral Date'), MESSAGES.referralTooOld);
    equal(fieldError(el, 'Home Phone'), 'Home Phone is required');
    equal(fieldError(el, 'Work Phone'), MESSAGES.phone);
    equal(fieldError(el, 'Mobile Phone'), '', 'not the preferred one: may stay empty');
    equal(fieldError(el, 'Email Address 1'), 'Must be a valid email address');
    equal(fieldError(el, 'Address Line 1'), 'Address Line 1 is required');
    ok(summary(el).includes('Address 1 Address Line 1 is required'), summary(el));

    typeInto(referralDate, dayjs(nowMs()).add(1, 'day').format('YYYY-MM-DD'));
    slButton(el, 'Add Patient')!.click();
    await waitFor(() => fieldError(el, 'Referral Date') === MESSAGES.notAfterToday, { message: 'not after today' });
    typeInto(referralDate, dayjs(nowMs()).subtract(10, 'year').format('YYYY-MM-DD'));
    slButton(el, 'Add Patient')!.click();
    await waitFor(() => fieldError(el, 'Referral Date') === '', { message: '10 years back to the day is allowed' });
  });

  it('phones take digits only; the post code fills in city, county and state', async () => {
    const el = mount(navigator);
    await ready(el);
    const mobile = byLabel(shadow(el), 'Mobile Phone');
    typeInto(mobile, '(614) 555-01ab');
    equal(mobile.value, '61455501');
    plainButton(el, 'Add Address')!.click();
    const postCode = await waitFor(() => byLabel(shadow(el), 'Post Code'));
    const requests = watchFetch();
    try {
      typeInto(postCode, '4430');
      await settle(); // "4430" drawn, and its effects run, before the fifth character
      typeInto(postCode, '44308');
      await waitFor(() => byLabel(shadow(el), 'City').value === 'Akron', { message: 'city from the post code' });
    } finally {
      requests.restore();
    }
    // The lookup is asked as the value changes, with no debounce: one for "4430" would have gone before this one.
    const lookups = requests.sent.filter((r) => r.url.pathname.endsWith('/reference-geo-data'));
    deepEqual(lookups.map((r) => r.url.searchParams.get('zip_code')), ['44308'], 'no lookup below 5 characters');
    equal(byLabel(shadow(el), 'County').value, 'Summit');
    const state = byLabel<HTMLSelectElement>(shadow(el), 'State');
    equal(state.selectedOptions[0].textContent, 'Ohio');
  });

  it('birth date is optional in community mode', async () => {
    const el = mount(community);
    await ready(el);
    slButton(el, 'Add Patient')!.click();
    await waitFor(() => shadow(el).querySelector('.error-summary'));
    ok(summary(el).includes('First Name is required'));
    ok(!summary(el).includes('Birth Date'), summary(el));
  });

  it('sends the spec call once, digits only, with an Idempotency-Key, and goes to the new patient', async () => {
    const el = mount(navigator);
    await ready(el);
    const seen = events(el);
    fillValid(el, `Browser${Date.now().toString(36)}`);
    plainButton(el, 'Add Email Address')!.click();
    await waitFor(() => shadow(el).querySelector('input[type="email"]'));
    typeInto(byLabel(shadow(el), 'Email Address 1'), 'robin@example.org');
    spy = spyOnPosts();
    slButton(el, 'Add Patient')!.click();
    await waitFor(() => seen.some((e) => e.name === 'care-navigate'), { timeout: 10000, message: 'navigation after creating' });
    equal(spy.posts.length, 1);
    const sent = spy.posts[0];
    ok(sent.url.endsWith('/api/referrals/inbound'), sent.url);
    ok(/^[A-Za-z0-9_-]{16,}$/.test(sent.headers['idempotency-key']), 'an Idempotency-Key');
    const a = sent.body.data.attributes;
    equal(a.mobile_phone, '6145550199');
    equal(a.preferred_phone_number, 'mobile');
    equal(a.preferred_engagement, 'No Preference');
    equal(a.is_inbound_referral, true);
    equal(a.requested_by, 'Provider');
    equal(a.referred_to, 'Program');
    deepEqual(a.email_addresses, [{ email_address: 'robin@example.org', is_primary: true }]);
    const saved = seen.find((e) => e.name === 'care-saved')!.detail;
    deepEqual(seen.find((e) => e.name === 'care-navigate')!.detail, { path: `/patients/${saved.patientUid}` });
  });

  it('the server\'s field errors land on the form\'s fields; others in the summary', async () => {
    const fake = fakeFetch((u, init) => {
      if (u.pathname.endsWith('/session/current')) return { body: { data: { type: 'session', id: 's', attributes: { flags: { hasAppNavigator: true } } } } };
      if (u.pathname.endsWith('/patients/possible-duplicates')) return { body: { data: [] } };
      if (init?.method === 'POST')
        return { status: 422, body: { errors: [{ field: 'data.relationships.gender_identity.data.id', message: MESSAGES.choice }, { field: 'data.attributes.email_addresses.0.email_address', message: 'Must be a valid email address' }, { message: 'Referral could not be filed' }] } };
      return { body: list(2) };
    });
    try {
      const el = mount('fake-token');
      await ready(el);
      fillValid(el, 'Mapped');
      plainButton(el, 'Add Email Address')!.click();
      await waitFor(() => shadow(el).querySelector('input[type="email"]'));
      typeInto(byLabel(shadow(el), 'Email Address 1'), 'a@b.test');
      slButton(el, 'Add Patient')!.click();
      await waitFor(() => fieldError(el, 'Gender Identity') === MESSAGES.choice, { message: 'gender identity error' });
      const asked = fake.calls.find((c) => c.url.pathname.endsWith('/patients/possible-duplicates'))!;
      deepEqual([...asked.url.searchParams.keys()].sort(), ['birth_date', 'first_name', 'last_name'], 'the same names and birth date, whatever the gender');
      equal(fieldError(el, 'Email Address 1'), 'Must be a valid email address');
      ok(summary(el).includes('Referral could not be filed'), summary(el));
    } finally {
      fake.restore();
    }
  });

  it('referral source: a radio group for 5 options or fewer, a select above', async () => {
    for (const [count, radios] of [[5, true], [6, false]] as const) {
      const fake = fakeFetch((u) => {
        if (u.pathname.endsWith('/session/current')) return { body: { data: { type: 'session', id: 's', attributes: { flags: { hasAppNavigator: true } } } } };
        if (u.pathname.endsWith('/reference-referral-source')) return { body: list(count) };
        return { body: list(2) };
      });
      try {
        const el = mount('fake-token');
        await ready(el);
        const group = [...shadow(el).querySelectorAll('fieldset.radio-group')].find((f) => text(f.querySelector('legend')) === 'Referral Source');
        equal(!!group, radios, `${count} sources`);
        if (radios) equal(group!.querySelectorAll('input[type="radio"]').length, 5);
        else equal(byLabel<HTMLSelectElement>(shadow(el), 'Referral Source').options.length, count + 1);
        el.remove();
      } finally {
        fake.restore();
      }
    }
  });
});
