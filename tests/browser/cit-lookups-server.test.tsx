import '../../widgets/cit/cit-form.element';
import '../../widgets/cit/cit-submission.element';
import { CIT_TEXT } from '../../shared/cit-options';
import { $toasts } from '../../widgets/kit/toasts';
import en from '../../shared/i18n/en.json';
import { publicI18n } from '../../widgets/kit/public-i18n';
import { CIT_EDIT_TEXT } from '../../widgets/cit/cit-form.component';
import { deepEqual, equal, ok } from './support/assert';
import { buttonByText, selectOption, text, typeInto, waitFor } from './support/dom';
import { watchFetch } from './support/fake-fetch';
import { fieldError, mountElement, shadow } from './support/element';

/**
 * <care-cit-form>'s local treatment facility search and a matched person's
 * previous incidents, and <care-cit-submission>'s Edit for supervisors, against
 * the real server (spec 002 "Public CIT form", "CIT" calls, "CIT approval controls").
 */
const url = __CAREWEAVE_URL__;
const CODE = 'OH-DEMO-PD';
const OFFICER = 'Officer Riley';

const has = (el: HTMLElement, name: string) => Boolean(shadow(el).querySelector(`[data-field="${name}"]`));
const ctl = <E extends HTMLElement = HTMLInputElement>(el: HTMLElement, name: string) => {
  const found = shadow(el).querySelector<E>(`[data-field="${name}"] input, [data-field="${name}"] select, [data-field="${name}"] textarea`);
  if (!found) throw new Error(`No control for ${name}`);
  return found;
};
const type = (el: HTMLElement, name: string, value: string) => typeInto(ctl(el, name), value);
function pick(el: HTMLElement, name: string, label: string) {
  const select = ctl<HTMLSelectElement>(el, name);
  const option = [...select.options].find((o) => o.textContent === label || o.value === label);
  if (!option) throw new Error(`No option "${label}" in ${name}`);
  selectOption(select, option.value);
}
const selectedText = (el: HTMLElement, name: string) => {
  const select = ctl<HTMLSelectElement>(el, name);
  return select.selectedOptions[0]?.textContent ?? '';
};
const toasted = (message: string) => $toasts.get().some((t) => t.message === message);
const identityStatus = (el: HTMLElement) => text(shadow(el).querySelector('[data-testid="identity-status"]'));
const search = (el: HTMLElement) => shadow(el).querySelector('[data-testid="treatment-search"]');
const searchInput = (el: HTMLElement) => search(el)!.querySelector<HTMLInputElement>('input[type="search"]')!;
const incidents = (el: HTMLElement) => shadow(el).querySelector('[data-testid="previous-incidents"]');

async function identified(el: HTMLElement) {
  await waitFor(() => shadow(el).querySelector('[data-field="code"] input'), { timeout: 10000, message: 'the identity fields' });
  type(el, 'code', CODE);
  type(el, 'officerName', OFFICER);
  await waitFor(() => identityStatus(el) === CIT_TEXT.identitySuccess, { timeout: 10000, message: 'Identity Success!' });
  await waitFor(() => has(el, 'firstName'), { message: 'the sheet' });
}

/** Passes every request on, except those `hold` names, which wait for `release` (or answer `answer` instead). */
function interceptFetch(matches: (url: string) => boolean, answer?: () => Response | Promise<Response>) {
  const real = window.fetch;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const seen: { url: string; headers: Record<string, string> }[] = [];
  window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const address = String(input);
    if (matches(address)) {
      seen.push({ url: address, headers: { ...(init?.headers as Record<string, string>) } });
      await held;
      if (answer) return answer();
    }
    return real(input, init);
  }) as typeof fetch;
  return { seen, release, restore: () => ((window.fetch = real), release()) };
}

async function json(path: string, init: RequestInit = {}) {
  const response = await fetch(`${url}/api${path}`, { ...init, headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.headers ?? {}) } });
  const body = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${body}`);
  return body ? JSON.parse(body) : null;
}

async function signIn(user: string): Promise<string> {
  return (await json('/auth/login', { method: 'POST', body: JSON.stringify({ user_name: user, password: 'careweave-demo' }) })).data.attributes.token;
}

/** A sheet filed through the public API (a fresh person), approved by the supervisor when `approve`. */
async function filed(approve: boolean) {
  const options = (await json('/cit/oh/context')).data.attributes.options as Record<string, { uid: string; label: string }[]>;
  const uid = (list: string, label?: string) => (label ? options[list].find((o) => o.label === label)! : options[list][0]).uid;
  const person = { firstName: 'Lookup', lastName: `Person${Date.now() % 100000}${Math.floor(Math.random() * 1000)}`, genderUid: uid('gender', 'Male') };
  const sheet = await json('/cit/oh/submit', {
    method: 'POST',
    headers: { 'idempotency-key': `cit-lookups-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    body: JSON.stringify({
      code: CODE, officer_name: OFFICER, first_name: person.firstName, last_name: person.lastName, gender_uid: person.genderUid, race_uid: [uid('race')],
      veteran_status: 'Veteran status unknown', phone_number: '6145550123', phone_type: 'Mobile', date_time: '2026-01-10T22:15',
      event_time_zone: 'America/New_York', officer: OFFICER, shift_uid: uid('shift'), referral_source_uid: uid('referral_source'),
      crisis: ['Depression', 'Suicide Thoughts'], response: 'No Contact', disposition_uid: uid('status', 'Active'), incident_note: 'Narrative only staff read',
    }),
  });
  const token = await signIn('cit-supervisor');
  if (approve) await json(`/data/public/cit-submission/${sheet.data.id}/accept`, { method: 'PUT', headers: { authorization: `Bearer ${token}` } });
  return { person, id: sheet.data.id as string, token };
}

describe('<care-cit-form>: local treatment facility search and previous incidents, against the real server', function () {
  this.timeout(60000);
  before(function () {
    if (!url) this.skip();
  });
  afterEach(() => {
    document.querySelectorAll('care-cit-form').forEach((el) => el.remove());
    sessionStorage.clear();
    localStorage.clear();
    $toasts.set([]);
  });

  it('the search shows with follow-up Yes when the division has the setting; choosing a facility fills the Facility', async () => {
    const el = mountElement('care-cit-form');
    await identified(el);
    equal(search(el), null, 'not before follow-up is requested');
    pick(el, 'mhFollowUpRequested', 'Yes');
    await waitFor(() => search(el), { message: 'the search' });
    // Labelled, with its hint, and bounded like the server's schema.
    const input = searchInput(el);
    equal(text(shadow(el).querySelector(`label[for="${input.id}"]`)), en.translation.cit.treatment.label);
    equal(input.maxLength, 100);
    const requests = watchFetch();
    try {
      typeInto(input, 'colu');
      await waitFor(() => search(el)!.querySelectorAll('.cit-lookup-results button').length === 2, { message: 'two Columbus treatment facilities' });
    } finally {
      requests.restore();
    }
    deepEqual([...search(el)!.querySelectorAll('.cit-lookup-results button span:first-child')].map((s) => text(s)), ['Crisis Stabilization Unit', 'Harbor Walk-in Center']);
    // The identity goes as credentials, never in the address.
    const asked = requests.sent.filter((r) => r.url.pathname.endsWith('/cit/oh/treatment-facilities'));
    ok(asked.length >= 1, 'the server was asked');
    equal(asked.at(-1)!.url.searchParams.get('search'), 'colu');
    ok(asked.every((r) => !r.url.href.includes(CODE) && !r.url.href.includes('Riley')), 'no identity in the address');
    ok(String((asked.at(-1)!.init?.headers as Record<string, string>).authorization).startsWith('Basic '), 'HTTP Basic');

    [...search(el)!.querySelectorAll<HTMLButtonElement>('.cit-lookup-results button')].find((b) => text(b.querySelector('span')) === 'Harbor Walk-in Center')!.click();
    await waitFor(() => selectedText(el, 'facilityUid') === 'Harbor Walk-in Center', { message: 'the Facility filled' });
    equal(text(shadow(el).querySelector('[data-testid="treatment-chosen"]')), publicI18n.t('cit.treatment.chosen', { name: 'Harbor Walk-in Center', lng: 'en' }));
    equal(searchInput(el).value, '', 'the search is cleared');

    // Empty state.
    typeInto(searchInput(el), 'zzqx');
    await waitFor(() => text(search(el)!.querySelector('.load-state-empty')) === en.translation.cit.treatment.empty, { message: 'nothing found' });

    pick(el, 'mhFollowUpRequested', 'No');
    await waitFor(() => !search(el), { message: 'hidden with the Facility' });
  });

  it('the search says it is loading, and says so when it fails', async () => {
    const el = mountElement('care-cit-form');
    await identified(el);
    pick(el, 'mhFollowUpRequested', 'Yes');
    await waitFor(() => search(el), { message: 'the search' });
    const failing = interceptFetch((u) => u.includes('/treatment-facilities'), () => new Response(JSON.stringify({ errors: [{ message: 'boom' }] }), { status: 500 }));
    try {
      typeInto(searchInput(el), 'crisis');
      await waitFor(() => search(el)!.querySelector('[role="status"][aria-busy="true"]'), { message: 'loading' });
      await waitFor(() => failing.seen.length === 1, { message: 'the request' });
      failing.release();
      await waitFor(() => text(search(el)!.querySelector('[role="alert"]')) === en.translation.cit.treatment.error, { message: 'the error' });
    } finally {
      failing.restore();
    }
  });

  it('no search when the division has no local treatment setting', async () => {
    const real = window.fetch;
    window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = await real(input, init);
      if (!String(input).includes('/cit/oh/identify') || !answer.ok) return answer;
      const body = await answer.json();
      body.data.attributes.local_treatment_search = false;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    try {
      const el = mountElement('care-cit-form');
      await identified(el);
      pick(el, 'mhFollowUpRequested', 'Yes');
      await waitFor(() => has(el, 'facilityUid'), { message: 'the Facility' });
      equal(search(el), null, 'no local treatment facility search');
    } finally {
      window.fetch = real;
    }
  });

  it("after a person match: the person's previous incidents (loading, then the list); none before a match", async () => {
    const { person } = await filed(true);
    const el = mountElement('care-cit-form');
    await identified(el);
    type(el, 'firstName', 'Nobodyxx');
    type(el, 'lastName', 'Nowherexx');
    pick(el, 'genderUid', 'Male');
    await waitFor(() => text(shadow(el).querySelector('[data-testid="duplicate-status"]')) === CIT_TEXT.noMatches, { timeout: 5000, message: 'No Matches Found' });
    equal(incidents(el), null, 'nothing without a match');
    const held = interceptFetch((u) => u.includes('/data/public/person/'));
    try {
      type(el, 'firstName', person.firstName);
      type(el, 'lastName', person.lastName);
      await waitFor(() => text(shadow(el).querySelector('[data-testid="duplicate-status"]')) === CIT_TEXT.matchesFound, { timeout: 5000, message: 'Potential Matches Found' });
      const section = await waitFor(() => incidents(el), { message: 'the previous incidents' });
      equal(text(section.querySelector('h3')), en.translation.cit.incidents.title);
      await waitFor(() => section.querySelector('[role="status"][aria-busy="true"]'), { message: 'loading' });
      await waitFor(() => held.seen.length === 1, { message: 'the request' });
      ok(!held.seen[0].url.includes(CODE), 'no identity in the address');
      ok(held.seen[0].headers.authorization.startsWith('Basic '), 'HTTP Basic');
      held.release();
      await waitFor(() => section.querySelectorAll('li').length === 1, { message: 'one incident' });
      deepEqual([...section.querySelectorAll('li span')].map((s) => text(s)), ['01/10/2026', 'Depression, Suicide Thoughts', 'Active', 'Demo City Police Department']);
      ok(!text(section).includes('Narrative'), 'no narrative');
    } finally {
      held.restore();
    }
    // Another name is another person: the list goes at once.
    type(el, 'lastName', `${person.lastName}x`);
    await waitFor(() => !incidents(el), { message: 'the list goes with the match' });
  });

  it('previous incidents: empty and error states', async () => {
    const { person } = await filed(true);
    for (const [answer, expected] of [
      [() => new Response(JSON.stringify({ data: [], meta: { total: 0 } }), { status: 200, headers: { 'content-type': 'application/json' } }), en.translation.cit.incidents.empty],
      [() => new Response(JSON.stringify({ errors: [{ message: 'Person not found' }] }), { status: 404, headers: { 'content-type': 'application/json' } }), en.translation.cit.incidents.error],
    ] as const) {
      const faked = interceptFetch((u) => u.includes('/data/public/person/'), answer);
      faked.release();
      try {
        const el = mountElement('care-cit-form');
        await identified(el);
        type(el, 'firstName', person.firstName);
        type(el, 'lastName', person.lastName);
        pick(el, 'genderUid', 'Male');
        const section = await waitFor(() => incidents(el), { timeout: 5000, message: 'the previous incidents' });
        await waitFor(() => text(section.querySelector('.load-state')) === expected, { message: expected });
        el.remove();
      } finally {
        faked.restore();
      }
    }
  });
});

describe('<care-cit-submission>: a supervisor edits a pending sheet, against the real server', function () {
  this.timeout(60000);
  before(function () {
    if (!url) this.skip();
  });
  afterEach(() => {
    document.querySelectorAll('care-cit-submission').forEach((el) => el.remove());
    $toasts.set([]);
  });
  const view = (id: string, token: string) => mountElement('care-cit-submission', { token, 'submission-id': id });
  const editButton = (el: HTMLElement) => shadow(el).querySelector<HTMLButtonElement>('[data-testid="cit-edit-open"]');
  const loaded = (el: HTMLElement) => waitFor(() => text(shadow(el).querySelector('[data-testid="approval-status"]')), { timeout: 10000, message: 'the sheet' });

  it('Edit opens the sheet in the form; the schema checks it before anything is sent; Save changes stores it with PUT', async () => {
    const pending = await filed(false);
    const el = view(pending.id, pending.token);
    await loaded(el);
    const button = await waitFor(() => editButton(el), { message: 'the Edit action' });
    equal(text(button), 'Edit');
    button.click();
    const editor = await waitFor(() => shadow(el).querySelector('[data-testid="cit-edit"]'), { timeout: 10000, message: 'the editor' });
    equal(text(editor.querySelector('h2')), CIT_EDIT_TEXT.title);
    equal(shadow(el).querySelector('[aria-label="Approval status"]'), null, 'no decision while editing');
    equal(editButton(el), null);
    // The stored answers, in the officer's fields; no identity step.
    equal(ctl(el, 'firstName').value, pending.person.firstName);
    equal(ctl(el, 'lastName').value, pending.person.lastName);
    equal(ctl(el, 'dateTime').value, '2026-01-10T22:15');
    equal(selectedText(el, 'dispositionUid'), 'Active');
    ok((shadow(el).querySelector<HTMLInputElement>('[data-field="crisis"] input[value="Suicide Thoughts"]'))!.checked, 'the crisis events');
    equal(has(el, 'code'), false, 'the officer and agency are not editable');
    equal(ctl<HTMLTextAreaElement>(el, 'incidentNote').value, 'Narrative only staff read');

    const requests = watchFetch();
    try {
      type(el, 'firstName', 'Corrected');
      type(el, 'phoneNumber', '12');
      type(el, 'incidentNote', 'x'.repeat(4001));
      buttonByText(editor, CIT_EDIT_TEXT.save).click();
      await waitFor(() => fieldError(el, 'phoneNumber') === 'Must be a 10-digit phone number', { message: 'the phone rule' });
      equal(fieldError(el, 'incidentNote'), 'Must be at most 4000 characters', 'bounded by the shared schema');
      ok(shadow(el).querySelector('.error-summary'), 'the error summary');
      equal(requests.sent.filter((r) => r.method === 'PUT').length, 0, 'nothing sent');
      type(el, 'phoneNumber', '6145550177');
      type(el, 'incidentNote', 'Corrected narrative');
      buttonByText(editor, CIT_EDIT_TEXT.save).click();
      await waitFor(() => toasted(CIT_TEXT.saved), { timeout: 10000, message: 'Form successfully saved!' });
    } finally {
      requests.restore();
    }
    const put = requests.sent.filter((r) => r.method === 'PUT');
    deepEqual(put.map((r) => r.url.pathname), [`/api/data/public/cit-submission/${pending.id}`]);
    await waitFor(() => !shadow(el).querySelector('[data-testid="cit-edit"]'), { message: 'the editor closes' });
    const facts = text(shadow(el).querySelector('dl'));
    ok(facts.includes('Corrected') && facts.includes('Corrected narrative'), facts);
    equal(text(shadow(el).querySelector('[data-testid="approval-status"]')), 'pending', 'still pending');
    ok(editButton(el), 'Edit again');
    const stored = await json(`/data/public/cit-submission/${pending.id}`, { headers: { authorization: `Bearer ${pending.token}` } });
    equal(stored.data.attributes.submission_json.first_name, 'Corrected');
    equal(stored.data.attributes.submission_json.phone_number, '6145550177');
    equal(stored.data.attributes.officer_name, OFFICER);
  });

  it("Cancel keeps the stored sheet; the server's field errors land on their fields", async () => {
    const pending = await filed(false);
    const el = view(pending.id, pending.token);
    await loaded(el);
    (await waitFor(() => editButton(el), { message: 'Edit' })).click();
    let editor = await waitFor(() => shadow(el).querySelector('[data-testid="cit-edit"]'), { timeout: 10000, message: 'the editor' });
    type(el, 'firstName', 'Discarded');
    buttonByText(editor, CIT_EDIT_TEXT.cancel).click();
    await waitFor(() => !shadow(el).querySelector('[data-testid="cit-edit"]'), { message: 'closed' });
    ok(!text(shadow(el).querySelector('dl')).includes('Discarded'), 'nothing changed');

    editButton(el)!.click();
    editor = await waitFor(() => shadow(el).querySelector('[data-testid="cit-edit"]'), { timeout: 10000, message: 'the editor again' });
    equal(ctl(el, 'firstName').value, pending.person.firstName, 'the stored value, not the discarded one');
    const refusing = interceptFetch(
      (u) => u.endsWith(`/cit-submission/${pending.id}`),
      () => new Response(JSON.stringify({ errors: [{ field: 'facility_uid', message: 'Must be a facility of this agency' }] }), { status: 422, headers: { 'content-type': 'application/json' } }),
    );
    refusing.release();
    try {
      buttonByText(editor, CIT_EDIT_TEXT.save).click();
      await waitFor(() => fieldError(el, 'facilityUid') === 'Must be a facility of this agency' || text(shadow(el).querySelector('.error-summary')).includes('Must be a facility of this agency'), { message: 'the server\'s field error' });
    } finally {
      refusing.restore();
    }
  });

  it('no Edit for a decided sheet, nor for CIT staff without the approval capability', async () => {
    const approved = await filed(true);
    const a = view(approved.id, approved.token);
    await waitFor(() => text(shadow(a).querySelector('[data-testid="approval-status"]')) === 'approved', { timeout: 10000, message: 'approved' });
    equal(editButton(a), null, 'a decided sheet is locked');

    const pending = await filed(false);
    const staff = await signIn('cit');
    const b = view(pending.id, staff);
    equal(await loaded(b), 'pending');
    equal(editButton(b), null, 'CIT staff read, supervisors edit');
  });
});
