import { sendKeys } from '@web/test-runner-commands';
import '../../widgets/admin/admin.element';
import { DESTINATION_TAKEN, FHIR_BASE_RULE, OWNER_RULE } from '../../shared/schemas/fhir-destinations';
import { $toasts } from '../../widgets/kit/toasts';
import { deepEqual, equal, ok } from './support/assert';
import { selectOption, text, typeInto, waitFor } from './support/dom';
import { fakeFetch } from './support/fake-fetch';
import { FHIR_DESTINATION_HELP as HELP, organizationPageRead, cardTitled, cardDialog, cardDialogSave, mountOrganizationPage, sentTo } from './support/organization-page';
import { catchClipboard, fieldError, shadow, slButton } from './support/element';

const DESTINATION_ID = '0b9e6c1d-2f3a-4b5c-8d7e-9f0a1b2c3d4e';
const FACILITIES = [
  { facility_uid: 'f-1', facility_name: 'Riverside General Hospital' },
  { facility_uid: 'f-2', facility_name: 'Summit Behavioral Health' },
  { facility_uid: 'f-3', facility_name: 'State Psychiatric Hospital' },
];
const destination = (id: string, facility: (typeof FACILITIES)[number], extra: Record<string, unknown> = {}) => ({
  type: 'fhir-destinations',
  id,
  attributes: {
    destination_uid: id,
    facility_uid: facility.facility_uid,
    facility_name: facility.facility_name,
    fhir_base: 'https://fhir.riverside.example.org/r4',
    client_id: 'careweave-franklin',
    owner_reference: 'Organization/riverside-intake',
    is_active: true,
    ...extra,
  },
});
/** `data/public/facility`: the facilities offered (the organisation's and the shared ones), or one by its id. */
const facilityRead = (url: URL) =>
  url.pathname.endsWith('/data/public/facility') ? { body: { data: FACILITIES.map((f) => ({ type: 'facility', id: f.facility_uid, attributes: f })) } } : organizationPageRead(url);

const mount = mountOrganizationPage;
const card = (el: HTMLElement) => cardTitled(el, 'FHIR Destinations');
const dialog = (el: HTMLElement) => cardDialog(el, 'FHIR Destinations');
const dialogSave = (el: HTMLElement) => cardDialogSave(el, 'FHIR Destinations');
const input = (el: HTMLElement, name: string) => shadow(el).querySelector<HTMLInputElement>(`[data-field="${name}"] input`)!;
const facilitySelect = (el: HTMLElement) => shadow(el).querySelector<HTMLSelectElement>('[data-field="facilityUid"] select')!;

describe('<care-admin> FHIR destinations (stubbed server)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    document.querySelectorAll('care-admin').forEach((el) => el.remove());
    $toasts.set([]);
  });

  it('lists each destination with its facility, FHIR base, client ID, owner and whether active, and the JWKS URL and scopes to copy', async () => {
    const fake = fakeFetch((url) => {
      if (url.pathname.endsWith('/admin/fhir-destinations'))
        return {
          body: {
            data: [destination(DESTINATION_ID, FACILITIES[0]), destination('d-2', FACILITIES[2], { fhir_base: 'https://fhir.state.example.gov', client_id: 'cw-2', owner_reference: 'Organization/7', is_active: false })],
            meta: HELP,
          },
        };
      return organizationPageRead(url);
    });
    restore = fake.restore;
    const { copied, restore: release } = catchClipboard();
    try {
      const el = mount();
      const row = (id: string) => shadow(el).querySelector<HTMLElement>(`li[data-destination="${id}"]`)!;
      await waitFor(() => row('d-2'), { message: 'the destinations' });
      ok(card(el), "the card's title");
      equal(text(row(DESTINATION_ID).querySelector('strong')), 'Riverside General Hospital');
      equal(text(row(DESTINATION_ID).querySelector('.ext-link-url')), 'https://fhir.riverside.example.org/r4');
      ok(text(row(DESTINATION_ID)).includes('Client ID careweave-franklin · Tasks owned by Organization/riverside-intake'), text(row(DESTINATION_ID)));
      ok(text(row('d-2')).includes('https://fhir.state.example.gov') && text(row('d-2')).includes('Organization/7'), text(row('d-2')));
      deepEqual([DESTINATION_ID, 'd-2'].map((id) => text(row(id).querySelector('.code-status'))), ['Active', 'Inactive']);
      ok(slButton(el, 'Edit Riverside General Hospital'), 'each row has its Edit, named');

      const facts = card(el)!.querySelector('.fhir-destination-register')!;
      deepEqual([...facts.querySelectorAll('dt')].map(text), ['JWKS URL', 'Scopes']);
      deepEqual([...facts.querySelectorAll('dd code')].map(text), [HELP.jwks_url, HELP.scopes]);
      card(el)!.querySelectorAll<HTMLElement>('.fhir-destination-register sl-button')[0].click();
      card(el)!.querySelectorAll<HTMLElement>('.fhir-destination-register sl-button')[1].click();
      await waitFor(() => copied.length === 2, { message: 'copied' });
      deepEqual(copied, [HELP.jwks_url, HELP.scopes]);
      await waitFor(() => $toasts.get().some((t) => t.message === 'JWKS URL copied'), { message: 'told it was copied' });
    } finally {
      release();
    }
  });

  it('"Add FHIR Destination" opens its dialog from the keyboard, with focus inside it, and Escape closes it', async () => {
    const fake = fakeFetch(facilityRead);
    restore = fake.restore;
    const el = mount();
    const add = await waitFor(() => card(el)?.querySelector<HTMLButtonElement>('button.add-action'), { message: 'the card' });
    await waitFor(() => text(card(el)).includes('No FHIR destinations yet'), { message: 'the empty list' });
    equal(text(add), 'Add FHIR Destination');
    add.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => dialog(el)?.open, { message: 'the dialog open' });
    equal(dialog(el)!.label, 'Add FHIR Destination');
    await waitFor(() => dialog(el)!.contains(shadow(el).activeElement), { message: 'focus in the dialog' });

    // The dialog's panel takes the focus, then its Close; the facility is the form's first stop.
    for (let i = 0; i < 3 && shadow(el).activeElement !== facilitySelect(el); i++) await sendKeys({ press: 'Tab' });
    equal(shadow(el).activeElement, facilitySelect(el), 'the facility reached by Tab');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !dialog(el), { message: 'the dialog closed' });
  });

  it("adds a destination: empty fields and bad values refused before sending, the server's errors on their fields, then listed", async () => {
    let refuse = true;
    let made = false;
    const added = () => destination('d-9', FACILITIES[1], { fhir_base: 'https://fhir.summit.example.org/r4' });
    const fake = fakeFetch((url, init) => {
      if (url.pathname.endsWith('/admin/fhir-destinations') && init?.method === 'POST') {
        if (refuse) return { status: 422, body: { errors: [{ field: 'facility_uid', message: DESTINATION_TAKEN }] } };
        made = true;
        return { status: 201, body: { data: added() } };
      }
      if (url.pathname.endsWith('/admin/fhir-destinations')) return { body: { data: made ? [destination(DESTINATION_ID, FACILITIES[0]), added()] : [destination(DESTINATION_ID, FACILITIES[0])], meta: HELP } };
      return facilityRead(url);
    });
    restore = fake.restore;
    const el = mount();
    await waitFor(() => slButton(el, 'Edit Riverside General Hospital'), { message: 'the card' });
    card(el)!.querySelector<HTMLButtonElement>('button.add-action')!.click();
    await waitFor(() => facilitySelect(el), { message: 'the dialog' });
    for (const name of ['facilityUid', 'fhirBase', 'clientId', 'ownerReference']) ok(text(shadow(el).querySelector(`[data-field="${name}"] label`)), `${name} has a label`);
    deepEqual(
      [...facilitySelect(el).options].map((o) => o.text),
      ['Choose a facility', 'Summit Behavioral Health', 'State Psychiatric Hospital'],
      'a facility that has a destination is not offered again',
    );
    ok(input(el, 'isActive').checked, 'active by default');

    dialogSave(el)!.click();
    await waitFor(() => fieldError(el, 'facilityUid'), { message: 'the required fields' });
    deepEqual(
      ['facilityUid', 'fhirBase', 'clientId', 'ownerReference'].map((f) => fieldError(el, f)),
      ['Facility is required', 'FHIR Base URL is required', 'Client ID is required', 'Task Owner is required'],
    );

    selectOption(facilitySelect(el), 'f-2');
    typeInto(input(el, 'fhirBase'), 'http://fhir.summit.example.org/r4');
    typeInto(input(el, 'clientId'), 'careweave-summit');
    typeInto(input(el, 'ownerReference'), 'Practitioner/1');
    dialogSave(el)!.click();
    await waitFor(() => fieldError(el, 'fhirBase') === FHIR_BASE_RULE, { message: 'http refused' });
    equal(fieldError(el, 'ownerReference'), OWNER_RULE);
    equal(sentTo(fake.calls, 'POST', '/admin/fhir-destinations').length, 0, 'nothing sent');

    typeInto(input(el, 'fhirBase'), 'https://fhir.summit.example.org/r4');
    typeInto(input(el, 'ownerReference'), 'Organization/summit');
    dialogSave(el)!.click();
    await waitFor(() => fieldError(el, 'facilityUid') === DESTINATION_TAKEN, { message: "the server's error on the facility" });
    const [post] = sentTo(fake.calls, 'POST', '/admin/fhir-destinations');
    deepEqual(JSON.parse(String(post.init!.body)), { facility_uid: 'f-2', fhir_base: 'https://fhir.summit.example.org/r4', client_id: 'careweave-summit', owner_reference: 'Organization/summit', is_active: true });
    ok(new Headers(post.init!.headers).get('idempotency-key'), 'a create carries an Idempotency-Key');

    refuse = false;
    dialogSave(el)!.click();
    const listed = await waitFor(() => shadow(el).querySelector('li[data-destination="d-9"]'), { message: 'the new destination listed' });
    ok(text(listed).includes('Summit Behavioral Health') && text(listed).includes('https://fhir.summit.example.org/r4'), text(listed));
    equal(dialog(el), null, 'the dialog closed');
    ok($toasts.get().some((t) => t.message === 'Successfully saved!'));
  });

  it('edits a destination to inactive: the form starts from it, its own facility chosen, and the list then shows it inactive', async () => {
    let active = true;
    const fake = fakeFetch((url, init) => {
      if (url.pathname.endsWith(`/admin/fhir-destinations/${DESTINATION_ID}`) && init?.method === 'PUT') {
        active = JSON.parse(String(init.body)).is_active;
        return { body: { data: destination(DESTINATION_ID, FACILITIES[0], { is_active: active }) } };
      }
      if (url.pathname.endsWith('/admin/fhir-destinations'))
        return { body: { data: [destination(DESTINATION_ID, FACILITIES[0], { is_active: active }), destination('d-2', FACILITIES[2])], meta: HELP } };
      return facilityRead(url);
    });
    restore = fake.restore;
    const el = mount();
    (await waitFor(() => slButton(el, 'Edit Riverside General Hospital'), { message: 'the row' })).click();
    await waitFor(() => dialog(el)?.open, { message: 'the dialog' });
    equal(dialog(el)!.label, 'Edit Riverside General Hospital');
    equal(facilitySelect(el).value, 'f-1');
    deepEqual([...facilitySelect(el).options].map((o) => o.value), ['', 'f-1', 'f-2'], "its own facility offered, another destination's not");
    deepEqual(
      ['fhirBase', 'clientId', 'ownerReference'].map((f) => input(el, f).value),
      ['https://fhir.riverside.example.org/r4', 'careweave-franklin', 'Organization/riverside-intake'],
    );
    ok(input(el, 'isActive').checked);

    input(el, 'isActive').click();
    dialogSave(el)!.click();
    const put = await waitFor(() => sentTo(fake.calls, 'PUT', `/admin/fhir-destinations/${DESTINATION_ID}`)[0], { message: 'the save' });
    deepEqual(JSON.parse(String(put.init!.body)), {
      facility_uid: 'f-1',
      fhir_base: 'https://fhir.riverside.example.org/r4',
      client_id: 'careweave-franklin',
      owner_reference: 'Organization/riverside-intake',
      is_active: false,
    });
    await waitFor(() => text(shadow(el).querySelector(`li[data-destination="${DESTINATION_ID}"] .code-status`)) === 'Inactive', { message: 'listed inactive' });
    equal(dialog(el), null, 'the dialog closed');
  });
});
