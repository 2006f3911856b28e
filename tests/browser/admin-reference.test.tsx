import '../../widgets/admin/admin.element';
import { $toasts } from '../../widgets/kit/toasts';
import { deepEqual, equal, ok } from './support/assert';
import { text, typeInto, waitFor } from './support/dom';
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
});
