import { sendKeys } from '@web/test-runner-commands';
import '../../widgets/admin/admin.element';
import { JWKS_RULE, SYSTEM_SCOPE_RULE } from '../../shared/schemas/fhir-clients';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { $toasts } from '../../widgets/kit/toasts';
import { deepEqual, equal, ok } from './support/assert';
import { text, typeInto, waitFor } from './support/dom';
import { fakeFetch } from './support/fake-fetch';
import { FHIR_CLIENT_HELP as HELP, organizationPageRead, cardTitled, cardDialog, cardDialogSave, mountOrganizationPage, sentTo } from './support/organization-page';
import { catchClipboard, fieldError, shadow, slButton } from './support/element';

const CLIENT_ID = '6f1c2a3e-8d4b-4c5e-9f60-7a8b9c0d1e2f';
const fhirClient = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  type: 'fhir-clients',
  id,
  attributes: {
    client_id: id,
    display_name: name,
    jwks_url: 'https://ehr.county.test/.well-known/jwks.json',
    jwks: null,
    scopes: ['system/Patient.rs', 'system/Condition.rs'],
    division_uids: ['d-1', 'd-2'],
    division_names: ['Franklin County Care', 'Summit County Care'],
    is_active: true,
    ...extra,
  },
});
const mount = mountOrganizationPage;
const card = (el: HTMLElement) => cardTitled(el, 'FHIR Clients');
const dialog = (el: HTMLElement) => cardDialog(el, 'FHIR Clients');
const dialogSave = (el: HTMLElement) => cardDialogSave(el, 'FHIR Clients');
const input = (el: HTMLElement, name: string) => shadow(el).querySelector<HTMLInputElement>(`[data-field="${name}"] input, [data-field="${name}"] textarea`)!;
const division = (el: HTMLElement, uid: string) => shadow(el).querySelector<HTMLInputElement>(`[data-field="divisionUids"] input[value="${uid}"]`)!;

/** An ES384 key pair as a client's JWKS: the public one it registers, and the private one it must never paste. */
async function clientKeys() {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-384' }, true, ['sign', 'verify']);
  const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', pair.publicKey);
  return { jwks: { keys: [{ kty, crv, x, y, alg: 'ES384', kid: 'county-ehr-1' }] }, leaked: { keys: [{ ...(await crypto.subtle.exportKey('jwk', pair.privateKey)), alg: 'ES384' }] } };
}

describe('<care-admin> FHIR clients (stubbed server)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    document.querySelectorAll('care-admin').forEach((el) => el.remove());
    $toasts.set([]);
  });

  it('lists each client with its client ID to copy, its keys, scopes and divisions, and the token and FHIR base URLs', async () => {
    const fake = fakeFetch((url) => {
      if (url.pathname.endsWith('/admin/fhir-clients'))
        return { body: { data: [fhirClient(CLIENT_ID, 'County Hospital EHR'), fhirClient('c-2', 'Old Registry', { jwks_url: null, jwks: '{"keys": []}', scopes: ['system/Patient.rs'], division_uids: ['d-2'], division_names: ['Summit County Care'], is_active: false })], meta: HELP } };
      return organizationPageRead(url);
    });
    restore = fake.restore;
    const { copied, restore: release } = catchClipboard();
    try {
      const el = mount();
      const row = (id: string) => shadow(el).querySelector<HTMLElement>(`li[data-client="${id}"]`)!;
      await waitFor(() => row('c-2'), { message: 'the clients' });
      ok(card(el), "the card's title");
      equal(text(row(CLIENT_ID).querySelector('strong')), 'County Hospital EHR');
      equal(text(row(CLIENT_ID).querySelector('.fhir-client-id code')), CLIENT_ID);
      ok(text(row(CLIENT_ID)).includes('Keys at https://ehr.county.test/.well-known/jwks.json'), text(row(CLIENT_ID)));
      deepEqual([...row(CLIENT_ID).querySelectorAll('.fhir-client-scopes code')].map(text), ['system/Patient.rs', 'system/Condition.rs']);
      ok(text(row(CLIENT_ID)).includes('Patients in Franklin County Care, Summit County Care'), text(row(CLIENT_ID)));
      ok(text(row('c-2')).includes('JWKS stored') && text(row('c-2')).includes('Patients in Summit County Care'), text(row('c-2')));
      deepEqual([CLIENT_ID, 'c-2'].map((id) => text(row(id).querySelector('.code-status'))), ['Active', 'Inactive']);
      ok(slButton(el, 'Edit County Hospital EHR'), 'each row has its Edit, named');

      const facts = card(el)!.querySelector('.fhir-client-register')!;
      deepEqual([...facts.querySelectorAll('dt')].map(text), ['Token URL', 'FHIR Base URL']);
      deepEqual([...facts.querySelectorAll('dd code')].map(text), [HELP.token_url, HELP.fhir_base]);
      slButton(el, 'Copy Client ID of County Hospital EHR')!.click();
      slButton(el, 'Copy Token URL')!.click();
      await waitFor(() => copied.length === 2, { message: 'copied' });
      deepEqual(copied, [CLIENT_ID, HELP.token_url]);
      await waitFor(() => $toasts.get().some((t) => t.message === 'Client ID copied'), { message: 'told it was copied' });
    } finally {
      release();
    }
  });

  it('"Add FHIR Client" opens its dialog from the keyboard, with focus inside it, and Escape closes it', async () => {
    const fake = fakeFetch((url) => (url.pathname.endsWith('/admin/fhir-clients') ? { body: { data: [], meta: HELP } } : organizationPageRead(url)));
    restore = fake.restore;
    const el = mount();
    const add = await waitFor(() => card(el)?.querySelector<HTMLButtonElement>('button.add-action'), { message: 'the card' });
    await waitFor(() => text(card(el)).includes('No FHIR clients yet'), { message: 'the empty list' });
    equal(text(add), 'Add FHIR Client');
    add.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => dialog(el)?.open, { message: 'the dialog open' });
    equal(dialog(el)!.label, 'Add FHIR Client');
    await waitFor(() => dialog(el)!.contains(shadow(el).activeElement), { message: 'focus in the dialog' });

    // The dialog's panel takes the focus, then its Close; the name is the form's first stop.
    for (let i = 0; i < 3 && shadow(el).activeElement !== input(el, 'name'); i++) await sendKeys({ press: 'Tab' });
    equal(shadow(el).activeElement, input(el, 'name'), 'the name field reached by Tab');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !dialog(el), { message: 'the dialog closed' });
  });

  it('adds a client with a pasted JWKS: empty fields and a private key refused before sending, the server\'s errors on their fields, then listed', async () => {
    const { jwks, leaked } = await clientKeys();
    let refuse = true;
    let made = false;
    const fake = fakeFetch((url, init) => {
      if (url.pathname.endsWith('/admin/fhir-clients') && init?.method === 'POST') {
        if (refuse) return { status: 422, body: { errors: [{ field: 'division_uids', message: NOT_LISTED }] } };
        made = true;
        return { status: 201, body: { data: fhirClient('c-9', 'Summit Registry', { jwks_url: null, jwks: JSON.stringify(jwks, null, 2) }) } };
      }
      if (url.pathname.endsWith('/admin/fhir-clients')) return { body: { data: made ? [fhirClient('c-9', 'Summit Registry', { jwks_url: null, jwks: JSON.stringify(jwks, null, 2) })] : [], meta: HELP } };
      return organizationPageRead(url);
    });
    restore = fake.restore;
    const el = mount();
    await waitFor(() => text(card(el)).includes('No FHIR clients yet'), { message: 'the card' });
    card(el)!.querySelector<HTMLButtonElement>('button.add-action')!.click();
    await waitFor(() => input(el, 'name'), { message: 'the dialog' });
    for (const name of ['name', 'jwksUrl', 'jwks', 'scopes']) ok(text(shadow(el).querySelector(`[data-field="${name}"] label`)), `${name} has a label`);
    equal(text(shadow(el).querySelector('[data-field="divisionUids"] legend')), 'Divisions');
    ok(input(el, 'isActive').checked, 'active by default');

    dialogSave(el)!.click();
    await waitFor(() => fieldError(el, 'name'), { message: 'the required fields' });
    deepEqual(
      ['name', 'jwks', 'scopes', 'divisionUids'].map((f) => fieldError(el, f)),
      ['Name is required', 'JWKS is required', 'Scopes is required', 'Divisions is required'],
    );

    typeInto(input(el, 'name'), 'Summit Registry');
    typeInto(input(el, 'jwks'), JSON.stringify(leaked));
    typeInto(input(el, 'scopes'), 'system/Patient.rs patient/*.read');
    division(el, 'd-2').click();
    dialogSave(el)!.click();
    await waitFor(() => fieldError(el, 'jwks') === JWKS_RULE, { message: 'a private key refused' });
    equal(fieldError(el, 'scopes'), SYSTEM_SCOPE_RULE);
    equal(sentTo(fake.calls, 'POST', '/admin/fhir-clients').length, 0, 'nothing sent');

    typeInto(input(el, 'jwks'), JSON.stringify(jwks));
    typeInto(input(el, 'scopes'), 'system/Patient.rs');
    dialogSave(el)!.click();
    await waitFor(() => fieldError(el, 'divisionUids') === NOT_LISTED, { message: "the server's error on the divisions" });
    const [post] = sentTo(fake.calls, 'POST', '/admin/fhir-clients');
    deepEqual(JSON.parse(String(post.init!.body)), { name: 'Summit Registry', jwks_url: '', jwks: JSON.stringify(jwks), scopes: 'system/Patient.rs', division_uids: ['d-2'], is_active: true });
    ok(new Headers(post.init!.headers).get('idempotency-key'), 'a create carries an Idempotency-Key');

    refuse = false;
    dialogSave(el)!.click();
    const added = await waitFor(() => shadow(el).querySelector('li[data-client="c-9"]'), { message: 'the new client listed' });
    ok(text(added).includes('JWKS stored'), text(added));
    equal(dialog(el), null, 'the dialog closed');
    ok($toasts.get().some((t) => t.message === 'Successfully saved!'));
  });

  it('edits a client to inactive: the form starts from the client, and the list then shows it inactive', async () => {
    let active = true;
    const fake = fakeFetch((url, init) => {
      if (url.pathname.endsWith(`/admin/fhir-clients/${CLIENT_ID}`) && init?.method === 'PUT') {
        active = JSON.parse(String(init.body)).is_active;
        return { body: { data: fhirClient(CLIENT_ID, 'County Hospital EHR', { is_active: active }) } };
      }
      if (url.pathname.endsWith('/admin/fhir-clients')) return { body: { data: [fhirClient(CLIENT_ID, 'County Hospital EHR', { is_active: active })], meta: HELP } };
      return organizationPageRead(url);
    });
    restore = fake.restore;
    const el = mount();
    (await waitFor(() => slButton(el, 'Edit County Hospital EHR'), { message: 'the row' })).click();
    await waitFor(() => dialog(el)?.open, { message: 'the dialog' });
    equal(dialog(el)!.label, 'Edit County Hospital EHR');
    deepEqual(
      ['name', 'jwksUrl', 'jwks', 'scopes'].map((f) => input(el, f).value),
      ['County Hospital EHR', 'https://ehr.county.test/.well-known/jwks.json', '', 'system/Patient.rs system/Condition.rs'],
    );
    ok(division(el, 'd-1').checked && division(el, 'd-2').checked, 'its divisions chosen');
    ok(input(el, 'isActive').checked);

    input(el, 'isActive').click();
    dialogSave(el)!.click();
    const put = await waitFor(() => sentTo(fake.calls, 'PUT', `/admin/fhir-clients/${CLIENT_ID}`)[0], { message: 'the save' });
    deepEqual(JSON.parse(String(put.init!.body)), {
      name: 'County Hospital EHR',
      jwks_url: 'https://ehr.county.test/.well-known/jwks.json',
      jwks: '',
      scopes: 'system/Patient.rs system/Condition.rs',
      division_uids: ['d-1', 'd-2'],
      is_active: false,
    });
    await waitFor(() => text(shadow(el).querySelector(`li[data-client="${CLIENT_ID}"] .code-status`)) === 'Inactive', { message: 'listed inactive' });
    equal(dialog(el), null, 'the dialog closed');
  });
});
