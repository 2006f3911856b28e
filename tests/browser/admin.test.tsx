import '../../widgets/admin/admin.element';
import { ROLE_TEMPLATES } from '../../shared/role-templates';
import { $toasts } from '../../widgets/kit/toasts';
import { deepEqual, equal, ok } from './support/assert';
import { selectOption, text, typeInto, waitFor } from './support/dom';
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
