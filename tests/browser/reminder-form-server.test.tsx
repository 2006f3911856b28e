import dayjs from 'dayjs';
import '../../widgets/reminders/reminder-form.element';
import { nowMs } from '../../shared/clock';
import { $toasts } from '../../widgets/kit/toasts';
import { deepEqual, equal, ok } from './support/assert';
import { byLabel, selectOption, settle, text, typeInto, waitFor } from './support/dom';
import { eventually, signIn, url, visiblePatient, type Api } from './support/reminders-server';
import { mountElement, shadow, slButton } from './support/element';

const mount = (api: Api, patientId?: string) => mountElement('care-reminder-form', { token: api.token, ...(patientId && { 'patient-id': patientId }) });

const fieldError = (el: HTMLElement, label: string) => text(shadow(el).querySelector(`#${CSS.escape(byLabel(shadow(el), label).getAttribute('aria-describedby')?.split(' ').find((id) => id.endsWith('-error')) ?? 'none')}`));

/** Watches the widget's calls to the server; a POST to reminders can be held to see the button while saving. */
function spyOnPosts() {
  const real = window.fetch;
  const posts: { url: string; body: any }[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'POST') {
      posts.push({ url: String(input), body: JSON.parse(String(init.body)) });
      await held;
    }
    return real(input, init);
  }) as typeof fetch;
  return { posts, release, restore: () => (window.fetch = real) };
}

function navigation(el: HTMLElement) {
  const events: { name: string; detail: any }[] = [];
  for (const name of ['care-navigate', 'care-saved']) {
    el.addEventListener(name, (e) => {
      e.preventDefault();
      events.push({ name, detail: (e as CustomEvent).detail });
    });
  }
  return events;
}

describe('<care-reminder-form> against the real server', function () {
  let api: Api;
  let patient: string;
  let spy: ReturnType<typeof spyOnPosts> | null = null;

  before(async function () {
    if (!url) this.skip();
    api = await signIn();
    patient = await visiblePatient(api);
  });
  afterEach(() => {
    spy?.restore();
    spy = null;
    document.querySelectorAll('care-reminder-form').forEach((el) => el.remove());
    $toasts.set([]);
  });

  it('for a given patient: no patient field; validates on submit only; "Working ..." while saving; sends the spec payload; returns to the patient', async () => {
    const el = mount(api, patient);
    await waitFor(() => slButton(el, 'Save'), { timeout: 10000, message: 'the form' });
    ok(![...shadow(el).querySelectorAll('label')].some((l) => text(l) === 'Patient'), 'no patient field on the route form');
    equal(byLabel<HTMLSelectElement>(shadow(el), 'Assigned To').value, api.me, 'assigned to me by default');
    spy = spyOnPosts();
    const events = navigation(el);

    // Typing and leaving a field says nothing before the first submit.
    const note = byLabel<HTMLTextAreaElement>(shadow(el), 'Note');
    typeInto(note, 'x');
    typeInto(note, '');
    // Leaving the field as a browser does: React's onBlur listens to the bubbling focusout.
    note.dispatchEvent(new FocusEvent('blur'));
    note.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    // Validation on blur would be drawn by now: its microtasks, then the render they schedule.
    await settle();
    equal(shadow(el).querySelector('.field-error, .error-summary'), null);

    slButton(el, 'Save')!.click();
    const summary = await waitFor(() => shadow(el).querySelector('.error-summary'), { message: 'error summary' });
    ok(text(summary).includes('Date is required') && text(summary).includes('Note is required'), text(summary));
    equal(fieldError(el, 'Note'), 'Note is required');
    equal(spy.posts.length, 0, 'nothing sent while invalid');

    // Still no re-validation on change after the first submit: the error stays until the next submit.
    typeInto(note, 'Call about the lab results');
    await settle();
    equal(fieldError(el, 'Note'), 'Note is required');

    const day = dayjs(nowMs()).add(2, 'day').format('YYYY-MM-DD');
    typeInto(byLabel(shadow(el), 'Date'), day);
    const dana = api.navigators.find((n) => n.attributes.display_name === 'Dana Director')!.id;
    selectOption(byLabel<HTMLSelectElement>(shadow(el), 'Assigned To'), dana);
    slButton(el, 'Save')!.click();
    await waitFor(() => slButton(el, 'Working ...'), { message: '"Working ..." while saving' });
    equal(spy.posts.length, 1);
    spy.release();

    await waitFor(() => events.some((e) => e.name === 'care-navigate'), { message: 'navigation after save' });
    deepEqual(events.map((e) => e.name), ['care-saved', 'care-navigate']);
    equal(events[1].detail.path, `/patients/${patient}/details`);
    const sent = spy.posts[0];
    ok(sent.url.endsWith('/api/reminders'), sent.url);
    const a = sent.body.data.attributes;
    ok(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(a.created_date) && a.updated_date === a.created_date, a.created_date);
    deepEqual(sent.body, {
      data: {
        type: 'reminders',
        attributes: {
          subject_uid: patient,
          subject_type: 'patient',
          created_date: a.created_date,
          updated_date: a.created_date,
          reminder_date: dayjs(day).endOf('day').toISOString(),
          is_active: true,
          is_urgent: false,
          is_read: false,
          is_saved: false,
          note: 'Call about the lab results',
          display_name: 'Dana Director',
          target_uid: dana,
          reminder_type: 'reminder',
          event_type_uid: null,
          event_type_name: null,
          ui_model_name: 'patients',
          route: `/patients/${patient}/details`,
        },
        relationships: { patient: { data: { type: 'patients', id: patient } } },
      },
    });
    await eventually(async () => {
      const list = await api.call(`/data/public/home-page-notifications-view?target_uid=${dana}&page-size=100`);
      return list.body.data.some((r: any) => r.attributes.note === 'Call about the lab results' && r.attributes.reminder_date === dayjs(day).endOf('day').toISOString());
    }, 'the saved reminder');
  });

  it('Cancel returns to the patient without saving', async () => {
    const el = mount(api, patient);
    await waitFor(() => slButton(el, 'Cancel'), { timeout: 10000 });
    spy = spyOnPosts();
    const events = navigation(el);
    slButton(el, 'Cancel')!.click();
    deepEqual(events, [{ name: 'care-navigate', detail: { path: `/patients/${patient}/details` } }]);
    equal(spy.posts.length, 0);
  });

  it('inline: the patient is required and found by an asynchronous search', async () => {
    const chosen = (await api.call(`/data/public/home-page-notifications-view/${(await api.call('/data/public/home-page-notifications-view?page-size=1')).body.data[0].id}`)).body.data.attributes;
    const el = mount(api);
    await waitFor(() => slButton(el, 'Save'), { timeout: 10000, message: 'the form' });
    const search = byLabel(shadow(el), 'Patient');
    equal(search.placeholder, 'Search for patients ...');
    ok(text(shadow(el)).includes('Begin typing to search ...'));
    spy = spyOnPosts();
    const events = navigation(el);
    slButton(el, 'Save')!.click();
    await waitFor(() => fieldError(el, 'Patient') === 'Patient is required', { message: 'patient required' });

    // Last and first name: a last name alone may have more patients than one page of options.
    const name = `${chosen.patient_last_name} ${chosen.patient_first_name}`;
    typeInto(search, name);
    const option = await waitFor(
      () => [...shadow(el).querySelectorAll<HTMLButtonElement>('.patient-options button')].find((b) => text(b).startsWith(`${chosen.patient_last_name}, ${chosen.patient_first_name}`)),
      { timeout: 8000, message: 'search results' },
    );
    option.click();
    typeInto(byLabel(shadow(el), 'Date'), dayjs(nowMs()).format('YYYY-MM-DD'));
    typeInto(byLabel<HTMLTextAreaElement>(shadow(el), 'Note'), 'Inline reminder');
    spy.release();
    slButton(el, 'Save')!.click();
    await waitFor(() => events.some((e) => e.name === 'care-navigate'), { message: 'saved' });
    const body = spy.posts[0].body;
    equal(body.data.relationships.patient.data.id, body.data.attributes.subject_uid);
    equal(events.find((e) => e.name === 'care-navigate')!.detail.path, `/patients/${body.data.attributes.subject_uid}/details`);
    const summaries = await api.call(`/summary-patients?q=${encodeURIComponent(name)}&sort=lastName&current_division_only=true&page-size=50`);
    ok(summaries.body.data.some((p: any) => p.id === body.data.attributes.subject_uid), 'a patient the search found');
  });

  it('inline, for a community user (no navigator patient search): the picker finds the patient in the patient list, and never calls summary-patients', async () => {
    const community = await signIn('community');
    const listed = (await community.call('/data/public/patient-list?page-size=1&sort=last_name')).body.data[0].attributes;
    equal((await community.call(`/summary-patients?q=${encodeURIComponent(listed.last_name)}`)).status, 403, 'the navigator search is refused to this user');
    const calls: string[] = [];
    const real = window.fetch;
    window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => (calls.push(String(input)), real(input, init))) as typeof fetch;
    spy = { posts: [], release: () => undefined, restore: () => (window.fetch = real) };
    const el = mount(community);
    await waitFor(() => slButton(el, 'Save'), { timeout: 10000, message: 'the form' });
    typeInto(byLabel(shadow(el), 'Patient'), `${listed.last_name} ${listed.first_name}`);
    const option = await waitFor(
      () => [...shadow(el).querySelectorAll<HTMLButtonElement>('.patient-options button')].find((b) => text(b).startsWith(`${listed.last_name}, ${listed.first_name}`)),
      { timeout: 8000, message: 'search results' },
    );
    ok(option);
    ok(!text(shadow(el)).includes('Oops'), 'no error');
    ok(calls.some((c) => c.includes('/data/public/patient-list')), 'searched the patient list');
    ok(!calls.some((c) => c.includes('summary-patients')), 'never the refused search');
  });
});
