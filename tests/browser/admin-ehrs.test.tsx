import '../../widgets/admin/admin.element';
import { EHR_ISSUER_RULE, linkUserLacksDivision, MRN_SYSTEM_RULE } from '../../shared/schemas/ehr-registrations';
import { $toasts } from '../../widgets/kit/toasts';
import { deepEqual, equal, ok } from './support/assert';
import { buttonByText, selectOption, text, typeInto, waitFor } from './support/dom';
import { fakeFetch } from './support/fake-fetch';
import { EHR_HELP as HELP, organizationPageRead } from './support/organization-page';
import { catchClipboard, fieldError, mountElement, shadow, slButton } from './support/element';

const ehr = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  type: 'ehrs',
  id,
  attributes: {
    ehr_uid: id,
    display_name: name,
    issuer: 'https://fhir.riverside.test/r4',
    client_id: 'careweave-smart',
    has_client_secret: true,
    mrn_system: 'urn:oid:2.16.840.1.113883.3.1234',
    division_uid: 'd-1',
    division_name: 'Franklin County Care',
    is_active: true,
    ...extra,
  },
});
const link = (id: string, name: string | null, extra: Record<string, unknown> = {}) => ({
  type: 'ehr-user-links',
  id,
  attributes: {
    link_uid: id,
    ehr_uid: 'e-1',
    ehr_name: 'Riverside General EHR',
    division_uid: 'd-2',
    division_name: 'Summit County Care',
    subject: `Practitioner/${id}`,
    display_name: name,
    status: 'pending',
    user_uid: null,
    user_display_name: null,
    first_seen_at: '2030-03-01T14:05:00.000Z',
    decided_at: null,
    decided_by_name: null,
    ...extra,
  },
});
const USERS = [
  { user_uid: 'u-nora', display_name: 'Nora Navigator', user_name: 'navigator', division_uids: ['d-1', 'd-2'] },
  { user_uid: 'u-cory', display_name: 'Cory Community', user_name: 'community', division_uids: ['d-1'] },
];
const mount = () => mountElement('care-admin', { 'api-base': 'http://api.test/api', token: 't0k', page: 'organization' });
/** A card of the organisation page by its title. */
const card = (el: HTMLElement, title: string) => [...shadow(el).querySelectorAll<HTMLElement>('.section-page')].find((s) => text(s.querySelector('h2')) === title);
const dialogSave = (el: HTMLElement) => [...shadow(el).querySelectorAll<HTMLElement>('sl-dialog sl-button')].find((b) => text(b) === 'Save');
const sent = (calls: { url: URL; init?: RequestInit }[], method: string, path: string) => calls.filter((c) => c.init?.method === method && c.url.pathname.endsWith(path));

describe('<care-admin> EHRs (stubbed server)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    document.querySelectorAll('care-admin').forEach((el) => el.remove());
    $toasts.set([]);
  });

  it('lists the EHRs with what they do, never a secret, and the launch URL, redirect URL and scopes to copy', async () => {
    const fake = fakeFetch((url) => {
      if (url.pathname.endsWith('/admin/ehrs')) return { body: { data: [ehr('e-1', 'Riverside General EHR'), ehr('e-2', 'Old EHR', { is_active: false, has_client_secret: false, division_name: 'Summit County Care' })], meta: HELP } };
      if (url.pathname.endsWith('/admin/ehr-user-links')) return { body: { data: [], meta: { users: USERS } } };
      return organizationPageRead(url);
    });
    restore = fake.restore;
    const { copied, restore: release } = catchClipboard();
    try {
      const el = mount();
      const root = shadow(el);
      const row = (id: string) => root.querySelector(`li[data-ehr="${id}"]`)!;
      await waitFor(() => row('e-2'), { message: 'the EHRs' });
      ok(card(el, 'EHRs'), "the card's title");
      ok(text(row('e-1')).includes('https://fhir.riverside.test/r4'), text(row('e-1')));
      ok(text(row('e-1')).includes('Client ID careweave-smart · Secret stored · Patients in Franklin County Care'), text(row('e-1')));
      ok(text(row('e-1')).includes('MRNs by urn:oid:2.16.840.1.113883.3.1234'));
      deepEqual(['e-1', 'e-2'].map((id) => text(row(id).querySelector('.code-status'))), ['Active', 'Inactive']);
      ok(text(row('e-2')).includes('Public client (no secret)') && text(row('e-2')).includes('Patients in Summit County Care'), text(row('e-2')));
      ok(slButton(el, 'Edit Riverside General EHR'), 'each row has its Edit, named');

      const facts = root.querySelector('.ehr-register')!;
      deepEqual([...facts.querySelectorAll('dt')].map(text), ['Launch URL', 'Redirect URL', 'Scopes']);
      deepEqual([...facts.querySelectorAll('dd code')].map(text), [HELP.launch_url, HELP.redirect_url, HELP.scopes]);
      slButton(el, 'Copy Launch URL')!.click();
      slButton(el, 'Copy Scopes')!.click();
      await waitFor(() => copied.length === 2, { message: 'copied' });
      deepEqual(copied, [HELP.launch_url, HELP.scopes]);
      await waitFor(() => $toasts.get().some((t) => t.message === 'Launch URL copied'), { message: 'told it was copied' });
    } finally {
      release();
    }
  });

  it('each card says when it is empty, and shows its own error when its list fails', async () => {
    let fail = false;
    const fake = fakeFetch((url) => {
      if (url.pathname.endsWith('/admin/ehrs')) return fail ? { status: 500, body: { errors: [{ message: 'down' }] } } : { body: { data: [], meta: HELP } };
      if (url.pathname.endsWith('/admin/ehr-user-links')) return fail ? { status: 500, body: { errors: [{ message: 'down' }] } } : { body: { data: [], meta: { users: USERS } } };
      return organizationPageRead(url);
    });
    restore = fake.restore;
    const empty = mount();
    await waitFor(() => text(card(empty, 'EHRs')).includes('No EHRs yet'), { message: 'the empty EHRs' });
    ok(text(card(empty, 'EHRs')).includes(HELP.launch_url), 'what to register shows with no EHR yet');
    await waitFor(() => text(card(empty, 'EHR User Links')).includes('No EHR users are waiting'), { message: 'the empty links' });
    ok(text(card(empty, 'EHR User Links')).includes('No decisions yet'));
    deepEqual([...card(empty, 'EHR User Links')!.querySelectorAll('h3')].map(text), ['Waiting for a Decision', 'Decided']);
    empty.remove();
    fail = true;
    const failed = mount();
    for (const title of ['EHRs', 'EHR User Links']) {
      await waitFor(() => text(card(failed, title)?.querySelector('[role="alert"]')) === 'Oops, something went wrong!', { message: `the error state of ${title}` });
    }
    equal(card(failed, 'Identity Providers')!.querySelector('[role="alert"]'), null, 'the other cards are not in error');
  });

  it("adds an EHR: checked before sending, the server's errors on their fields, then listed", async () => {
    let refuse = true;
    let made = false;
    const fake = fakeFetch((url, init) => {
      if (url.pathname.endsWith('/admin/ehrs') && init?.method === 'POST') {
        if (refuse) return { status: 422, body: { errors: [{ field: 'issuer', message: 'An EHR with this issuer is already registered: each issuer is registered once' }] } };
        made = true;
        return { status: 201, body: { data: ehr('e-9', 'Summit Hospital EHR') } };
      }
      if (url.pathname.endsWith('/admin/ehrs')) return { body: { data: made ? [ehr('e-9', 'Summit Hospital EHR')] : [], meta: HELP } };
      if (url.pathname.endsWith('/admin/ehr-user-links')) return { body: { data: [], meta: { users: USERS } } };
      return organizationPageRead(url);
    });
    restore = fake.restore;
    const el = mount();
    const root = shadow(el);
    await waitFor(() => text(root).includes('No EHRs yet'), { message: 'the card' });
    buttonByText(root, 'Add EHR').click();
    const input = (name: string) => root.querySelector<HTMLInputElement>(`[data-field="${name}"] input`)!;
    await waitFor(() => input('displayName'), { message: 'the dialog' });
    for (const name of ['displayName', 'issuer', 'clientId', 'clientSecret', 'mrnSystem', 'divisionUid']) ok(text(root.querySelector(`[data-field="${name}"] label`)), `${name} has a label`);
    equal(input('clientSecret').type, 'password');
    equal(root.querySelector('[data-field="removeClientSecret"]'), null, 'nothing stored to remove');
    ok(input('isActive').checked, 'active by default');

    dialogSave(el)!.click();
    await waitFor(() => fieldError(el, 'displayName'), { message: 'the required fields' });
    deepEqual(
      ['displayName', 'issuer', 'clientId', 'mrnSystem', 'divisionUid'].map((f) => fieldError(el, f)),
      ['Name is required', 'Issuer (FHIR Base URL) is required', 'Client ID is required', 'MRN Identifier System is required', 'Division is required'],
    );
    equal(fieldError(el, 'clientSecret'), '', 'a public client needs no secret');

    typeInto(input('displayName'), 'Summit Hospital EHR');
    typeInto(input('issuer'), 'http://fhir.summit.test/r4');
    typeInto(input('clientId'), 'careweave-summit');
    typeInto(input('clientSecret'), 'a-hospital-secret');
    typeInto(input('mrnSystem'), 'medical record number');
    selectOption(root.querySelector<HTMLSelectElement>('[data-field="divisionUid"] select')!, 'd-2');
    dialogSave(el)!.click();
    await waitFor(() => fieldError(el, 'issuer') === EHR_ISSUER_RULE, { message: 'the issuer rule' });
    equal(fieldError(el, 'mrnSystem'), MRN_SYSTEM_RULE);
    equal(sent(fake.calls, 'POST', '/admin/ehrs').length, 0, 'nothing sent');

    typeInto(input('issuer'), 'https://fhir.summit.test/r4/');
    typeInto(input('mrnSystem'), 'urn:oid:1.2.3');
    dialogSave(el)!.click();
    await waitFor(() => fieldError(el, 'issuer').includes('already registered'), { message: "the server's error on the issuer" });
    const [post] = sent(fake.calls, 'POST', '/admin/ehrs');
    deepEqual(JSON.parse(String(post.init!.body)), {
      display_name: 'Summit Hospital EHR',
      issuer: 'https://fhir.summit.test/r4/',
      client_id: 'careweave-summit',
      client_secret: 'a-hospital-secret',
      remove_client_secret: false,
      mrn_system: 'urn:oid:1.2.3',
      division_uid: 'd-2',
      is_active: true,
    });
    ok(new Headers(post.init!.headers).get('idempotency-key'), 'a create carries an Idempotency-Key');

    refuse = false;
    dialogSave(el)!.click();
    await waitFor(() => root.querySelector('li[data-ehr="e-9"]'), { message: 'the new EHR listed' });
    equal(root.querySelector('[data-field="displayName"]'), null, 'the dialog closed');
    ok($toasts.get().some((t) => t.message === 'Successfully saved!'));
  });

  it('edits an EHR: the secret field starts empty (empty keeps the stored secret), and the stored one may be removed', async () => {
    const fake = fakeFetch((url, init) => {
      if (url.pathname.endsWith('/admin/ehrs/e-1') && init?.method === 'PUT') return { body: { data: ehr('e-1', 'Riverside EHR', { has_client_secret: false }) } };
      if (url.pathname.endsWith('/admin/ehrs')) return { body: { data: [ehr('e-1', 'Riverside General EHR')], meta: HELP } };
      if (url.pathname.endsWith('/admin/ehr-user-links')) return { body: { data: [], meta: { users: USERS } } };
      return organizationPageRead(url);
    });
    restore = fake.restore;
    const el = mount();
    const root = shadow(el);
    (await waitFor(() => slButton(el, 'Edit Riverside General EHR'), { message: 'the row' })).click();
    const secret = await waitFor(() => root.querySelector<HTMLInputElement>('[data-field="clientSecret"] input'), { message: 'the dialog' });
    equal(secret.value, '');
    ok(text(root.querySelector('[data-field="clientSecret"] .field-hint')).includes('A secret is stored'));
    equal(root.querySelector<HTMLInputElement>('[data-field="issuer"] input')!.value, 'https://fhir.riverside.test/r4');
    equal(root.querySelector<HTMLSelectElement>('[data-field="divisionUid"] select')!.value, 'd-1');
    typeInto(root.querySelector<HTMLInputElement>('[data-field="displayName"] input')!, 'Riverside EHR');
    root.querySelector<HTMLInputElement>('[data-field="removeClientSecret"] input')!.click();
    dialogSave(el)!.click();
    const put = await waitFor(() => sent(fake.calls, 'PUT', '/admin/ehrs/e-1')[0], { message: 'the save' });
    const body = JSON.parse(String(put.init!.body));
    deepEqual([body.display_name, body.client_secret, body.remove_client_secret, body.division_uid], ['Riverside EHR', '', true, 'd-1']);
  });
});

describe('<care-admin> EHR user links (stubbed server)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    document.querySelectorAll('care-admin').forEach((el) => el.remove());
    $toasts.set([]);
  });

  it('waiting EHR users first, each with a picker of the users who may open its patients; Approve and Refuse send the decision', async () => {
    let state = 'pending';
    let refuseCory = true;
    const fake = fakeFetch((url, init) => {
      if (url.pathname.endsWith('/admin/ehr-user-links/pat') && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        if (body.status === 'approved' && body.user_uid === 'u-cory' && refuseCory) return { status: 422, body: { errors: [{ field: 'user_uid', message: linkUserLacksDivision('Summit County Care') }] } };
        state = body.status;
        return { body: { data: link('pat', 'Pat Physician', { status: body.status, user_uid: body.user_uid ?? null, user_display_name: body.user_uid ? 'Nora Navigator' : null }) } };
      }
      if (url.pathname.endsWith('/admin/ehr-user-links'))
        return {
          body: {
            data: [
              ...(state === 'pending' ? [link('pat', 'Pat Physician')] : []),
              link('cory', 'Cory Clinician', { status: 'approved', user_uid: 'u-nora', user_display_name: 'Nora Navigator', decided_at: '2030-02-01T10:00:00.000Z', decided_by_name: 'Ada Admin' }),
              link('rex', null, { status: 'refused', decided_at: '2030-02-02T10:00:00.000Z', decided_by_name: 'Ada Admin' }),
              ...(state !== 'pending' ? [link('pat', 'Pat Physician', { status: state, user_uid: state === 'approved' ? 'u-nora' : null, user_display_name: state === 'approved' ? 'Nora Navigator' : null })] : []),
            ],
            meta: { users: USERS },
          },
        };
      if (url.pathname.endsWith('/admin/ehrs')) return { body: { data: [], meta: HELP } };
      return organizationPageRead(url);
    });
    restore = fake.restore;
    const el = mount();
    const root = shadow(el);
    const row = (id: string) => root.querySelector<HTMLElement>(`li[data-link="${id}"]`)!;
    await waitFor(() => row('pat'), { message: 'the links' });
    const links = card(el, 'EHR User Links')!;
    deepEqual([...links.querySelectorAll('li[data-link]')].map((li) => li.getAttribute('data-link')), ['pat', 'cory', 'rex'], 'waiting first');
    ok(text(row('pat')).includes('Practitioner/pat at Riverside General EHR'), text(row('pat')));
    equal(text(row('pat').querySelector('.code-status')), 'Waiting');
    ok(text(row('cory')).includes('Signs in as Nora Navigator') && text(row('cory')).includes('by Ada Admin'), text(row('cory')));
    ok(text(row('rex')).includes('Practitioner/rex') && text(row('rex')).includes('Refused'), 'a link without a name shows its fhirUser');
    equal(row('cory').querySelector('select'), null, 'a decided link shows its decision, not the picker');

    const picker = row('pat').querySelector<HTMLSelectElement>('select')!;
    const label = row('pat').querySelector(`label[for="${picker.id}"]`);
    equal(text(label), 'Careweave User for Pat Physician');
    deepEqual([...picker.options].map((o) => o.value), ['', 'u-nora'], 'only users with access to the EHR\'s division');

    slButton(el, 'Approve Pat Physician')!.click();
    await waitFor(() => text(row('pat').querySelector('.field-error')), { message: 'a user is required' });
    equal(text(row('pat').querySelector('.field-error')), 'Careweave User for Pat Physician is required');
    equal(sent(fake.calls, 'PUT', '/admin/ehr-user-links/pat').length, 0, 'nothing sent');

    // A user the page offered, refused by the server (a change since it loaded): its message under the picker.
    const option = document.createElement('option');
    option.value = 'u-cory';
    option.textContent = 'Cory Community (community)';
    picker.append(option);
    selectOption(picker, 'u-cory');
    slButton(el, 'Approve Pat Physician')!.click();
    await waitFor(() => text(row('pat').querySelector('.field-error')) === linkUserLacksDivision('Summit County Care'), { message: "the server's refusal" });

    refuseCory = false;
    selectOption(picker, 'u-nora');
    slButton(el, 'Approve Pat Physician')!.click();
    await waitFor(() => row('pat')?.getAttribute('data-status') === 'approved', { message: 'approved and listed as decided' });
    deepEqual(JSON.parse(String(sent(fake.calls, 'PUT', '/admin/ehr-user-links/pat').at(-1)!.init!.body)), { status: 'approved', user_uid: 'u-nora' });
    ok($toasts.get().some((t) => t.message === 'Pat Physician signs in as Nora Navigator'));
    deepEqual([...links.querySelectorAll('li[data-link]')].map((li) => li.getAttribute('data-link')), ['cory', 'rex', 'pat']);
    ok(text(links).includes('No EHR users are waiting'));

    // A decision may be changed: here, refused.
    slButton(el, 'Change Pat Physician')!.click();
    const again = await waitFor(() => row('pat').querySelector<HTMLSelectElement>('select'), { message: 'the picker again' });
    equal(again.value, 'u-nora', 'the approved user chosen');
    slButton(el, 'Refuse Pat Physician')!.click();
    await waitFor(() => row('pat')?.getAttribute('data-status') === 'refused', { message: 'refused' });
    deepEqual(JSON.parse(String(sent(fake.calls, 'PUT', '/admin/ehr-user-links/pat').at(-1)!.init!.body)), { status: 'refused' });
  });
});
