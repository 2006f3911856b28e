import { defineWidget } from '../../shared/widget/define-widget';
import { CareGiverForm } from '../../widgets/care-team/care-giver-form.component';
import { CareTeamMemberForm } from '../../widgets/care-team/care-team-member-form.component';
import '../../widgets/care-team/patient-care-team.element';
import { $toasts } from '../../widgets/kit/toasts';
import { deepEqual, equal, ok } from './support/assert';
import { byLabel, selectOption, text, typeInto, waitFor } from './support/dom';
import { fieldError, mountElement, shadow } from './support/element';
import { signIn, url, visiblePatient, type Api } from './support/reminders-server';
import { signInAs } from './support/sign-in';

// The record pages are the forms; for the test each is mounted as an element the way the record frame mounts it.
defineWidget('test-care-giver-form', ({ patientId }: { patientId: string }) => <CareGiverForm patientId={patientId} params={{ careGiverId: 'add' }} />, { props: { patientId: 'string' } });
defineWidget('test-care-team-member-form', ({ patientId }: { patientId: string }) => <CareTeamMemberForm patientId={patientId} params={{ memberId: 'add' }} />, { props: { patientId: 'string' } });

const TAGS = ['care-patient-care-team', 'test-care-giver-form', 'test-care-team-member-form'];

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

/** Records the widget's POSTs without holding them. */
function spyOnPosts() {
  const real = window.fetch;
  const posts: { url: string; body: any }[] = [];
  window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'POST') posts.push({ url: String(input), body: JSON.parse(String(init.body)) });
    return real(input, init);
  }) as typeof fetch;
  return { posts, restore: () => (window.fetch = real) };
}

const section = (el: HTMLElement, heading: string) => [...shadow(el).querySelectorAll('section')].find((s) => text(s.querySelector('h3')) === heading)!;
const tabs = (s: Element) => [...s.querySelectorAll('sl-tab')].map((t) => text(t));
const activePanelText = (s: Element) => text(s.querySelector('sl-tab-panel[active]'));
/** The control of the label that reads exactly `label` ("Provider", not "Provider Role"). */
const control = <E extends HTMLElement>(root: ParentNode, label: string) => {
  const found = [...root.querySelectorAll('label')].find((l) => text(l) === label)!;
  return (found.htmlFor ? root.querySelector(`[id="${found.htmlFor}"]`) : found.querySelector('input,select')) as E;
};

describe('care team against the real server', function () {
  let nav: Api;
  let seeded: string;
  let spy: ReturnType<typeof spyOnPosts> | null = null;

  before(async function () {
    if (!url) this.skip();
    nav = await signIn();
    // The demo patient whose team has a former member (Dr. James Hsu, inactive).
    const hsu = (await nav.call('/providers/mv?q=Hsu')).body.data[0].id;
    seeded = (await nav.call(`/provider-patients?provider_uid=${hsu}&care_team=false`)).body.data[0].attributes.patient_uid;
  });
  afterEach(() => {
    spy?.restore();
    spy = null;
    for (const tag of TAGS) document.querySelectorAll(tag).forEach((el) => el.remove());
    $toasts.set([]);
  });

  it('members and care givers each have Active and Inactive tabs, and the Add buttons lead to the forms', async () => {
    const el = mountElement('care-patient-care-team', { token: nav.token, 'patient-id': seeded });
    const seen = events(el);
    const members = await waitFor(() => section(el, 'Care Team Members')?.querySelector('sl-tab') && section(el, 'Care Team Members'), { timeout: 10000, message: 'the members' });
    const givers = await waitFor(() => section(el, 'Care Givers')?.querySelector('sl-tab') && section(el, 'Care Givers'), { message: 'the care givers' });
    deepEqual(tabs(members), ['Active (2)', 'Inactive (1)']);
    deepEqual(tabs(givers), ['Active (2)', 'Inactive (1)']);
    await waitFor(() => activePanelText(members).includes('Dr. Elena Ortiz'), { message: 'the active members' });
    ok(activePanelText(members).includes('Marcus Bell, LPCC'));
    ok(!activePanelText(members).includes('Dr. James Hsu'), 'a former member is not active');
    await waitFor(() => activePanelText(givers).includes('Interpreter (Spanish)'), { message: 'the interpreter among the active care givers' });

    members.querySelectorAll<HTMLElement>('sl-tab')[1].click();
    await waitFor(() => activePanelText(members).includes('Dr. James Hsu'), { message: 'the inactive members' });
    givers.querySelectorAll<HTMLElement>('sl-tab')[1].click();
    await waitFor(() => activePanelText(givers).includes('Harold Walker'), { message: 'the inactive care givers' });
    ok(activePanelText(givers).includes('Meals, Yard work, Grocery runs'), 'Other shows the free-text roles');

    [...shadow(el).querySelectorAll<HTMLAnchorElement>('a')].find((a) => text(a) === 'Add Care Team Member')!.click();
    [...shadow(el).querySelectorAll<HTMLAnchorElement>('a')].find((a) => text(a) === 'Add Care Giver')!.click();
    deepEqual(
      seen.map((e) => e.detail.path),
      [`/patients/${seeded}/care-team/add`, `/patients/${seeded}/care-givers/add`],
    );
  });

  it('an empty team says so in each tab, and a read-only mode gets no Add buttons', async () => {
    const cit = await signInAs('cit');
    const patient = await visiblePatient(nav);
    const el = mountElement('care-patient-care-team', { token: cit.token, 'patient-id': patient });
    await waitFor(() => shadow(el).querySelector('sl-tab-panel[active]'), { timeout: 10000, message: 'the tabs' });
    const members = section(el, 'Care Team Members');
    await waitFor(() => activePanelText(members) === 'No items.' || activePanelText(members).includes('Provider'), { message: 'the members list' });
    equal([...shadow(el).querySelectorAll('a')].filter((a) => text(a).startsWith('Add')).length, 0, 'CIT staff read, they do not add');
  });

  it('care giver form: Other shows the free-text roles, Interpreter its id and language; each is required only when shown', async () => {
    const patient = await visiblePatient(nav);
    const el = mountElement('test-care-giver-form', { token: nav.token, 'patient-id': patient });
    const seen = events(el);
    const form = await waitFor(() => shadow(el).querySelector('form'), { timeout: 10000, message: 'the form' });
    const role = (name: string) => [...form.querySelectorAll<HTMLInputElement>('input[type="checkbox"][value]')].find((i) => i.value === name)!;
    const has = (label: string) => [...form.querySelectorAll('label')].some((l) => text(l) === label);

    // Spec 001 section 9 defaults.
    equal(byLabel<HTMLSelectElement>(form, 'Preferred Phone').value, 'N/A');
    equal(byLabel(form, 'Current Care Giver').checked, true);
    equal(byLabel(form, 'Primary Care Giver').checked, false);
    ok(!has('Other Roles') && !has('Interpreter Id') && !has('Interpreter Language'), 'nothing extra before a role asks for it');

    role('Other').click();
    await waitFor(() => has('Other Roles'), { message: 'the Other Roles field' });
    ok(text(form).includes('Separate roles with commas'));
    role('Interpreter').click();
    await waitFor(() => has('Interpreter Id') && has('Interpreter Language'), { message: 'the interpreter fields' });

    typeInto(byLabel(form, 'First Name'), 'Amina');
    typeInto(byLabel(form, 'Last Name'), 'Hassan');
    selectOption(byLabel<HTMLSelectElement>(form, 'Relationship'), 'Relative');
    typeInto(byLabel(form, 'Email'), 'not-an-email');
    spy = spyOnPosts();
    form.requestSubmit();
    await waitFor(() => fieldError(el, 'otherRoles'), { message: 'the Other Roles error' });
    equal(fieldError(el, 'otherRoles'), 'Other Roles is required');
    equal(fieldError(el, 'interpreterLanguage'), 'Interpreter Language is required');
    equal(fieldError(el, 'email'), 'Must be a valid email address');
    equal(fieldError(el, 'interpreterId'), '', 'the interpreter id is optional');
    equal(spy.posts.length, 0, 'an invalid form sends nothing');

    // Unchecking Other hides its field and drops its rule.
    role('Other').click();
    await waitFor(() => !has('Other Roles'), { message: 'Other Roles hidden' });
    typeInto(byLabel(form, 'Email'), 'amina@example.test');
    typeInto(byLabel(form, 'Interpreter Id'), 'INT-5');
    typeInto(byLabel(form, 'Interpreter Language'), 'Somali');
    selectOption(byLabel<HTMLSelectElement>(form, 'Preferred Phone'), 'Mobile');
    typeInto(byLabel(form, 'Mobile Phone'), '(614) 555-0199');
    form.requestSubmit();
    await waitFor(() => seen.some((e) => e.name === 'care-navigate'), { timeout: 10000, message: 'the saved care giver' });
    equal(spy.posts.length, 1);
    equal(spy.posts[0].url, `${url}/api/patients/${patient}/care-givers`);
    const sent = spy.posts[0].body.data.attributes;
    deepEqual([sent.roles, sent.other_roles, sent.interpreter_language, sent.mobile_phone, sent.is_current, sent.is_primary], [['Interpreter'], '', 'Somali', '6145550199', true, false]);
    equal(seen.find((e) => e.name === 'care-navigate')!.detail.path, `/patients/${patient}/care-team`);
    ok($toasts.get().some((t) => t.message === 'Successfully Saved!'));
  });

  it('member form: a provider with one location has it pre-selected, one with several asks; careTeam is on by default', async () => {
    const patient = await visiblePatient(nav);
    const el = mountElement('test-care-team-member-form', { token: nav.token, 'patient-id': patient });
    const form = await waitFor(() => shadow(el).querySelector('form'), { timeout: 10000, message: 'the form' });
    const provider = control<HTMLSelectElement>(form, 'Provider');
    const location = () => byLabel<HTMLSelectElement>(form, 'Location');
    const option = (select: HTMLSelectElement, label: string) => [...select.options].find((o) => o.text.startsWith(label))!.value;
    await waitFor(() => provider.options.length > 3, { message: 'the providers' });
    equal(byLabel(form, 'Current Care Team Member').checked, true);
    equal(byLabel(form, 'Primary Care Provider (PCP)').checked, false);

    // The role narrows the provider list; only roles some provider holds are offered.
    const roleSelect = byLabel<HTMLSelectElement>(form, 'Provider Role');
    await waitFor(() => [...roleSelect.options].some((o) => o.text === 'Counselor'), { message: 'the held roles' });
    ok(![...roleSelect.options].some((o) => o.text === 'Dentist'), 'a referral specialty no provider holds narrows nothing');
    selectOption(byLabel<HTMLSelectElement>(form, 'Provider Role'), option(byLabel<HTMLSelectElement>(form, 'Provider Role'), 'Counselor'));
    await waitFor(() => [...provider.options].slice(1).every((o) => o.text.endsWith('(Counselor)')) && provider.options.length > 1, { message: 'counselors only' });

    selectOption(provider, option(provider, 'Tanya Brooks'));
    await waitFor(() => location().value !== '', { message: 'the single location pre-selected' });
    ok(location().selectedOptions[0].text.startsWith('Hopewell Behavioral Health'), location().selectedOptions[0].text);

    selectOption(byLabel<HTMLSelectElement>(form, 'Provider Role'), '');
    await waitFor(() => [...provider.options].some((o) => o.text.startsWith('Dr. Priya Raman')), { message: 'every provider' });
    selectOption(provider, option(provider, 'Dr. Priya Raman'));
    await waitFor(() => location().options.length === 3, { message: 'two locations to choose from' });
    equal(location().value, '', 'with two locations none is chosen for the user');

    spy = spyOnPosts();
    form.requestSubmit();
    await waitFor(() => spy!.posts.length === 1, { timeout: 10000, message: 'the POST' });
    const sent = spy.posts[0].body.data.attributes;
    deepEqual([sent.patient_uid, sent.preferred_location_uid, sent.care_team], [patient, '', true]);
  });

  it('member form: the provider is required', async () => {
    const patient = await visiblePatient(nav);
    const el = mountElement('test-care-team-member-form', { token: nav.token, 'patient-id': patient });
    const form = await waitFor(() => shadow(el).querySelector('form'), { timeout: 10000, message: 'the form' });
    form.requestSubmit();
    await waitFor(() => fieldError(el, 'providerUid'), { message: 'the provider error' });
    equal(fieldError(el, 'providerUid'), 'Provider is required');
  });
});
