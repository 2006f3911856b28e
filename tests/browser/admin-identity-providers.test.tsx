import '../../widgets/admin/admin.element';
import { ISSUER_RULE, NO_FALLBACK_ADMIN } from '../../shared/schemas/identity-providers';
import { $toasts } from '../../widgets/kit/toasts';
import { deepEqual, equal, ok } from './support/assert';
import { buttonByText, selectOption, text, typeInto, waitFor } from './support/dom';
import { fakeFetch } from './support/fake-fetch';
import { organizationPageRead } from './support/organization-page';
import { fieldError, mountElement, shadow, slButton } from './support/element';

const REDIRECT = 'http://care.test/api/auth/sso/callback';
const idp = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  type: 'identity-providers',
  id,
  attributes: {
    idp_uid: id,
    display_name: name,
    issuer: 'https://login.county.test/oauth2',
    client_id: 'careweave-client',
    has_client_secret: true,
    scopes: 'openid email profile groups',
    user_claim: 'email',
    group_claim: 'groups',
    group_roles: [{ group: 'CW Navigators', role_template: 'navigator' }],
    jit_role_template: 'community',
    jit_division_uid: 'd-1',
    jit_division_name: 'Franklin County Care',
    is_active: true,
    ...extra,
  },
});
const meta = (extra: Record<string, unknown> = {}) => ({ password_login: true, fallback_administrators: [], active_providers: 1, redirect_uri: REDIRECT, ...extra });
const mount = (page = 'organization') => mountElement('care-admin', { 'api-base': 'http://api.test/api', token: 't0k', page });
/** The provider dialog's Save (the organisation form above has its own). */
const dialogSave = (el: HTMLElement) => [...shadow(el).querySelectorAll<HTMLElement>('sl-dialog sl-button')].find((b) => text(b) === 'Save');
/** The confirmation of the password switch, once open. */
const confirmOpen = (el: HTMLElement) => (shadow(el).querySelector('.password-sign-in sl-dialog') as (HTMLElement & { open: boolean }) | null)?.open;
const sent = (calls: { url: URL; init?: RequestInit }[], method: string, path: string) => calls.filter((c) => c.init?.method === method && c.url.pathname.endsWith(path));

describe('<care-admin> identity providers (stubbed server)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    document.querySelectorAll('care-admin').forEach((el) => el.remove());
    $toasts.set([]);
  });

  it('lists the providers with what they do, never a secret, and the redirect address to register', async () => {
    const fake = fakeFetch((url) => {
      if (url.pathname.endsWith('/admin/identity-providers')) return { body: { data: [idp('i-1', 'County Sign-In'), idp('i-2', 'Old Sign-In', { is_active: false, has_client_secret: false, jit_role_template: null, jit_division_uid: null, jit_division_name: null, group_roles: [], user_claim: 'preferred_username' })], meta: meta() } };
      return organizationPageRead(url);
    });
    restore = fake.restore;
    const el = mount();
    const root = shadow(el);
    const row = (id: string) => root.querySelector(`li[data-provider="${id}"]`)!;
    await waitFor(() => row('i-2'), { message: 'the providers' });
    ok([...root.querySelectorAll('h2')].some((h) => text(h) === 'Identity Providers'), 'the card\'s title');
    ok(text(row('i-1')).includes('https://login.county.test/oauth2'), text(row('i-1')));
    ok(text(row('i-1')).includes('Secret stored'));
    ok(text(row('i-1')).includes('New users: Community provider in Franklin County Care, or by group (1 mapping)'), text(row('i-1')));
    deepEqual(['i-1', 'i-2'].map((id) => text(row(id).querySelector('.code-status'))), ['Active', 'Inactive']);
    ok(text(row('i-2')).includes('No secret') && text(row('i-2')).includes('Users matched by preferred_username') && text(row('i-2')).includes('New users: not made at first sign-in'), text(row('i-2')));
    ok(text(root.querySelector('.redirect-uri')).includes(REDIRECT));
    ok(slButton(el, 'Edit County Sign-In'), 'each row has its Edit, named');
  });

  it('an empty list says so; a failed list shows the error', async () => {
    let fail = false;
    const fake = fakeFetch((url) => {
      if (url.pathname.endsWith('/admin/identity-providers')) return fail ? { status: 500, body: { errors: [{ message: 'down' }] } } : { body: { data: [], meta: meta({ active_providers: 0 }) } };
      return organizationPageRead(url);
    });
    restore = fake.restore;
    const empty = mount();
    await waitFor(() => text(shadow(empty)).includes('No identity providers yet'), { message: 'the empty state' });
    empty.remove();
    fail = true;
    const failed = mount();
    await waitFor(() => [...shadow(failed).querySelectorAll('[role="alert"]')].some((a) => text(a) === 'Oops, something went wrong!'), { message: 'the error state' });
  });

  it('adds a provider: checked before sending, sent with its group mappings, the server\'s errors on their fields, then listed', async () => {
    let refuse = true;
    let made = false;
    const fake = fakeFetch((url, init) => {
      if (url.pathname.endsWith('/admin/identity-providers') && init?.method === 'POST') {
        if (refuse) return { status: 422, body: { errors: [{ field: 'client_id', message: 'The organisation already has a provider with this issuer and client ID' }] } };
        made = true;
        return { status: 201, body: { data: idp('i-9', 'County Sign-In') } };
      }
      if (url.pathname.endsWith('/admin/identity-providers')) return { body: { data: made ? [idp('i-9', 'County Sign-In')] : [], meta: meta({ active_providers: made ? 1 : 0 }) } };
      return organizationPageRead(url);
    });
    restore = fake.restore;
    const el = mount();
    const root = shadow(el);
    await waitFor(() => text(root).includes('No identity providers yet'), { message: 'the card' });
    buttonByText(root, 'Add Identity Provider').click();
    const input = (name: string) => root.querySelector<HTMLInputElement>(`[data-field="${name}"] input`)!;
    await waitFor(() => input('displayName'), { message: 'the dialog' });
    equal(input('scopes').value, 'openid email profile');
    equal(input('userClaim').value, 'email');
    for (const name of ['displayName', 'issuer', 'clientId', 'clientSecret', 'scopes', 'userClaim', 'groupClaim']) ok(root.querySelector(`[data-field="${name}"] label`), `${name} has a label`);

    dialogSave(el)!.click();
    await waitFor(() => fieldError(el, 'displayName'), { message: 'the required fields' });
    deepEqual(['displayName', 'issuer', 'clientId', 'clientSecret'].map((f) => fieldError(el, f)), ['Name is required', 'Issuer is required', 'Client ID is required', 'Client Secret is required']);

    typeInto(input('displayName'), 'County Sign-In');
    typeInto(input('issuer'), 'http://example.com');
    typeInto(input('clientId'), 'careweave-client');
    typeInto(input('clientSecret'), 'a-county-secret');
    typeInto(input('groupClaim'), 'groups');
    buttonByText(root, 'Add Group Mapping').click();
    typeInto(await waitFor(() => root.querySelector<HTMLInputElement>('[data-field="groupRoles.0.group"] input')), 'CW Navigators');
    selectOption(root.querySelector<HTMLSelectElement>('[data-field="groupRoles.0.roleTemplate"] select')!, 'navigator');
    ok(!root.querySelector('[data-field="groupRoles.0.roleTemplate"] option[value="administrator"]'), 'administrator rights are not offered');
    selectOption(root.querySelector<HTMLSelectElement>('[data-field="jitRoleTemplate"] select')!, 'community');
    dialogSave(el)!.click();
    await waitFor(() => fieldError(el, 'jitDivisionUid'), { message: 'the division for new users' });
    equal(fieldError(el, 'jitDivisionUid'), 'Division for New Users is required');
    equal(fieldError(el, 'issuer'), ISSUER_RULE);
    equal(sent(fake.calls, 'POST', '/admin/identity-providers').length, 0, 'nothing sent');

    typeInto(input('issuer'), 'https://login.county.test/oauth2');
    selectOption(root.querySelector<HTMLSelectElement>('[data-field="jitDivisionUid"] select')!, 'd-1');
    dialogSave(el)!.click();
    await waitFor(() => fieldError(el, 'clientId'), { message: "the server's error on the client ID" });
    const [post] = sent(fake.calls, 'POST', '/admin/identity-providers');
    deepEqual(JSON.parse(String(post.init!.body)), {
      display_name: 'County Sign-In',
      issuer: 'https://login.county.test/oauth2',
      client_id: 'careweave-client',
      client_secret: 'a-county-secret',
      scopes: 'openid email profile',
      user_claim: 'email',
      group_claim: 'groups',
      group_roles: [{ group: 'CW Navigators', role_template: 'navigator' }],
      jit_role_template: 'community',
      jit_division_uid: 'd-1',
      is_active: true,
    });
    ok(new Headers(post.init!.headers).get('idempotency-key'), 'a create carries an Idempotency-Key');

    refuse = false;
    dialogSave(el)!.click();
    await waitFor(() => root.querySelector('li[data-provider="i-9"]'), { message: 'the new provider listed' });
    equal(root.querySelector('[data-field="displayName"]'), null, 'the dialog closed');
    ok($toasts.get().some((t) => t.message === 'Successfully saved!'));
  });

  it('edits a provider: the secret field starts empty and an empty one is sent to keep the stored secret', async () => {
    const fake = fakeFetch((url, init) => {
      if (url.pathname.endsWith('/admin/identity-providers/i-1') && init?.method === 'PUT') return { body: { data: idp('i-1', 'County Staff Sign-In') } };
      if (url.pathname.endsWith('/admin/identity-providers')) return { body: { data: [idp('i-1', 'County Sign-In')], meta: meta() } };
      return organizationPageRead(url);
    });
    restore = fake.restore;
    const el = mount();
    const root = shadow(el);
    (await waitFor(() => slButton(el, 'Edit County Sign-In'), { message: 'the row' })).click();
    const secret = await waitFor(() => root.querySelector<HTMLInputElement>('[data-field="clientSecret"] input'), { message: 'the dialog' });
    equal(secret.value, '');
    equal(secret.type, 'password');
    ok(text(root.querySelector('[data-field="clientSecret"] .field-hint')).includes('A secret is stored'));
    equal(root.querySelector<HTMLInputElement>('[data-field="groupRoles.0.group"] input')!.value, 'CW Navigators');
    typeInto(root.querySelector<HTMLInputElement>('[data-field="displayName"] input')!, 'County Staff Sign-In');
    dialogSave(el)!.click();
    const put = await waitFor(() => sent(fake.calls, 'PUT', '/admin/identity-providers/i-1')[0], { message: 'the save' });
    const body = JSON.parse(String(put.init!.body));
    deepEqual([body.display_name, body.client_secret, body.group_roles, body.jit_division_uid], ['County Staff Sign-In', '', [{ group: 'CW Navigators', role_template: 'navigator' }], 'd-1']);
  });

  it('password sign-in: turning it off asks first, the server\'s refusal shows under the switch, turning it on does not ask', async () => {
    let off = false;
    let refuse = true;
    const fake = fakeFetch((url, init) => {
      if (url.pathname.endsWith('/admin/organization/password-login')) {
        const on = JSON.parse(String(init!.body)).password_login;
        if (!on && refuse) return { status: 422, body: { errors: [{ field: 'password_login', message: NO_FALLBACK_ADMIN }] } };
        off = !on;
        return { body: { data: { type: 'password-login', id: 'o-1', attributes: meta({ password_login: on, fallback_administrators: ['Ada Admin'] }) } } };
      }
      if (url.pathname.endsWith('/admin/identity-providers'))
        return { body: { data: [idp('i-1', 'County Sign-In')], meta: meta({ password_login: !off, fallback_administrators: refuse ? [] : ['Ada Admin'] }) } };
      return organizationPageRead(url);
    });
    restore = fake.restore;
    const el = mount();
    const root = shadow(el);
    const toggle = await waitFor(() => root.querySelector<HTMLInputElement>('.password-sign-in input[role="switch"]'), { message: 'the switch' });
    ok(toggle.checked);
    ok(text(toggle.closest('label')).includes('Staff may sign in with a Careweave password'), 'the switch is labelled');
    ok([...root.querySelectorAll('h3')].some((h) => text(h) === 'Password Sign-In'));
    ok(text(root.querySelector('.fallback-admins')).includes('No active administrator keeps password sign-in'));
    const puts = () => sent(fake.calls, 'PUT', '/admin/organization/password-login');

    toggle.click();
    await waitFor(() => confirmOpen(el), { message: 'the confirmation' });
    equal(puts().length, 0, 'nothing before the confirmation');
    ok(toggle.checked, 'still on while asking');
    slButton(el, 'Turn Off')!.click();
    await waitFor(() => text(root.querySelector('.password-sign-in .field-error')).includes(NO_FALLBACK_ADMIN), { message: 'the refusal under the switch' });
    deepEqual(JSON.parse(String(puts()[0].init!.body)), { password_login: false });
    ok(toggle.checked, 'still on after the refusal');

    refuse = false;
    toggle.click();
    await waitFor(() => confirmOpen(el), { message: 'the confirmation again' });
    slButton(el, 'Turn Off')!.click();
    await waitFor(() => root.querySelector('.password-sign-in[data-password-login="off"]'), { message: 'the switch off' });
    ok(!root.querySelector<HTMLInputElement>('.password-sign-in input[role="switch"]')!.checked);
    ok(text(root.querySelector('.fallback-admins')).includes('Keep password sign-in: Ada Admin.'));
    equal(root.querySelector('.password-sign-in .field-error'), null, 'the refusal is gone');

    root.querySelector<HTMLInputElement>('.password-sign-in input[role="switch"]')!.click();
    await waitFor(() => puts().length === 3, { message: 'turned on at once' });
    deepEqual(JSON.parse(String(puts()[2].init!.body)), { password_login: true });
    await waitFor(() => root.querySelector('.password-sign-in[data-password-login="on"]'), { message: 'the switch on' });
  });
});

describe('<care-admin> user form: keeps password sign-in (stubbed server)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    document.querySelectorAll('care-admin').forEach((el) => el.remove());
    $toasts.set([]);
  });

  const user = (extra: Record<string, unknown> = {}) => ({
    type: 'admin-users',
    id: 'u-1',
    attributes: { user_uid: 'u-1', display_name: 'Ada Admin', user_name: 'admin', email: 'admin@county.test', is_active: true, password_fallback: false, divisions: [{ division_uid: 'd-1', flags: ['navigatorAdmin'] }], shared_with_other_organization: false, ...extra },
  });

  it('a checkbox with its explanation, sent with the user', async () => {
    const fake = fakeFetch((url, init) => {
      if (url.pathname.endsWith('/admin/users/u-1') && init?.method === 'PUT') return { body: { data: user({ password_fallback: true }) } };
      if (url.pathname.endsWith('/admin/users/u-1')) return { body: { data: user() } };
      return organizationPageRead(url);
    });
    restore = fake.restore;
    const el = mount('users/u-1');
    const root = shadow(el);
    const box = await waitFor(() => root.querySelector<HTMLInputElement>('[data-field="passwordFallback"] input[type="checkbox"]'), { message: 'the checkbox' });
    ok(!box.checked);
    ok(text(box.closest('label')).includes('Keeps password sign-in'));
    ok(text(root.querySelector('[data-field="passwordFallback"] .field-hint')).includes('in case the identity provider fails'));
    box.click();
    slButton(el, 'Save')!.click();
    const put = await waitFor(() => sent(fake.calls, 'PUT', '/admin/users/u-1')[0], { message: 'the save' });
    equal(JSON.parse(String(put.init!.body)).password_fallback, true);
  });

  it('a user of another organisation too: shown, not offered', async () => {
    const fake = fakeFetch((url) => {
      if (url.pathname.endsWith('/admin/users/u-1')) return { body: { data: user({ shared_with_other_organization: true, password_fallback: true }) } };
      return organizationPageRead(url);
    });
    restore = fake.restore;
    const el = mount('users/u-1');
    const root = shadow(el);
    const note = await waitFor(() => root.querySelector('.password-fallback-shared'), { message: 'the note' });
    ok(text(note).startsWith('Keeps password sign-in: Yes.'), text(note));
    equal(root.querySelector('[data-field="passwordFallback"]'), null);
  });
});
