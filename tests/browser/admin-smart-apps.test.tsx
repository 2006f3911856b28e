import { sendKeys } from '@web/test-runner-commands';
import '../../widgets/admin/admin.element';
import { APP_SCOPE_RULE, REDIRECT_URI_RULE, TOO_MANY_REDIRECTS } from '../../shared/schemas/smart-apps';
import { $toasts } from '../../widgets/kit/toasts';
import { deepEqual, equal, ok } from './support/assert';
import { text, typeInto, waitFor } from './support/dom';
import { fakeFetch } from './support/fake-fetch';
import { SMART_APP_HELP as HELP, organizationPageRead, cardTitled, cardDialog, cardDialogSave, mountOrganizationPage, sentTo } from './support/organization-page';
import { catchClipboard, fieldError, shadow, slButton } from './support/element';

const CLIENT_ID = '2d7c9b1e-4a3f-4e6d-8b2c-1f0e9d8c7b6a';
const smartApp = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  type: 'smart-apps',
  id,
  attributes: {
    client_id: id,
    name,
    redirect_uris: ['https://viewer.example.org/callback', 'http://localhost:5173/callback'],
    scopes: ['patient/*.rs', 'user/Condition.rs'],
    is_active: true,
    ...extra,
  },
});
const mount = mountOrganizationPage;
const card = (el: HTMLElement) => cardTitled(el, 'SMART Apps');
const dialog = (el: HTMLElement) => cardDialog(el, 'SMART Apps');
const dialogSave = (el: HTMLElement) => cardDialogSave(el, 'SMART Apps');
const input = (el: HTMLElement, name: string) => shadow(el).querySelector<HTMLInputElement>(`[data-field="${name}"] input, [data-field="${name}"] textarea`)!;

describe('<care-admin> SMART apps (stubbed server)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    document.querySelectorAll('care-admin').forEach((el) => el.remove());
    $toasts.set([]);
  });

  it('lists each app with its client ID to copy, redirect URIs, scopes and whether active, and the FHIR base, authorize and token URLs', async () => {
    const fake = fakeFetch((url) => {
      if (url.pathname.endsWith('/admin/smart-apps'))
        return { body: { data: [smartApp(CLIENT_ID, 'Care Plan Viewer'), smartApp('a-2', 'Old Viewer', { redirect_uris: ['https://old.example.org/cb'], scopes: ['patient/*.read'], is_active: false })], meta: HELP } };
      return organizationPageRead(url);
    });
    restore = fake.restore;
    const { copied, restore: release } = catchClipboard();
    try {
      const el = mount();
      const row = (id: string) => shadow(el).querySelector<HTMLElement>(`li[data-app="${id}"]`)!;
      await waitFor(() => row('a-2'), { message: 'the apps' });
      ok(card(el), "the card's title");
      equal(text(row(CLIENT_ID).querySelector('strong')), 'Care Plan Viewer');
      equal(text(row(CLIENT_ID).querySelector('.smart-app-id code')), CLIENT_ID);
      deepEqual([...row(CLIENT_ID).querySelectorAll('.smart-app-redirects code')].map(text), ['https://viewer.example.org/callback', 'http://localhost:5173/callback']);
      deepEqual([...row(CLIENT_ID).querySelectorAll('.smart-app-scopes code')].map(text), ['patient/*.rs', 'user/Condition.rs']);
      deepEqual([...row('a-2').querySelectorAll('.smart-app-scopes code')].map(text), ['patient/*.read']);
      deepEqual([CLIENT_ID, 'a-2'].map((id) => text(row(id).querySelector('.code-status'))), ['Active', 'Inactive']);
      ok(slButton(el, 'Edit Care Plan Viewer'), 'each row has its Edit, named');

      const facts = card(el)!.querySelector('.smart-app-register')!;
      ok(text(facts).includes('iss'), 'the FHIR base URL is said to be the iss');
      deepEqual([...facts.querySelectorAll('dt')].map(text), ['FHIR Base URL', 'Authorize URL', 'Token URL']);
      deepEqual([...facts.querySelectorAll('dd code')].map(text), [HELP.fhir_base, HELP.authorize_url, HELP.token_url]);
      slButton(el, 'Copy Client ID of Care Plan Viewer')!.click();
      slButton(el, 'Copy FHIR Base URL')!.click();
      await waitFor(() => copied.length === 2, { message: 'copied' });
      deepEqual(copied, [CLIENT_ID, HELP.fhir_base]);
      await waitFor(() => $toasts.get().some((t) => t.message === 'Client ID copied'), { message: 'told it was copied' });
    } finally {
      release();
    }
  });

  it('says when it is empty (with the addresses to configure), and shows its own error when its list fails', async () => {
    let fail = false;
    const fake = fakeFetch((url) => {
      if (url.pathname.endsWith('/admin/smart-apps')) return fail ? { status: 500, body: { errors: [{ message: 'down' }] } } : { body: { data: [], meta: HELP } };
      return organizationPageRead(url);
    });
    restore = fake.restore;
    const empty = mount();
    await waitFor(() => text(card(empty)).includes('No SMART apps yet'), { message: 'the empty list' });
    ok(text(card(empty)).includes(HELP.authorize_url), 'what to configure shows with no app yet');
    empty.remove();
    fail = true;
    const failed = mount();
    await waitFor(() => text(card(failed)?.querySelector('[role="alert"]')) === 'Oops, something went wrong!', { message: 'the error state' });
    equal(cardTitled(failed, 'FHIR Clients')!.querySelector('[role="alert"]'), null, 'the other cards are not in error');
  });

  it('"Add SMART App" opens its dialog from the keyboard, with focus inside it, and Escape closes it', async () => {
    const fake = fakeFetch((url) => organizationPageRead(url));
    restore = fake.restore;
    const el = mount();
    const add = await waitFor(() => card(el)?.querySelector<HTMLButtonElement>('button.add-action'), { message: 'the card' });
    await waitFor(() => text(card(el)).includes('No SMART apps yet'), { message: 'the empty list' });
    equal(text(add), 'Add SMART App');
    add.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => dialog(el)?.open, { message: 'the dialog open' });
    equal(dialog(el)!.label, 'Add SMART App');
    await waitFor(() => dialog(el)!.contains(shadow(el).activeElement), { message: 'focus in the dialog' });

    // The dialog's panel takes the focus, then its Close; the name is the form's first stop.
    for (let i = 0; i < 3 && shadow(el).activeElement !== input(el, 'name'); i++) await sendKeys({ press: 'Tab' });
    equal(shadow(el).activeElement, input(el, 'name'), 'the name field reached by Tab');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !dialog(el), { message: 'the dialog closed' });
  });

  it("adds an app: empty fields, a bad address and a bad scope refused before sending, the server's errors on their fields, then listed", async () => {
    let refuse = true;
    let made = false;
    const added = () => smartApp('a-9', 'Summit Viewer', { redirect_uris: ['https://summit.example.org/cb', 'https://summit.example.org/cb2'], scopes: ['patient/*.rs'] });
    const fake = fakeFetch((url, init) => {
      if (url.pathname.endsWith('/admin/smart-apps') && init?.method === 'POST') {
        if (refuse) return { status: 422, body: { errors: [{ field: 'redirect_uris', message: TOO_MANY_REDIRECTS }] } };
        made = true;
        return { status: 201, body: { data: added() } };
      }
      if (url.pathname.endsWith('/admin/smart-apps')) return { body: { data: made ? [added()] : [], meta: HELP } };
      return organizationPageRead(url);
    });
    restore = fake.restore;
    const el = mount();
    await waitFor(() => text(card(el)).includes('No SMART apps yet'), { message: 'the card' });
    card(el)!.querySelector<HTMLButtonElement>('button.add-action')!.click();
    await waitFor(() => input(el, 'name'), { message: 'the dialog' });
    for (const name of ['name', 'redirectUris', 'scopes']) ok(text(shadow(el).querySelector(`[data-field="${name}"] label`)), `${name} has a label`);
    equal(input(el, 'redirectUris').tagName, 'TEXTAREA', 'the addresses one a line');
    equal(input(el, 'scopes').tagName, 'TEXTAREA');
    ok(input(el, 'isActive').checked, 'active by default');

    dialogSave(el)!.click();
    await waitFor(() => fieldError(el, 'name'), { message: 'the required fields' });
    deepEqual(
      ['name', 'redirectUris', 'scopes'].map((f) => fieldError(el, f)),
      ['Name is required', 'Redirect URIs is required', 'Scopes is required'],
    );

    typeInto(input(el, 'name'), 'Summit Viewer');
    typeInto(input(el, 'redirectUris'), 'https://summit.example.org/cb\nhttps://summit.example.org/#frag');
    typeInto(input(el, 'scopes'), 'patient/*.rs system/Patient.rs');
    dialogSave(el)!.click();
    await waitFor(() => fieldError(el, 'redirectUris') === REDIRECT_URI_RULE, { message: 'a #fragment refused' });
    equal(fieldError(el, 'scopes'), APP_SCOPE_RULE);
    equal(sentTo(fake.calls, 'POST', '/admin/smart-apps').length, 0, 'nothing sent');

    typeInto(input(el, 'redirectUris'), 'https://summit.example.org/cb\nhttps://summit.example.org/cb2');
    typeInto(input(el, 'scopes'), 'patient/*.rs');
    dialogSave(el)!.click();
    await waitFor(() => fieldError(el, 'redirectUris') === TOO_MANY_REDIRECTS, { message: "the server's error on the addresses" });
    const [post] = sentTo(fake.calls, 'POST', '/admin/smart-apps');
    deepEqual(JSON.parse(String(post.init!.body)), { name: 'Summit Viewer', redirect_uris: 'https://summit.example.org/cb\nhttps://summit.example.org/cb2', scopes: 'patient/*.rs', is_active: true });
    ok(new Headers(post.init!.headers).get('idempotency-key'), 'a create carries an Idempotency-Key');

    refuse = false;
    dialogSave(el)!.click();
    const row = await waitFor(() => shadow(el).querySelector('li[data-app="a-9"]'), { message: 'the new app listed' });
    equal(text(row.querySelector('.smart-app-id code')), 'a-9', 'its client ID shown once added');
    equal(dialog(el), null, 'the dialog closed');
    ok($toasts.get().some((t) => t.message === 'Successfully saved!'));
  });

  it('edits an app to inactive: the form starts from the app, and the list then shows it inactive', async () => {
    let active = true;
    const fake = fakeFetch((url, init) => {
      if (url.pathname.endsWith(`/admin/smart-apps/${CLIENT_ID}`) && init?.method === 'PUT') {
        active = JSON.parse(String(init.body)).is_active;
        return { body: { data: smartApp(CLIENT_ID, 'Care Plan Viewer', { is_active: active }) } };
      }
      if (url.pathname.endsWith('/admin/smart-apps')) return { body: { data: [smartApp(CLIENT_ID, 'Care Plan Viewer', { is_active: active })], meta: HELP } };
      return organizationPageRead(url);
    });
    restore = fake.restore;
    const el = mount();
    (await waitFor(() => slButton(el, 'Edit Care Plan Viewer'), { message: 'the row' })).click();
    await waitFor(() => dialog(el)?.open, { message: 'the dialog' });
    equal(dialog(el)!.label, 'Edit Care Plan Viewer');
    deepEqual(
      ['name', 'redirectUris', 'scopes'].map((f) => input(el, f).value),
      ['Care Plan Viewer', 'https://viewer.example.org/callback\nhttp://localhost:5173/callback', 'patient/*.rs user/Condition.rs'],
    );
    ok(input(el, 'isActive').checked);

    input(el, 'isActive').click();
    dialogSave(el)!.click();
    const put = await waitFor(() => sentTo(fake.calls, 'PUT', `/admin/smart-apps/${CLIENT_ID}`)[0], { message: 'the save' });
    deepEqual(JSON.parse(String(put.init!.body)), {
      name: 'Care Plan Viewer',
      redirect_uris: 'https://viewer.example.org/callback\nhttp://localhost:5173/callback',
      scopes: 'patient/*.rs user/Condition.rs',
      is_active: false,
    });
    await waitFor(() => text(shadow(el).querySelector(`li[data-app="${CLIENT_ID}"] .code-status`)) === 'Inactive', { message: 'listed inactive' });
    equal(dialog(el), null, 'the dialog closed');
  });
});
