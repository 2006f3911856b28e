import '../../widgets/admin/admin.element';
import { ROLE_TEMPLATES } from '../../shared/role-templates';
import { PHONE_DIGITS } from '../../shared/schemas/strings';
import { $toasts } from '../../widgets/kit/toasts';
import { deepEqual, equal, ok } from './support/assert';
import { byLabel, selectOption, text, typeInto, waitFor } from './support/dom';
import { fakeFetch } from './support/fake-fetch';
import { fieldError, mountElement, shadow, slButton } from './support/element';

const DIVISIONS = {
  data: [
    { type: 'divisions', id: 'd-1', attributes: { division_uid: 'd-1', division_name: 'Franklin County Care' } },
    { type: 'divisions', id: 'd-2', attributes: { division_uid: 'd-2', division_name: 'Summit County Care' } },
  ],
};

function respond(saved: { status?: number; body?: unknown } = { status: 201, body: { data: { type: 'admin-users', id: 'u-1', attributes: { user_uid: 'u-1', display_name: 'Nina New', email: 'nina@county.test', divisions: [], is_active: true, user_name: 'nina' } } } }) {
  return (url: URL, init?: RequestInit) => {
    if (url.pathname.endsWith('/admin/divisions')) return { body: DIVISIONS };
    if (url.pathname.endsWith('/admin/users') && init?.method === 'POST') return saved;
    return { status: 404, body: { errors: [{ message: 'Not found' }] } };
  };
}

const mount = () => mountElement('care-admin', { 'api-base': 'http://api.test/api', token: 't0k', page: 'users/new' });
const division = (root: ShadowRoot, name: string) => root.querySelector<HTMLFieldSetElement>(`fieldset[data-division="${name}"]`)!;
const checked = (set: HTMLElement) => [...set.querySelectorAll<HTMLInputElement>('.flag input:checked')].map((i) => i.name);
const flagBox = (set: HTMLElement, flag: string) => set.querySelector<HTMLInputElement>(`.flag input[name="${flag}"]`)!;

async function fillUser(root: ShadowRoot) {
  await waitFor(() => root.querySelector('fieldset.division-access'), { message: 'the form' });
  typeInto(root.querySelector<HTMLInputElement>('[data-field="displayName"] input')!, 'Nina New');
  typeInto(root.querySelector<HTMLInputElement>('[data-field="userName"] input')!, 'nina');
  typeInto(root.querySelector<HTMLInputElement>('[data-field="email"] input')!, 'nina@county.test');
}

describe('<care-admin> user form (stubbed server)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    document.querySelectorAll('care-admin').forEach((el) => el.remove());
    $toasts.set([]);
  });

  it('a template fills the flags, each shown with what it opens; overrides make it Custom and are what is sent', async () => {
    const fake = fakeFetch(respond());
    restore = fake.restore;
    const el = mount();
    const root = shadow(el);
    await fillUser(root);
    const franklin = division(root, 'Franklin County Care');
    equal(franklin.querySelector('select'), null, 'no template before the division is chosen');
    franklin.querySelector<HTMLInputElement>('.works-here input')!.click();
    const template = await waitFor(() => franklin.querySelector('select'));
    selectOption(template, 'navigator');
    await waitFor(() => checked(franklin).length > 0);
    deepEqual(checked(franklin).sort(), [...ROLE_TEMPLATES.navigator.flags].sort());
    ok(text(franklin).includes('Navigator mode: work queues, reminders, patient search'), 'the catalogue says what a flag opens');

    flagBox(franklin, 'chat').click();
    flagBox(franklin, 'hasDebugMode').click();
    await waitFor(() => template.value === '', { message: 'the template reads Custom after overrides' });
    equal(text(template.selectedOptions[0]), 'Custom');
    equal(division(root, 'Summit County Care').querySelector('select'), null, 'the other division stays off');

    slButton(el, 'Save')!.click();
    const post = await waitFor(() => fake.calls.find((c) => c.init?.method === 'POST'));
    const body = JSON.parse(String(post.init!.body));
    const expected = [...ROLE_TEMPLATES.navigator.flags.filter((f) => f !== 'chat'), 'hasDebugMode'];
    deepEqual({ ...body, divisions: body.divisions.map((d: { division_uid: string; flags: string[] }) => ({ ...d, flags: [...d.flags].sort() })) }, {
      display_name: 'Nina New',
      user_name: 'nina',
      email: 'nina@county.test',
      divisions: [{ division_uid: 'd-1', flags: expected.sort() }],
      password_fallback: false,
    });
    ok(new Headers(post.init!.headers).get('idempotency-key'), 'a create carries an Idempotency-Key');
  });

  it('says what is missing before sending, and puts the server\'s field errors on their fields', async () => {
    const fake = fakeFetch(respond({ status: 422, body: { errors: [{ field: 'user_name', message: 'This user name is already taken' }] } }));
    restore = fake.restore;
    const el = mount();
    const root = shadow(el);
    await waitFor(() => root.querySelector('fieldset.division-access'));
    slButton(el, 'Save')!.click();
    await waitFor(() => root.querySelector('.error-summary'));
    equal(fieldError(el, 'displayName'), 'Name is required');
    ok(text(root.querySelector('.error-summary')).includes('Divisions is required'), text(root.querySelector('.error-summary')));
    equal(fake.calls.filter((c) => c.init?.method === 'POST').length, 0);

    await fillUser(root);
    const franklin = division(root, 'Franklin County Care');
    franklin.querySelector<HTMLInputElement>('.works-here input')!.click();
    await waitFor(() => franklin.querySelector('select'));
    slButton(el, 'Save')!.click();
    await waitFor(() => text(franklin).includes('Permissions is required'), { message: 'a division without flags' });
    selectOption(franklin.querySelector('select')!, 'sponsor');
    slButton(el, 'Save')!.click();
    await waitFor(() => fieldError(el, 'userName'), { message: 'the server error on User Name' });
    equal(fieldError(el, 'userName'), 'This user name is already taken');
  });
});

describe('<care-admin> organisation pages (stubbed server)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    document.querySelectorAll('care-admin').forEach((el) => el.remove());
    $toasts.set([]);
  });

  const QUEUES = { data: [], meta: { view_columns: ['patient_uid', 'last_name', 'first_name', 'birth_date', 'episode_status_label', 'referral_date'] } };

  it('the organisation page says when there are no divisions, and shows an error when the organisation fails', async () => {
    const fake = fakeFetch((url) => {
      if (url.pathname.endsWith('/admin/organization')) return { status: 500, body: { errors: [{ message: 'down' }] } };
      if (url.pathname.endsWith('/admin/divisions')) return { body: { data: [] } };
      if (url.pathname.endsWith('/admin/identity-providers')) return { body: { data: [], meta: { password_login: true, fallback_administrators: [], active_providers: 0, redirect_uri: 'http://care.test/api/auth/sso/callback' } } };
      if (url.pathname.endsWith('/admin/ehrs')) return { body: { data: [], meta: { launch_url: 'http://care.test/smart/launch', redirect_url: 'http://care.test/smart/callback', scopes: 'launch openid fhirUser patient/Patient.rs' } } };
      if (url.pathname.endsWith('/admin/ehr-user-links')) return { body: { data: [], meta: { users: [] } } };
      return { status: 404, body: { errors: [{ message: 'Not found' }] } };
    });
    restore = fake.restore;
    const el = mountElement('care-admin', { 'api-base': 'http://api.test/api', token: 't0k', page: 'organization' });
    const root = shadow(el);
    await waitFor(() => text(root).includes('No divisions yet'), { message: 'the empty state' });
    await waitFor(() => text(root).includes('Oops, something went wrong!'), { message: 'the error state' });
  });

  it('a queue rule is counted live, a refused rule shows the engine message, and the queue is sent with its columns', async () => {
    const fake = fakeFetch(async (url, init) => {
      if (url.pathname.endsWith('/admin/divisions/d-1/queues') && init?.method !== 'POST') return { body: QUEUES };
      if (url.pathname.endsWith('/admin/queues/preview')) {
        const { rule } = JSON.parse(String(init!.body));
        return rule.startsWith('shoe') ? { status: 422, body: { errors: [{ field: 'rule', message: "Unknown column 'shoe' for view 'queue-patient-view'" }] } } : { body: { data: { type: 'queue-previews', id: 'd-1', attributes: { count: rule ? 7 : 90 } } } };
      }
      if (url.pathname.endsWith('/admin/divisions/d-1/queues')) return { status: 201, body: { data: { type: 'admin-queues', id: 'q-1', attributes: { queue_uid: 'q-1', division_uid: 'd-1', queue_label: 'Active', rule: '', columns: [], sort_order: 0 } } } };
      return { status: 404, body: { errors: [{ message: 'Not found' }] } };
    });
    restore = fake.restore;
    const el = mountElement('care-admin', { 'api-base': 'http://api.test/api', token: 't0k', page: 'organization/divisions/d-1/queues/new' });
    const root = shadow(el);
    const preview = await waitFor(() => root.querySelector('.rule-preview'), { message: 'the queue form' });
    await waitFor(() => text(preview) === '90 patients match this rule now', { message: 'the empty rule counts everyone' });
    typeInto(root.querySelector<HTMLInputElement>('[data-field="rule"] input')!, 'shoe=9');
    await waitFor(() => text(preview).includes("Unknown column 'shoe'"), { message: 'the refused rule' });
    typeInto(root.querySelector<HTMLInputElement>('[data-field="rule"] input')!, 'episode_status_label=Active');
    await waitFor(() => text(preview) === '7 patients match this rule now', { message: 'the new count' });

    typeInto(root.querySelector<HTMLInputElement>('[data-field="queueLabel"] input')!, 'Active');
    [...root.querySelectorAll<HTMLElement>('[data-column="0"] sl-button')].find((b) => text(b) === 'Down')!.click();
    slButton(el, 'Save')!.click();
    const post = await waitFor(() => fake.calls.find((c) => c.init?.method === 'POST' && c.url.pathname.endsWith('/queues')));
    const body = JSON.parse(String(post.init!.body));
    equal(body.queue_label, 'Active');
    equal(body.rule, 'episode_status_label=Active');
    deepEqual(body.columns.map((c: { column_name: string }) => c.column_name), ['first_name', 'last_name', 'birth_date', 'episode_status_label']);
    ok(new Headers(post.init!.headers).get('idempotency-key'), 'a create carries an Idempotency-Key');
  });

  it("the organisation's Support Phone (issue 33): shown, checked with the phone rule before sending, sent as digits, emptied to none", async () => {
    const org = { org_uid: 'o-1', org_name: 'County Care', market_name: null, support_phone: '8005550199' };
    const fake = fakeFetch((url, init) => {
      if (url.pathname.endsWith('/admin/organization') && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        return { body: { data: { type: 'organizations', id: 'o-1', attributes: { ...org, support_phone: body.support_phone || null } } } };
      }
      if (url.pathname.endsWith('/admin/organization')) return { body: { data: { type: 'organizations', id: 'o-1', attributes: org } } };
      if (url.pathname.endsWith('/admin/divisions')) return { body: { data: [] } };
      return { status: 404, body: { errors: [{ message: 'Not found' }] } };
    });
    restore = fake.restore;
    const el = mountElement('care-admin', { 'api-base': 'http://api.test/api', token: 't0k', page: 'organization' });
    const root = shadow(el);
    const phone = await waitFor(() => byLabel(root, 'Support Phone'), { message: 'the Support Phone field' });
    equal(phone.value, '8005550199');
    const puts = () => fake.calls.filter((c) => c.init?.method === 'PUT');

    typeInto(phone, '555-0100');
    slButton(el, 'Save')!.click();
    await waitFor(() => fieldError(el, 'supportPhone') === PHONE_DIGITS, { message: 'the phone rule under the field' });
    equal(puts().length, 0, 'nothing sent');

    typeInto(phone, '(614) 555-0100');
    slButton(el, 'Save')!.click();
    await waitFor(() => puts().length === 1, { message: 'the save' });
    deepEqual(JSON.parse(String(puts()[0].init!.body)), { org_name: 'County Care', market_name: '', support_phone: '6145550100' });
    await waitFor(() => $toasts.get().some((t) => t.message === 'Successfully saved!'), { message: 'saved' });
    await waitFor(() => phone.value === '6145550100', { message: 'the saved digits' });

    typeInto(phone, '');
    slButton(el, 'Save')!.click();
    await waitFor(() => puts().length === 2, { message: 'the second save' });
    equal(JSON.parse(String(puts()[1].init!.body)).support_phone, '');
  });
});

describe('<care-admin> access codes (stubbed server)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    document.querySelectorAll('care-admin').forEach((el) => el.remove());
    $toasts.set([]);
  });

  const agency = { holder_uid: 'a-1', name: 'Westside Police', division_uid: 'd-1', division_name: 'Franklin County Care', state_iso: 'oh', officers: ['Officer Vega'], is_active: true };

  it('a new CIT agency sends its officers one per line and shows its code once', async () => {
    const fake = fakeFetch((url, init) => {
      if (url.pathname.endsWith('/admin/divisions')) return { body: DIVISIONS };
      if (url.pathname.endsWith('/admin/cit-agencies') && init?.method === 'POST') return { status: 201, body: { data: { type: 'cit-agencies', id: 'a-1', attributes: agency }, meta: { code: 'ABCD-EFGH' } } };
      if (url.pathname.endsWith('/admin/cit-agencies')) return { body: { data: [] } };
      return { status: 404, body: { errors: [{ message: 'Not found' }] } };
    });
    restore = fake.restore;
    const el = mountElement('care-admin', { 'api-base': 'http://api.test/api', token: 't0k', page: 'access-codes/cit-agencies/new' });
    const root = shadow(el);
    await waitFor(() => root.querySelector('[data-field="divisionUid"] select option[value="d-1"]'), { message: 'the form with divisions' });
    typeInto(root.querySelector<HTMLInputElement>('[data-field="name"] input')!, 'Westside Police');
    selectOption(root.querySelector<HTMLSelectElement>('[data-field="divisionUid"] select')!, 'd-1');
    typeInto(root.querySelector<HTMLTextAreaElement>('[data-field="officers"] textarea')!, 'Officer Vega\n\n  Officer Park \n');
    slButton(el, 'Save')!.click();
    const post = await waitFor(() => fake.calls.find((c) => c.init?.method === 'POST'));
    deepEqual(JSON.parse(String(post.init!.body)), { name: 'Westside Police', division_uid: 'd-1', state_iso: 'OH', officers: ['Officer Vega', 'Officer Park'] });
    await waitFor(() => text(root.querySelector('.new-code')).includes('ABCD-EFGH'), { message: 'the code shown once' });
    ok(text(root.querySelector('.new-code')).includes('it is not shown again'));
  });

  it('rotating asks first, then shows the new code above the list', async () => {
    const fake = fakeFetch((url, init) => {
      if (url.pathname.endsWith('/admin/cit-agencies/a-1/rotate')) return { body: { data: { type: 'cit-agencies', id: 'a-1', attributes: agency }, meta: { code: 'WXYZ-2345' } } };
      if (url.pathname.endsWith('/admin/cit-agencies')) return { body: { data: [{ type: 'cit-agencies', id: 'a-1', attributes: agency }] } };
      if (['/admin/hwc-agencies', '/admin/b2w-vendors', '/admin/ext-instances'].some((p) => url.pathname.endsWith(p))) return { body: { data: [] } };
      return { status: 404, body: { errors: [{ message: `Not found ${init?.method}` }] } };
    });
    restore = fake.restore;
    const el = mountElement('care-admin', { 'api-base': 'http://api.test/api', token: 't0k', page: 'access-codes' });
    const root = shadow(el);
    await waitFor(() => text(root).includes('No Back to Work vendors yet'), { message: 'the empty vendors list' });
    await waitFor(() => slButton(el, 'Rotate Code'), { message: 'the agency row' });
    slButton(el, 'Rotate Code')!.click();
    equal(fake.calls.filter((c) => c.init?.method === 'POST').length, 0, 'nothing before the confirmation');
    (await waitFor(() => slButton(el, 'Make New Code')))!.click();
    await waitFor(() => text(root.querySelector('.new-code')).includes('WXYZ-2345'), { message: 'the new code' });
  });
});
