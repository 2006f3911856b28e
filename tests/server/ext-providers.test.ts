import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { sql } from 'kysely';
import { ROW_NOT_FOUND } from '../../server/admin/reference-lists';
import { DEMO_EXT_INSTANCE } from '../../server/db/seed/ext';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, errorsOf, fieldErrors, login, type LoggedIn } from './support/http';
import { createOtherOrganization } from './support/other-org';

/**
 * Issue 32 §4: the public referral form offers only the providers an
 * administrator chose ("Offered on Public Forms", provider.public_form_offered),
 * never the organisation's staff by default; the server lists and accepts only
 * those, and only an administrator of the organisation changes the setting.
 */
let server: TestServer;
let admin: LoggedIn;
let navigator: LoggedIn;
let otherAdmin: LoggedIn;
let token: string;

const base = `/api/ext/${DEMO_EXT_INSTANCE}`;
const key = () => `ext-providers-${crypto.randomUUID()}`;
const STAFF = ['Ada Admin', 'Dana Director', 'Nora Navigator'];

before(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin');
  navigator = await login(server.url, 'navigator');
  // An administrator of another organisation.
  const other = await createOtherOrganization(server.db, 'other-org-admin');
  await sql`update user_division set permissions = permissions || '{navigatorAdmin}'::text[] where division_uid = ${other.divisionUid}`.execute(server.db);
  otherAdmin = await login(server.url, other.userName);

  const phone = '6147771999';
  const registered = await call(server.url, `${base}/register`, { body: { name: 'Dr. Offer Test', identifier: phone, identifier_type: 'Phone' }, headers: { 'idempotency-key': key() } });
  assert.equal(registered.status, 202, registered.text);
  const sms = await server.db.selectFrom('outbox').select('body').where('recipient', '=', phone).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  const confirmed = await call(server.url, `${base}/register-confirm`, { body: { challenge: /\b(\d{6})\b/.exec(sms.body)![1], identifier: phone }, headers: { 'idempotency-key': key() } });
  assert.equal(confirmed.status, 201, confirmed.text);
  token = confirmed.body.data.attributes.registration_token;
});
after(async () => {
  await server?.stop();
});
beforeEach(async () => {
  await sql`delete from rate_limit where bucket like 'ext-%'`.execute(server.db);
});

const headers = () => ({ 'x-registration-token': token });
const offeredNames = async (): Promise<string[]> => {
  const answer = await call(server.url, `${base}/providers`, { headers: headers() });
  assert.equal(answer.status, 200, answer.text);
  return answer.body.data.map((p: any) => p.attributes.display_name);
};
const providerUid = async (name: string) => (await server.db.selectFrom('provider').select('provider_uid').where('display_name', '=', name).executeTakeFirstOrThrow()).provider_uid;
const reasonUid = async () => (await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-reason').where('label', '=', 'Housing').executeTakeFirstOrThrow()).uid;

async function referral(overrides: Record<string, unknown>) {
  const body = {
    requested_by: 'Provider',
    first_name: 'Octavia',
    last_name: `Offerton${crypto.randomUUID().slice(0, 6)}`,
    birth_date: '1988-02-03',
    preferred_phone_number: 'mobileNumber',
    mobile_number: '6145550150',
    reason_uid: await reasonUid(),
    ...overrides,
  };
  return call(server.url, base, { body, headers: { ...headers(), 'idempotency-key': key() } });
}

/** The admin's body for a provider: its values as listed, with `change` applied. */
async function providerBody(as: LoggedIn, uid: string, change: Record<string, unknown>) {
  const row = await call(server.url, `/api/admin/reference/providers/${uid}`, { token: as.token });
  assert.equal(row.status, 200, row.text);
  return { ...row.body.data.attributes.values, ...change };
}
const setOffered = async (as: LoggedIn, uid: string, offered: boolean) =>
  call(server.url, `/api/admin/reference/providers/${uid}`, { method: 'PUT', token: as.token, body: await providerBody(admin, uid, { public_form_offered: offered }) });

describe('the providers a public form offers', () => {
  it('lists the seeded outside clinicians with their practice, never the staff (off by default)', async () => {
    const names = await offeredNames();
    for (const name of ['Alicia Moreno, MD', 'Samuel Okafor, DO', 'Daniel Kim, MD', 'Rebecca Stein, LISW-S', 'Monique Carter, LPCC-S', 'Dr. Priya Raman', 'Marcus Bell, LPCC']) assert.ok(names.includes(name), `${name} in ${names}`);
    for (const name of STAFF) assert.ok(!names.includes(name), `${name} is staff`);
    assert.deepEqual(names, [...names].sort((a, b) => a.localeCompare(b)), 'by name');
    const answer = await call(server.url, `${base}/providers`, { headers: headers() });
    const moreno = answer.body.data.find((p: any) => p.attributes.display_name === 'Alicia Moreno, MD').attributes;
    assert.equal(moreno.location_label, 'Linden Family Practice');
    assert.equal(moreno.provider_role_label, 'Physician');
    const staff = await server.db.selectFrom('provider').select(['display_name', 'public_form_offered']).where('user_uid', 'is not', null).execute();
    assert.ok(staff.length >= 3 && staff.every((p) => p.public_form_offered === false), JSON.stringify(staff));
  });

  it('a submission naming a provider not offered (staff, deactivated, another organisation\'s) is a 422 on that field', async () => {
    const nora = await providerUid('Nora Navigator');
    assert.deepEqual(fieldErrors(await referral({ from_provider_uid: nora })), { from_provider_uid: 'Must be one of the options' });
    assert.deepEqual(fieldErrors(await referral({ from_provider_uid: await providerUid('Alicia Moreno, MD'), to_provider_uid: nora })), { to_provider_uid: 'Must be one of the options' });
    const olive = await providerUid('Olive Other');
    await server.db.updateTable('provider').set({ public_form_offered: true }).where('provider_uid', '=', olive).execute();
    assert.deepEqual(fieldErrors(await referral({ from_provider_uid: olive })), { from_provider_uid: 'Must be one of the options' });

    const kim = await providerUid('Daniel Kim, MD');
    await server.db.updateTable('provider').set({ is_active: false }).where('provider_uid', '=', kim).execute();
    try {
      assert.ok(!(await offeredNames()).includes('Daniel Kim, MD'), 'a deactivated provider is not listed');
      assert.deepEqual(fieldErrors(await referral({ from_provider_uid: kim })), { from_provider_uid: 'Must be one of the options' });
    } finally {
      await server.db.updateTable('provider').set({ is_active: true }).where('provider_uid', '=', kim).execute();
    }
    const accepted = await referral({ from_provider_uid: kim, to_provider_uid: await providerUid('Marcus Bell, LPCC') });
    assert.equal(accepted.status, 201, accepted.text);
  });

  it('a provider a visitor adds ("I don\'t see me, add me") is not offered to the next visitor', async () => {
    const role = (await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-provider-role').where('label', '=', 'Counselor').executeTakeFirstOrThrow()).uid;
    const added = await referral({
      from_provider_uid: 'new',
      from_provider_first_name: 'Perpetua',
      from_provider_last_name: 'Addington',
      from_provider_role_uid: role,
      from_provider_phone: '6145550160',
      from_provider_email: 'perpetua@clinic.test',
    });
    assert.equal(added.status, 201, added.text);
    const made = await server.db.selectFrom('provider').select(['provider_uid', 'public_form_offered']).where('last_name', '=', 'Addington').executeTakeFirstOrThrow();
    assert.equal(made.public_form_offered, false);
    assert.ok(!(await offeredNames()).includes('Perpetua Addington'));
    assert.deepEqual(fieldErrors(await referral({ from_provider_uid: made.provider_uid })), { from_provider_uid: 'Must be one of the options' });
  });
});

describe('"Offered on Public Forms": the administrator\'s setting', () => {
  it('an administrator offers a staff member: listed and accepted; taken back: neither; each change audited', async () => {
    const dana = await providerUid('Dana Director');
    const listed = (await call(server.url, '/api/admin/reference/providers', { token: admin.token })).body.data.find((r: any) => r.id === dana).attributes;
    assert.equal(listed.values.public_form_offered, false, 'the admin list shows the setting');

    const on = await setOffered(admin, dana, true);
    assert.equal(on.status, 200, on.text);
    assert.equal(on.body.data.attributes.values.public_form_offered, true);
    assert.ok((await offeredNames()).includes('Dana Director'));
    assert.equal((await referral({ from_provider_uid: dana })).status, 201);

    // A body without the setting (an older client) keeps it.
    const { public_form_offered: _omitted, ...rest } = await providerBody(admin, dana, {});
    const kept = await call(server.url, `/api/admin/reference/providers/${dana}`, { method: 'PUT', token: admin.token, body: { ...rest, npi_number: '1112223334' } });
    assert.equal(kept.status, 200, kept.text);
    assert.equal(kept.body.data.attributes.values.public_form_offered, true);

    const off = await setOffered(admin, dana, false);
    assert.equal(off.status, 200, off.text);
    assert.ok(!(await offeredNames()).includes('Dana Director'));
    assert.deepEqual(fieldErrors(await referral({ from_provider_uid: dana })), { from_provider_uid: 'Must be one of the options' });

    const log = (await call(server.url, '/api/data/public/admin-audit?action=UpdatedReferenceValue&sort=-created_at&page-size=100', { token: admin.token })).body.data
      .map((r: any) => r.attributes)
      .filter((a: any) => a.target_label === 'Provider: Dana Director');
    const flips = log.map((a: any) => [JSON.parse(a.before_json).publicFormOffered, JSON.parse(a.after_json).publicFormOffered]);
    assert.equal(log.length, 3, JSON.stringify(log));
    assert.deepEqual(flips.at(-1), [false, true], JSON.stringify(log.at(-1)));
    assert.deepEqual(flips[0], [true, false]);
  });

  it('only a navigatorAdmin of the organisation changes it: 401 signed out, 403 for a navigator, 404 for another organisation\'s admin', async () => {
    const nora = await providerUid('Nora Navigator');
    const body = await providerBody(admin, nora, { public_form_offered: true });
    const path = `/api/admin/reference/providers/${nora}`;
    errorsOf(await call(server.url, path, { method: 'PUT', body }), 401);
    errorsOf(await call(server.url, path, { method: 'PUT', body, token: navigator.token }), 403);
    assert.deepEqual(errorsOf(await call(server.url, path, { method: 'PUT', body, token: otherAdmin.token }), 404), [{ message: ROW_NOT_FOUND }]);
    const stored = await server.db.selectFrom('provider').select('public_form_offered').where('provider_uid', '=', nora).executeTakeFirstOrThrow();
    assert.equal(stored.public_form_offered, false, 'unchanged');
    assert.ok(!(await offeredNames()).includes('Nora Navigator'));
  });

  it('a provider the administrator adds is off unless chosen; a non-boolean is a 422', async () => {
    const role = (await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-provider-role').where('label', '=', 'Physician').executeTakeFirstOrThrow()).uid;
    const body = { display_name: 'Harriet Vance, MD', first_name: 'Harriet', last_name: 'Vance', provider_role_uid: role, npi_number: '', work_phone: '', mobile_number: '', email_address: '', locations: [] };
    const created = await call(server.url, '/api/admin/reference/providers', { token: admin.token, body, headers: { 'idempotency-key': key() } });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.data.attributes.values.public_form_offered, false);
    const chosen = await call(server.url, '/api/admin/reference/providers', { token: admin.token, body: { ...body, display_name: 'Ivo Lund, DO', public_form_offered: true }, headers: { 'idempotency-key': key() } });
    assert.equal(chosen.status, 201, chosen.text);
    const names = await offeredNames();
    assert.ok(names.includes('Ivo Lund, DO') && !names.includes('Harriet Vance, MD'), String(names));
    assert.deepEqual(Object.keys(fieldErrors(await call(server.url, '/api/admin/reference/providers', { token: admin.token, body: { ...body, public_form_offered: 'yes' }, headers: { 'idempotency-key': key() } }))), ['public_form_offered']);
  });
});
