import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { snakeCase } from '../../shared/casing';
import { overdoseEvent } from './support/overdose-event';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { LOCATION_IN_USE, NOT_A_LINK, ROW_NOT_FOUND, UNKNOWN_ROW } from '../../server/admin/reference-lists';
import { NOT_ORDERED, ORDER_MISMATCH, UNKNOWN_LIST } from '../../server/admin/reference.routes';
import { REPORT_CONFIGURATIONS } from '../../server/db/reference-lists/report-configurations';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { FLAG_TERM_RULE, REFERENCE_LIST_NAMES, REFERENCE_LISTS, type ReferenceListName } from '../../shared/schemas/admin-reference';
import { call, errorsOf, fieldErrors, login, type LoggedIn } from './support/http';
import { createOtherOrganization, type OtherOrganization } from './support/other-org';

const key = () => `admin-ref-test-${crypto.randomUUID()}`;
const uuid = '00000000-0000-0000-0000-000000000000';

let server: TestServer;
let admin: LoggedIn;
let navigator: LoggedIn;
let other: OtherOrganization;
let otherAdminOrgStatus: string;
let badgeGroup: string;
let providerRole: string;

const definition = REPORT_CONFIGURATIONS[0].definition;

/** A valid body of each list (snake_case, as the widget sends it). */
const valid = (list: ReferenceListName, n = ''): Record<string, unknown> =>
  ({
    statuses: { label: `On Hold${n}`, name: `on hold${n}`, ref_data_type: 'outbound referral' },
    reasons: { label: `Relocation${n}`, name: `relocation${n}`, ref_data_type: 'inbound referral' },
    facilities: { facility_name: `Mercy Hospital${n}`, facility_type: 'Hospital', addr1: '1 Main St', city: 'Columbus', province_iso: 'OH', post_code: '43215', email_address: '', distribution_lists: [{ name: 'Nurses', email_address: 'nurses@mercy.test' }] },
    providers: { display_name: `Dr Pat Lane${n}`, first_name: 'Pat', last_name: 'Lane', provider_role_uid: providerRole, npi_number: '1234567890', work_phone: '', mobile_number: '', email_address: 'pat@clinic.test', locations: [{ provider_location_label: 'Main Clinic', addr1: '2 Elm St', addr2: '', city: 'Columbus', province_iso: 'OH', post_code: '43215' }] },
    'badge-groups': { badge_group_label: `Housing${n}`, badge_group_name: `housing${n}`, badge_group_color: '#336699', is_exclusive: true },
    badges: { badge_group_uid: badgeGroup, badge_label: `Unhoused${n}`, badge_name: `unhoused${n}`, color: '' },
    'nav-items': { nav_item_label: `Housing Plan${n}`, ref_data_type: 'patient', route: `housing${n}`, app_module: '', feature_flag: ['hasAppNavigator|hasAppCommunity'] },
    resources: { title: `Shelter Map${n}`, category: 'Housing', resource_target: 'patient', resource_link: 'https://shelters.example/map' },
    'report-configurations': { label: `Referrals Again${n}`, name: `referrals-again${n}`, description: 'A copy', definition },
  })[list];

/** Where the product reads each list, and the label it shows a row by. */
const PRODUCT_READS: Record<ReferenceListName, [string, string]> = {
  statuses: ['/api/data/reference/reference-status?ref_data_type=outbound%20referral&is_active=true&all-data=1', 'label'],
  reasons: ['/api/data/reference/reference-reason?is_active=true&all-data=1', 'label'],
  facilities: ['/api/data/public/facility?is_in_selections=true&all-data=1', 'facility_name'],
  providers: ['/api/providers/mv?limit=100', 'display_name'],
  'badge-groups': ['/api/reference-data/reference-badge-groups', 'badge_group_label'],
  badges: ['/api/reference-data/reference-badge-groups?include=badges', 'badge_label'],
  'nav-items': ['/api/data/reference/reference-nav-item?ref_data_type=patient&all-data=1', 'nav_item_label'],
  resources: ['/api/data/reference/reference-resource?all-data=1', 'title'],
  'report-configurations': ['/api/data/reference/reference-report-configuration', 'report_configuration_label'],
};

async function productLabels(list: ReferenceListName): Promise<string[]> {
  const [path, label] = PRODUCT_READS[list];
  const answer = await call(server.url, path, { token: admin.token });
  assert.equal(answer.status, 200, answer.text);
  const rows = list === 'badges' ? (answer.body.included ?? []) : answer.body.data;
  return rows.map((r: any) => r.attributes[label]);
}

before(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin');
  navigator = await login(server.url, 'navigator');
  other = await createOtherOrganization(server.db);
  otherAdminOrgStatus = (
    await server.db.insertInto('reference_data').values({ model: 'reference-status', name: 'theirs', label: 'Theirs', ref_data_type: 'Episode', attributes: '{}', org_uid: other.orgUid }).returning('uid').executeTakeFirstOrThrow()
  ).uid;
  badgeGroup = (await server.db.selectFrom('reference_badge_group').select('badge_group_uid').orderBy('default_sort_order').executeTakeFirstOrThrow()).badge_group_uid;
  providerRole = (await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-provider-role').executeTakeFirstOrThrow()).uid;
});
after(async () => {
  await server?.stop();
});

const audit = async (action: string) =>
  (await call(server.url, `/api/data/public/admin-audit?action=${action}&sort=-created_at&page-size=100`, { token: admin.token })).body.data.map((r: any) => r.attributes);

describe('reference list routes: who may call them', () => {
  const ROUTES: [string, string, unknown?][] = [
    ['GET', '/api/admin/reference/statuses'],
    ['GET', `/api/admin/reference/statuses/${uuid}`],
    ['POST', '/api/admin/reference/statuses', { label: 'X', name: 'x', ref_data_type: 'Episode' }],
    ['PUT', '/api/admin/reference/statuses/order', { ids: [uuid] }],
    ['PUT', `/api/admin/reference/statuses/${uuid}`, { label: 'X', name: 'x', ref_data_type: 'Episode' }],
    ['POST', `/api/admin/reference/statuses/${uuid}/deactivate`],
    ['POST', `/api/admin/reference/statuses/${uuid}/reactivate`],
  ];
  for (const [method, path, body] of ROUTES) {
    it(`${method} ${path}: 401 signed out, 403 for a navigator`, async () => {
      errorsOf(await call(server.url, path, { method, body }), 401);
      assert.deepEqual(errorsOf(await call(server.url, path, { method, body, token: navigator.token }), 403), [{ message: 'You do not have access to this resource' }]);
    });
  }

  it("another organisation's row is 404 on every route and never listed", async () => {
    for (const [method, path, body] of [
      ['GET', `/api/admin/reference/statuses/${otherAdminOrgStatus}`],
      ['PUT', `/api/admin/reference/statuses/${otherAdminOrgStatus}`, { label: 'Mine', name: 'mine', ref_data_type: 'Episode' }],
      ['POST', `/api/admin/reference/statuses/${otherAdminOrgStatus}/deactivate`],
      ['POST', `/api/admin/reference/statuses/${otherAdminOrgStatus}/reactivate`],
      ['PUT', '/api/admin/reference/statuses/order', { ids: [otherAdminOrgStatus] }],
      ['GET', `/api/admin/reference/providers/${other.navigatorUid}`],
      ['POST', `/api/admin/reference/providers/${other.navigatorUid}/deactivate`],
      ['GET', '/api/admin/reference/statuses/not-a-uuid'],
    ] as const) {
      assert.deepEqual(errorsOf(await call(server.url, path, { method, body, token: admin.token }), 404), [{ message: ROW_NOT_FOUND }], path);
    }
    const listed = (await call(server.url, '/api/admin/reference/statuses', { token: admin.token })).body.data.map((r: any) => r.id);
    assert.ok(!listed.includes(otherAdminOrgStatus));
    const providers = (await call(server.url, '/api/admin/reference/providers', { token: admin.token })).body.data.map((r: any) => r.id);
    assert.ok(!providers.includes(other.navigatorUid));
    // Nor does the product offer it to this organisation.
    const offered = (await call(server.url, '/api/data/reference/reference-status?all-data=1', { token: admin.token })).body.data.map((r: any) => r.id);
    assert.ok(!offered.includes(otherAdminOrgStatus));
  });

  it('an unknown list is 404', async () => {
    assert.deepEqual(errorsOf(await call(server.url, '/api/admin/reference/colours', { token: admin.token }), 404), [{ message: UNKNOWN_LIST }]);
    errorsOf(await call(server.url, '/api/admin/reference/colours', { token: admin.token, body: {}, headers: { 'idempotency-key': key() } }), 404);
  });
});

describe('every list: add, edit, deactivate, reactivate, audited, and what the product offers', () => {
  for (const list of REFERENCE_LIST_NAMES) {
    it(list, async () => {
      const idem = key();
      const created = await call(server.url, `/api/admin/reference/${list}`, { token: admin.token, body: valid(list), headers: { 'idempotency-key': idem } });
      assert.equal(created.status, 201, created.text);
      const row = created.body.data;
      assert.equal(row.attributes.is_active, true);
      assert.equal(row.attributes.shared, false);
      const again = await call(server.url, `/api/admin/reference/${list}`, { token: admin.token, body: valid(list), headers: { 'idempotency-key': idem } });
      assert.equal(again.headers.get('idempotent-replayed'), 'true');
      const label = row.attributes.values[snakeCase(REFERENCE_LISTS[list].labelField)];
      assert.ok((await productLabels(list)).includes(label), `${list}: offered after adding`);
      const [createdEntry] = await audit('CreatedReferenceValue');
      assert.equal(createdEntry.target_label.endsWith(label), true);

      const edited = await call(server.url, `/api/admin/reference/${list}/${row.id}`, { method: 'PUT', token: admin.token, body: valid(list, ' 2') });
      assert.equal(edited.status, 200, edited.text);
      const [updatedEntry] = await audit('UpdatedReferenceValue');
      assert.notDeepEqual(JSON.parse(updatedEntry.before_json), JSON.parse(updatedEntry.after_json));
      const newLabel = `${label} 2`;
      assert.ok((await productLabels(list)).includes(newLabel), `${list}: relabelled`);

      const off = await call(server.url, `/api/admin/reference/${list}/${row.id}/deactivate`, { method: 'POST', token: admin.token });
      assert.equal(off.body.data.attributes.is_active, false, off.text);
      assert.ok(!(await productLabels(list)).includes(newLabel), `${list}: no longer offered once deactivated`);
      const [offEntry] = await audit('DeactivatedReferenceValue');
      assert.deepEqual([JSON.parse(offEntry.before_json).isActive, JSON.parse(offEntry.after_json).isActive], [true, false]);
      const listed = (await call(server.url, `/api/admin/reference/${list}`, { token: admin.token })).body.data.find((r: any) => r.id === row.id);
      assert.equal(listed.attributes.is_active, false, 'still listed for the admin');

      const on = await call(server.url, `/api/admin/reference/${list}/${row.id}/reactivate`, { method: 'POST', token: admin.token });
      assert.equal(on.body.data.attributes.is_active, true);
      assert.ok((await productLabels(list)).includes(newLabel), `${list}: offered again`);
    });
  }
});

describe('the rows the install ships', () => {
  it('every one of every list can be saved as it is (its stored values pass the checks), shared rows marked', async () => {
    for (const list of REFERENCE_LIST_NAMES) {
      const rows = (await call(server.url, `/api/admin/reference/${list}`, { token: admin.token })).body.data;
      assert.ok(rows.length > 0, `${list} has rows`);
      for (const row of rows.slice(0, 15)) {
        const answer = await call(server.url, `/api/admin/reference/${list}/${row.id}`, { method: 'PUT', token: admin.token, body: row.attributes.values });
        assert.equal(answer.status, 200, `${list} ${row.id}: ${answer.text}`);
        assert.deepEqual(answer.body.data.attributes.values, row.attributes.values, `${list}: unchanged`);
      }
    }
    const shared = (await call(server.url, '/api/admin/reference/statuses', { token: admin.token })).body.data.find((r: any) => r.attributes.values.name === 'admitted');
    assert.equal(shared.attributes.shared, true);
  });
});

describe('bad input is refused with field messages', () => {
  const post = (list: string, body: unknown) => call(server.url, `/api/admin/reference/${list}`, { token: admin.token, body, headers: { 'idempotency-key': key() } });

  it('required fields, codes, colours, flags, e-mails and links', async () => {
    assert.deepEqual(fieldErrors(await post('statuses', { label: ' ', name: 'a*b', ref_data_type: 'Episode' })), { label: 'Required', name: 'Use letters, digits, spaces, dots, dashes, underscores or slashes only' });
    assert.deepEqual(fieldErrors(await post('badge-groups', { ...valid('badge-groups'), badge_group_color: 'blue' })), { badge_group_color: 'Use a colour like #0d6efd' });
    assert.deepEqual(fieldErrors(await post('nav-items', { ...valid('nav-items'), feature_flag: ['hasEverything'] })), { 'feature_flag.0': FLAG_TERM_RULE });
    assert.deepEqual(fieldErrors(await post('facilities', { ...valid('facilities'), distribution_lists: [{ name: 'N', email_address: 'nope' }] })), { 'distribution_lists.0.email_address': 'Must be a valid email address' });
    assert.deepEqual(fieldErrors(await post('resources', { ...valid('resources'), resource_link: 'javascript:alert(1)' })), { resource_link: NOT_A_LINK });
    assert.deepEqual(fieldErrors(await post('badges', { ...valid('badges'), badge_group_uid: uuid })), { badge_group_uid: UNKNOWN_ROW });
    assert.deepEqual(fieldErrors(await post('providers', { ...valid('providers'), provider_role_uid: badgeGroup })), { provider_role_uid: UNKNOWN_ROW });
    assert.deepEqual(fieldErrors(await post('statuses', { label: 'x'.repeat(101), name: 'x', ref_data_type: 'Episode' })), { label: 'Must be at most 100 characters' });
    errorsOf(await call(server.url, '/api/admin/reference/statuses', { token: admin.token, body: valid('statuses') }), 400);
  });

  it('a report definition is checked against the report schema, naming the bad member', async () => {
    const bad = { ...definition, charts: definition.charts.map((c, i) => (i === 0 ? { ...c, xAxisColumn: 'no_such_column' } : c)) };
    const errors = fieldErrors(await post('report-configurations', { ...valid('report-configurations', ' bad'), definition: bad }));
    assert.deepEqual(errors, { 'definition.charts.0.x_axis_column': `Unknown column 'no_such_column' for view '${definition.reportView}'` });
    const missing = fieldErrors(await post('report-configurations', { ...valid('report-configurations', ' bad'), definition: { ...definition, reportView: 'patients' } }));
    assert.ok(Object.keys(missing).includes('definition.report_view'), JSON.stringify(missing));
  });

  it('a location a care team member prefers is not removed', async () => {
    const created = await post('providers', valid('providers', ' loc'));
    const provider = created.body.data;
    const [location] = provider.attributes.values.locations;
    const patient = (await server.db.selectFrom('patient').select('patient_uid').executeTakeFirstOrThrow()).patient_uid;
    await server.db.insertInto('provider_patient').values({ provider_uid: provider.id, patient_uid: patient, preferred_location_uid: location.id }).execute();
    const answer = await call(server.url, `/api/admin/reference/providers/${provider.id}`, { method: 'PUT', token: admin.token, body: { ...valid('providers', ' loc'), locations: [] } });
    assert.deepEqual(fieldErrors(answer), { locations: LOCATION_IN_USE });
    const renamed = await call(server.url, `/api/admin/reference/providers/${provider.id}`, {
      method: 'PUT',
      token: admin.token,
      body: { ...valid('providers', ' loc'), locations: [{ ...(valid('providers').locations as any[])[0], id: location.id, provider_location_label: 'Renamed Clinic' }] },
    });
    assert.equal(renamed.status, 200, renamed.text);
    assert.deepEqual(renamed.body.data.attributes.values.locations.map((l: any) => [l.id, l.provider_location_label]), [[location.id, 'Renamed Clinic']]);
    const forged = await call(server.url, `/api/admin/reference/providers/${provider.id}`, { method: 'PUT', token: admin.token, body: { ...valid('providers', ' loc'), locations: [{ ...(valid('providers').locations as any[])[0], id: uuid }] } });
    assert.deepEqual(fieldErrors(forged), { 'locations.0.id': UNKNOWN_ROW });
  });
});

describe('order', () => {
  it('reorders a group of statuses, audited; a partial or foreign list is refused', async () => {
    const rows = (await call(server.url, '/api/admin/reference/statuses', { token: admin.token })).body.data.filter((r: any) => r.attributes.values.ref_data_type === 'Admission');
    assert.ok(rows.length >= 2);
    const reversed = rows.map((r: any) => r.id).reverse();
    const answer = await call(server.url, '/api/admin/reference/statuses/order', { method: 'PUT', token: admin.token, body: { ids: reversed } });
    assert.equal(answer.status, 200, answer.text);
    const labels = (await call(server.url, '/api/data/reference/reference-status?ref_data_type=Admission&all-data=1', { token: admin.token })).body.data.map((r: any) => r.attributes.label);
    assert.deepEqual(labels, rows.map((r: any) => r.attributes.values.label).reverse());
    const [entry] = await audit('ReorderedReferenceList');
    assert.equal(entry.target_label, 'Statuses: Admission');
    assert.deepEqual(fieldErrors(await call(server.url, '/api/admin/reference/statuses/order', { method: 'PUT', token: admin.token, body: { ids: reversed.slice(1) } })), { ids: ORDER_MISMATCH });
    assert.deepEqual(fieldErrors(await call(server.url, '/api/admin/reference/statuses/order', { method: 'PUT', token: admin.token, body: { ids: [] } })), { ids: 'Expected a array with a length between `1` and `500` but received one with a length of `0`' });
    assert.deepEqual(errorsOf(await call(server.url, '/api/admin/reference/facilities/order', { method: 'PUT', token: admin.token, body: { ids: [uuid] } }), 422), [{ message: NOT_ORDERED }]);
  });
});

describe('what a save checks follows the lists at once', () => {
  it('a medical-event status the admin deactivates is refused by the next save, and accepted again once reactivated', async () => {
    const statuses = (await call(server.url, '/api/admin/reference/statuses', { token: admin.token })).body.data;
    const confirmed = statuses.find((r: any) => r.attributes.values.ref_data_type === 'medical_event__drug_overdose' && r.attributes.values.name === 'confirmed');
    assert.ok(confirmed);
    const patient = await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', navigator.session.current_division_uid).orderBy('last_name').executeTakeFirstOrThrow();
    const save = () =>
      call(server.url, '/api/medical-events', {
        token: navigator.token,
        headers: { 'idempotency-key': key() },
        body: overdoseEvent(patient.patient_uid, confirmed.id),
      });
    // Read once, so the type's statuses sit in the server's reference cache.
    assert.equal((await save()).status, 201);
    assert.equal((await call(server.url, `/api/admin/reference/statuses/${confirmed.id}/deactivate`, { method: 'POST', token: admin.token })).status, 200);
    assert.deepEqual(fieldErrors(await save()), { 'data.attributes.status_uid': NOT_LISTED });
    assert.equal((await call(server.url, `/api/admin/reference/statuses/${confirmed.id}/reactivate`, { method: 'POST', token: admin.token })).status, 200);
    assert.equal((await save()).status, 201);
  });
});
