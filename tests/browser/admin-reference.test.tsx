import '../../widgets/admin/admin.element';
import { $toasts } from '../../widgets/kit/toasts';
import { RESOURCE_LINK_OR_FILE } from '../../shared/schemas/admin-reference';
import { deepEqual, equal, ok } from './support/assert';
import { pickFile, selectOption, text, typeInto, waitFor } from './support/dom';
import { fakeFetch } from './support/fake-fetch';
import { fieldError, mountElement, shadow, slButton } from './support/element';

const row = (id: string, values: Record<string, unknown>, isActive = true, sortOrder: number | null = 0) => ({ type: 'admin-reference', id, attributes: { id, is_active: isActive, sort_order: sortOrder, shared: false, values } });

const GROUPS = { data: [row('g-1', { badge_group_label: 'Housing', badge_group_name: 'housing', badge_group_color: '#336699', is_exclusive: true })] };
const BADGES = {
  data: [
    row('b-1', { badge_group_uid: 'g-1', badge_label: 'Unhoused', badge_name: 'unhoused', color: null }, true, 0),
    row('b-2', { badge_group_uid: 'g-1', badge_label: 'Sheltered', badge_name: 'sheltered', color: '#aa3300' }, false, 1),
  ],
};

const mount = (page: string) => mountElement('care-admin', { 'api-base': 'http://api.test/api', token: 't0k', page });
const notFound = { status: 404, body: { errors: [{ message: 'Not found' }] } };

describe('<care-admin> reference lists (stubbed server)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    document.querySelectorAll('care-admin').forEach((el) => el.remove());
    $toasts.set([]);
  });

  it('the index names every list; a list is grouped, marks inactive rows, reorders and reactivates', async () => {
    const fake = fakeFetch((url, init) => {
      if (url.pathname.endsWith('/admin/reference/badge-groups')) return { body: GROUPS };
      if (url.pathname.endsWith('/admin/reference/badges') && (init?.method ?? 'GET') === 'GET') return { body: BADGES };
      if (url.pathname.endsWith('/admin/reference/badges/order')) return { body: BADGES };
      if (url.pathname.endsWith('/admin/reference/badges/b-2/reactivate')) return { body: { data: BADGES.data[1] } };
      return notFound;
    });
    restore = fake.restore;
    const index = mount('reference');
    await waitFor(() => shadow(index).querySelector('.reference-index'));
    deepEqual(
      [...shadow(index).querySelectorAll('.reference-index a')].map((a) => text(a)),
      ['Statuses', 'Reasons', 'Facilities', 'Providers', 'Badge Groups', 'Badges', 'Nav Items', 'Resources', 'Report Configurations'],
    );
    index.remove();

    const el = mount('reference/badges');
    const root = shadow(el);
    const table = await waitFor(() => root.querySelector('section[aria-label="Housing"] table'), { message: 'the Housing group, named by its label' });
    await waitFor(() => text(table).includes('Sheltered'));
    const inactive = table.querySelector('tr.inactive')!;
    ok(text(inactive).includes('Sheltered') && text(inactive).includes('Inactive'), text(inactive));
    ok(text(table).includes('#aa3300'), 'a colour shows its value');

    equal(slButton(el, 'Move Up Unhoused')!.disabled, true, 'the first row cannot move up');
    slButton(el, 'Move Down Unhoused')!.click();
    const order = await waitFor(() => fake.calls.find((c) => c.url.pathname.endsWith('/order')));
    equal(order.init!.method, 'PUT');
    deepEqual(JSON.parse(String(order.init!.body)), { ids: ['b-2', 'b-1'] });
    await waitFor(() => !slButton(el, 'Reactivate Sheltered')!.disabled);
    slButton(el, 'Reactivate Sheltered')!.click();
    await waitFor(() => fake.calls.find((c) => c.url.pathname.endsWith('/b-2/reactivate') && c.init?.method === 'POST'), { message: 'reactivate sent' });
  });

  it('a row dragged by its handle onto another takes its place: shown at once, saved once, a failed save puts it back', async () => {
    const three = { data: [...BADGES.data, row('b-3', { badge_group_uid: 'g-1', badge_label: 'Doubled up', badge_name: 'doubled_up', color: null }, true, 2)] };
    let saved = three.data;
    let refuse = false;
    let release: () => void = () => undefined;
    const fake = fakeFetch(async (url, init) => {
      if (url.pathname.endsWith('/admin/reference/badge-groups')) return { body: GROUPS };
      // The save waits until the test has seen the new order on screen.
      if (url.pathname.endsWith('/admin/reference/badges/order')) await new Promise<void>((resolve) => (release = resolve));
      if (url.pathname.endsWith('/admin/reference/badges/order')) {
        if (refuse) return { status: 500, body: { errors: [{ message: 'down' }] } };
        saved = JSON.parse(String(init!.body)).ids.map((id: string) => three.data.find((r) => r.id === id));
        return { body: { data: saved } };
      }
      if (url.pathname.endsWith('/admin/reference/badges')) return { body: { data: saved } };
      return notFound;
    });
    restore = fake.restore;
    const el = mount('reference/badges');
    const root = shadow(el);
    const order = () => [...root.querySelectorAll('tbody tr')].map((tr) => tr.getAttribute('data-row'));
    await waitFor(() => order().length === 3, { message: 'the rows' });
    const tr = (label: string) => root.querySelector<HTMLElement>(`tbody tr[data-row="${label}"]`)!;
    /** What a pointer drag does: dragstart on the handle, dragover and drop on the target row, dragend. */
    const drag = (from: string, to: string) => {
      const dataTransfer = new DataTransfer();
      const fire = (target: Element, type: string) => target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, composed: true, dataTransfer }));
      const handle = tr(from).querySelector('.drag-handle')!;
      equal(handle.getAttribute('draggable'), 'true');
      fire(handle, 'dragstart');
      return { over: () => fire(tr(to), 'dragover'), drop: () => { fire(tr(to), 'drop'); fire(handle, 'dragend'); } };
    };

    const first = drag('Unhoused', 'Doubled up');
    await waitFor(() => tr('Unhoused').hasAttribute('data-dragging'), { message: 'the dragged row is marked' });
    first.over();
    await waitFor(() => tr('Doubled up').getAttribute('data-drop') === 'after', { message: 'where it would land' });
    first.drop();
    await waitFor(() => order().join() === 'Sheltered,Doubled up,Unhoused', { message: 'the new order shows before the save answers' });
    const put = await waitFor(() => fake.calls.find((c) => c.url.pathname.endsWith('/order')));
    release();
    equal(put.init!.method, 'PUT');
    deepEqual(JSON.parse(String(put.init!.body)), { ids: ['b-2', 'b-3', 'b-1'] });
    await waitFor(() => $toasts.get().some((t) => t.message === 'Order saved'), { message: 'saved' });
    equal(fake.calls.filter((c) => c.url.pathname.endsWith('/order')).length, 1, 'one save per drop');
    await waitFor(() => root.querySelectorAll('[data-drop], [data-dragging]').length === 0, { message: 'the marks are gone' });

    refuse = true;
    await waitFor(() => !slButton(el, 'Move Up Doubled up')!.disabled);
    const second = drag('Doubled up', 'Sheltered');
    second.over();
    second.drop();
    await waitFor(() => order().join() === 'Doubled up,Sheltered,Unhoused', { message: 'the second drag shows' });
    await waitFor(() => fake.calls.filter((c) => c.url.pathname.endsWith('/order')).length === 2);
    release();
    await waitFor(() => $toasts.get().some((t) => t.variant === 'danger'), { message: 'the failure' });
    await waitFor(() => order().join() === 'Sheltered,Doubled up,Unhoused', { message: 'the order put back' });
  });

  it('an empty list says so; a failed list shows the error', async () => {
    const fake = fakeFetch((url) => {
      if (url.pathname.endsWith('/admin/reference/reasons')) return { body: { data: [] } };
      if (url.pathname.endsWith('/admin/reference/statuses')) return { status: 500, body: { errors: [{ message: 'down' }] } };
      return notFound;
    });
    restore = fake.restore;
    const empty = mount('reference/reasons');
    await waitFor(() => text(shadow(empty)).includes('No reasons yet'));
    empty.remove();
    const failed = mount('reference/statuses');
    await waitFor(() => shadow(failed).querySelector('[role="alert"], .load-error'), { message: 'the error state' });
  });

  it('a facility form: child rows checked before sending, sent with the facility, the server\'s errors on their fields', async () => {
    const fake = fakeFetch((url, init) => {
      if (url.pathname.endsWith('/admin/reference/facilities') && init?.method === 'POST') return { status: 422, body: { errors: [{ field: 'facility_name', message: 'Already listed' }] } };
      return notFound;
    });
    restore = fake.restore;
    const el = mount('reference/facilities/new');
    const root = shadow(el);
    const name = await waitFor(() => root.querySelector<HTMLInputElement>('[data-field="facilityName"] input'));
    typeInto(name, 'Mercy Hospital');
    slButton(el, 'Add to Distribution Lists')!.click();
    const email = await waitFor(() => root.querySelector<HTMLInputElement>('[data-field="distributionLists.0.emailAddress"] input'));
    typeInto(root.querySelector<HTMLInputElement>('[data-field="distributionLists.0.name"] input')!, 'Nurses');
    typeInto(email, 'not-an-address');
    slButton(el, 'Save')!.click();
    await waitFor(() => fieldError(el, 'distributionLists.0.emailAddress'), { message: 'the bad address' });
    equal(fake.calls.filter((c) => c.init?.method === 'POST').length, 0, 'nothing sent');
    typeInto(email, 'nurses@mercy.test');
    slButton(el, 'Save')!.click();
    const post = await waitFor(() => fake.calls.find((c) => c.init?.method === 'POST'));
    const body = JSON.parse(String(post.init!.body));
    equal(body.facility_name, 'Mercy Hospital');
    deepEqual(body.distribution_lists, [{ name: 'Nurses', email_address: 'nurses@mercy.test' }]);
    ok(new Headers(post.init!.headers).get('idempotency-key'), 'an add carries an Idempotency-Key');
    await waitFor(() => fieldError(el, 'facilityName'));
    equal(fieldError(el, 'facilityName'), 'Already listed');
  });

  it("a report configuration's definition: bad JSON refused in the form, the server's member path shown on the field", async () => {
    const fake = fakeFetch((url, init) => {
      if (url.pathname.endsWith('/admin/reference/report-configurations') && init?.method === 'POST') {
        return { status: 422, body: { errors: [{ field: 'definition.charts.0.x_axis_column', message: "Unknown column 'x'" }] } };
      }
      return notFound;
    });
    restore = fake.restore;
    const el = mount('reference/report-configurations/new');
    const root = shadow(el);
    typeInto(await waitFor(() => root.querySelector<HTMLInputElement>('[data-field="label"] input')), 'Copy');
    typeInto(root.querySelector<HTMLInputElement>('[data-field="name"] input')!, 'copy');
    const definition = root.querySelector<HTMLTextAreaElement>('[data-field="definition"] textarea')!;
    typeInto(definition, '{ not json');
    slButton(el, 'Save')!.click();
    await waitFor(() => fieldError(el, 'definition'));
    equal(fieldError(el, 'definition'), 'Must be valid JSON');
    typeInto(definition, JSON.stringify({ reportView: 'report-inbound-referrals', layout: [], filters: [], charts: [], tables: [] }));
    slButton(el, 'Save')!.click();
    await waitFor(() => fake.calls.find((c) => c.init?.method === 'POST'));
    await waitFor(() => fieldError(el, 'definition').includes('charts.0.xAxisColumn'), { message: "the member's path" });
    equal(fieldError(el, 'definition'), "Definition charts.0.xAxisColumn: Unknown column 'x'");
  });

  it('a resource: a file chosen goes as multipart with the values; not with a link too; a file resource shows its file, not its link', async () => {
    const stored = row('r-1', { title: 'Naloxone Steps', category: 'Overdose', resource_target: 'patient', resource_link: null, file_name: 'naloxone.pdf' });
    const fake = fakeFetch((url, init) => {
      if (url.pathname.endsWith('/admin/reference/resources') && init?.method === 'POST') return { status: 201, body: { data: stored } };
      if (url.pathname.endsWith('/admin/reference/resources/r-1') && (init?.method ?? 'GET') === 'GET') return { body: { data: stored } };
      if (url.pathname.endsWith('/admin/reference/resources')) return { body: { data: [stored] } };
      return notFound;
    });
    restore = fake.restore;
    const el = mount('reference/resources/new');
    const root = shadow(el);
    typeInto(await waitFor(() => root.querySelector<HTMLInputElement>('[data-field="title"] input')), 'Naloxone Steps');
    typeInto(root.querySelector<HTMLInputElement>('[data-field="category"] input')!, 'Overdose');
    selectOption(root.querySelector<HTMLSelectElement>('[data-field="resourceTarget"] select')!, 'patient');
    typeInto(root.querySelector<HTMLInputElement>('[data-field="resourceLink"] input')!, 'https://example.org/naloxone');
    const input = root.querySelector<HTMLInputElement>('[data-field="fileName"] input[type="file"]')!;
    pickFile(input, new File(['%PDF-1.4 steps'], 'naloxone.pdf', { type: 'application/pdf' }));
    await waitFor(() => text(root.querySelector('[data-field="fileName"]')!).includes('naloxone.pdf'));
    slButton(el, 'Save')!.click();
    await waitFor(() => fieldError(el, 'resourceLink'));
    equal(fieldError(el, 'resourceLink'), RESOURCE_LINK_OR_FILE);
    equal(fake.calls.filter((c) => c.init?.method === 'POST').length, 0, 'nothing sent');

    typeInto(root.querySelector<HTMLInputElement>('[data-field="resourceLink"] input')!, '');
    slButton(el, 'Save')!.click();
    const post = await waitFor(() => fake.calls.find((c) => c.init?.method === 'POST'));
    const body = post.init!.body as FormData;
    ok(body instanceof FormData, 'multipart');
    deepEqual(JSON.parse(String(body.get('values'))), { title: 'Naloxone Steps', category: 'Overdose', resource_target: 'patient', resource_link: '', file_name: 'naloxone.pdf' });
    equal((body.get('file') as File).name, 'naloxone.pdf');
    ok(new Headers(post.init!.headers).get('idempotency-key'), 'an add carries an Idempotency-Key');
    el.remove();

    const edit = mount('reference/resources/r-1');
    const editRoot = shadow(edit);
    await waitFor(() => text(editRoot.querySelector('[data-field="fileName"]') ?? editRoot).includes('Now naloxone.pdf'), { message: 'the current file' });
    equal(editRoot.querySelector('[data-field="resourceLink"]'), null, "a file resource's link is not offered");
  });
});
