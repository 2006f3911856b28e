import '../../widgets/admin/admin.element';
import { $toasts } from '../../widgets/kit/toasts';
import { deepEqual, equal, ok } from './support/assert';
import { selectOption, text, typeInto, waitFor } from './support/dom';
import { fakeFetch } from './support/fake-fetch';
import { fieldError, mountElement, shadow, slButton } from './support/element';

const DIVISIONS = { data: [{ type: 'divisions', id: 'd-1', attributes: { division_uid: 'd-1', division_name: 'Franklin County Care' } }] };
const link = (id: string, label: string, state: string, replacedBy: string | null = null) => ({
  type: 'ext-instances',
  id,
  attributes: { instance_id: id, label, division_uid: 'd-1', division_name: 'Franklin County Care', action_type: 'referral-form', required_fields: ['reasonUid'], state, replaced_by: replacedBy, url: `http://care.test/ext/${id}/referral-form`, created_at: '2026-11-26T08:00:00Z' },
});
const LINKS = { data: [link('referral-form-new', 'Website', 'active'), link('referral-form-old', 'Website', 'replaced', 'referral-form-new'), link('referral-form-off', 'Flyer', 'revoked')] };
const EMPTY_CODES = (url: URL) => ['/admin/cit-agencies', '/admin/hwc-agencies', '/admin/b2w-vendors'].some((p) => url.pathname.endsWith(p));
const notFound = { status: 404, body: { errors: [{ message: 'Not found' }] } };
const mount = (page: string) => mountElement('care-admin', { 'api-base': 'http://api.test/api', token: 't0k', page });

describe('<care-admin> external action links (stubbed server)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    document.querySelectorAll('care-admin').forEach((el) => el.remove());
    $toasts.set([]);
  });

  it('lists each link with its address and state; rotating asks first, then shows the new link; a replaced link has no commands', async () => {
    const fake = fakeFetch((url, init) => {
      if (EMPTY_CODES(url)) return { body: { data: [] } };
      if (url.pathname.endsWith('/admin/ext-instances/referral-form-new/rotate') && init?.method === 'POST') return { body: { data: link('referral-form-newer', 'Website', 'active') } };
      if (url.pathname.endsWith('/admin/ext-instances/referral-form-off/rotate') && init?.method === 'POST') return { status: 422, body: { errors: [{ message: 'Refused for the test' }] } };
      if (url.pathname.endsWith('/admin/ext-instances')) return { body: LINKS };
      return notFound;
    });
    restore = fake.restore;
    const el = mount('access-codes');
    const root = shadow(el);
    const row = (id: string) => root.querySelector(`li[data-link="${id}"]`)!;
    /** A button of one link's row (each row has its own confirmation dialog). */
    const button = (id: string, label: string) => [...row(id).querySelectorAll<HTMLElement>('sl-button')].find((b) => text(b) === label);
    await waitFor(() => row('referral-form-new'), { message: 'the links' });
    ok(text(row('referral-form-new')).includes('http://care.test/ext/referral-form-new/referral-form'), 'the public address');
    ok(text(row('referral-form-new')).includes('also requires Reason for referral'), text(row('referral-form-new')));
    deepEqual(['referral-form-new', 'referral-form-old', 'referral-form-off'].map((id) => text(row(id).querySelector('.code-status'))), ['Active', 'Replaced', 'Revoked']);
    equal(row('referral-form-old').querySelector('.user-commands'), null, 'a replaced link has no commands');
    ok(slButton(el, 'Issue New Link Flyer'), 'a revoked link can be issued again');
    equal(slButton(el, 'Revoke Flyer'), undefined, 'a revoked link cannot be revoked again');

    slButton(el, 'Rotate Link Website')!.click();
    equal(fake.calls.filter((c) => c.init?.method === 'POST').length, 0, 'nothing before the confirmation');
    (await waitFor(() => button('referral-form-new', 'Make New Link')))!.click();
    await waitFor(() => text(root.querySelector('.new-code')).includes('http://care.test/ext/referral-form-newer/referral-form'), { message: 'the new link' });
    ok(text(root.querySelector('.new-code')).includes('the old one no longer opens'));

    slButton(el, 'Issue New Link Flyer')!.click();
    (await waitFor(() => button('referral-form-off', 'Make New Link')))!.click();
    await waitFor(() => $toasts.get().some((t) => t.message === 'Refused for the test' && t.variant === 'danger'), { message: "the server's refusal as a toast" });
  });

  it('names the providers the forms offer (active and Offered on Public Forms), with a link to where that is chosen', async () => {
    const provider = (id: string, name: string, offered: boolean, active = true) => ({
      type: 'admin-reference-providers',
      id,
      attributes: { id, is_active: active, sort_order: null, shared: false, values: { display_name: name, public_form_offered: offered, locations: [] } },
    });
    const fake = fakeFetch((url) => {
      if (EMPTY_CODES(url)) return { body: { data: [] } };
      if (url.pathname.endsWith('/admin/ext-instances')) return { body: LINKS };
      if (url.pathname.endsWith('/admin/reference/providers'))
        return { body: { data: [provider('p-1', 'Alicia Moreno, MD', true), provider('p-2', 'Nora Navigator', false), provider('p-3', 'Daniel Kim, MD', true, false), provider('p-4', 'Marcus Bell, LPCC', true)] } };
      return notFound;
    });
    restore = fake.restore;
    const el = mount('access-codes');
    const note = await waitFor(() => shadow(el).querySelector('.offered-providers'), { message: 'the offered providers' });
    ok(text(note).startsWith('The forms offer these providers: Alicia Moreno, MD; Marcus Bell, LPCC.'), text(note));
    equal(note.querySelector('a')?.getAttribute('href'), '/admin/reference/providers');
  });

  it('an empty list says so; a failed list shows the error', async () => {
    let fail = false;
    const fake = fakeFetch((url) => {
      if (EMPTY_CODES(url)) return { body: { data: [] } };
      if (url.pathname.endsWith('/admin/ext-instances')) return fail ? { status: 500, body: { errors: [{ message: 'down' }] } } : { body: { data: [] } };
      return notFound;
    });
    restore = fake.restore;
    const empty = mount('access-codes');
    await waitFor(() => text(shadow(empty)).includes('No external action links yet'));
    empty.remove();
    fail = true;
    const failed = mount('access-codes');
    await waitFor(() => shadow(failed).querySelectorAll('[role="alert"], .load-error').length > 0, { message: 'the error state' });
  });

  it('a new link: checked before sending, sent with its required fields, the server\'s errors on their fields, then its address', async () => {
    let refuse = true;
    const fake = fakeFetch((url, init) => {
      if (url.pathname.endsWith('/admin/divisions')) return { body: DIVISIONS };
      if (url.pathname.endsWith('/admin/ext-instances') && init?.method === 'POST') {
        return refuse ? { status: 422, body: { errors: [{ field: 'division_uid', message: 'Must be one of the listed options' }] } } : { status: 201, body: { data: link('referral-form-made', 'Clinic partners', 'active') } };
      }
      return notFound;
    });
    restore = fake.restore;
    const el = mount('access-codes/ext-links/new');
    const root = shadow(el);
    await waitFor(() => root.querySelector('[data-field="divisionUid"] select option[value="d-1"]'), { message: 'the form with divisions' });
    slButton(el, 'Save')!.click();
    await waitFor(() => fieldError(el, 'label'), { message: 'the label is required' });
    equal(fieldError(el, 'label'), 'Label is required');
    equal(fake.calls.filter((c) => c.init?.method === 'POST').length, 0, 'nothing sent');

    typeInto(root.querySelector<HTMLInputElement>('[data-field="label"] input')!, 'Clinic partners');
    selectOption(root.querySelector<HTMLSelectElement>('[data-field="divisionUid"] select')!, 'd-1');
    for (const field of ['reasonUid', 'emailAddress']) root.querySelector<HTMLInputElement>(`[data-field="requiredFields"] input[value="${field}"]`)!.click();
    slButton(el, 'Save')!.click();
    const first = await waitFor(() => fake.calls.find((c) => c.init?.method === 'POST'));
    deepEqual(JSON.parse(String(first.init!.body)), { label: 'Clinic partners', division_uid: 'd-1', action_type: 'referral-form', required_fields: ['reasonUid', 'emailAddress'] });
    await waitFor(() => fieldError(el, 'divisionUid'), { message: "the server's error on the division" });

    refuse = false;
    slButton(el, 'Save')!.click();
    await waitFor(() => text(root.querySelector('.new-code')).includes('http://care.test/ext/referral-form-made/referral-form'), { message: 'the new address' });
  });
});
