import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { PHONE_DIGITS } from '../../shared/schemas/strings';
import { DEMO_SUPPORT_PHONE, SUPPORT_ISSUE_TYPES } from '../../shared/schemas/support';
import { insertOrganization } from '../../server/admin/admin.repository';
import { SUPPORT_LIMIT } from '../../server/support/support.routes';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, errorsOf, fieldErrors, login } from './support/http';
import { createOtherOrganization } from './support/other-org';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server?.stop();
});

let n = 0;
const key = () => `support-test-key-${process.pid}-${++n}-${Date.now()}`;
const submit = (data: Record<string, unknown>, idempotencyKey: string | null = key()) =>
  call(server.url, '/api/support-request/submit', { body: { data }, headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {} });
const valid = { user_email: 'pat.jones@example.test', issue_type: 'Login Assistance', comment: 'I cannot sign in since this morning.' };
const stored = (email: string) => server.db.selectFrom('support_request').selectAll().where('user_email', '=', email).execute();

describe('POST /api/support-request/submit', () => {
  beforeEach(async () => {
    await server.db.deleteFrom('rate_limit').where('bucket', 'like', `${SUPPORT_LIMIT.name}:%`).execute();
  });

  it('stores a valid request and e-mails it to the support address through the outbox, in one go', async () => {
    const answer = await submit({ ...valid, user_email: 'first@example.test' });
    assert.equal(answer.status, 201, answer.text);
    assert.equal(answer.body.data.type, 'support-request');
    assert.equal(answer.body.data.attributes.issue_type, 'Login Assistance');
    const rows = await stored('first@example.test');
    assert.equal(rows.length, 1);
    assert.equal(rows[0].comment, valid.comment);
    const mail = await server.db.selectFrom('outbox').selectAll().where('body', 'like', `%${rows[0].support_request_uid}%`).execute();
    assert.equal(mail.length, 1);
    assert.equal(mail[0].channel, 'email');
    assert.equal(mail[0].recipient, 'support@careweave.local');
    assert.equal(mail[0].subject, 'Support request: Login Assistance');
    assert.match(mail[0].body, /From: first@example\.test/);
    assert.match(mail[0].body, /I cannot sign in/);
    await server.outbox.runOnce();
    const page = await (await fetch(`${server.url}/demo/outbox`)).text();
    assert.match(page, /Support request: Login Assistance/);
  });

  it('accepts each of the five issue types and nothing else', async () => {
    for (const type of SUPPORT_ISSUE_TYPES) assert.equal((await submit({ ...valid, user_email: 'types@example.test', issue_type: type })).status, 201);
    assert.deepEqual(errorsOf(await submit({ ...valid, issue_type: 'Billing' }), 422), [{ field: 'data.issue_type', message: 'Must be one of the listed issue types' }]);
  });

  it('refuses each invalid case with a field error', async () => {
    assert.deepEqual(errorsOf(await submit({ ...valid, user_email: '' }), 422), [{ field: 'data.user_email', message: 'Required' }]);
    assert.deepEqual(errorsOf(await submit({ ...valid, user_email: 'not-an-email' }), 422), [{ field: 'data.user_email', message: 'Must be a valid email address' }]);
    assert.deepEqual(errorsOf(await submit({ ...valid, issue_type: '' }), 422), [{ field: 'data.issue_type', message: 'Required' }]);
    assert.deepEqual(errorsOf(await submit({ ...valid, comment: '   ' }), 422), [{ field: 'data.comment', message: 'Required' }]);
    const all = errorsOf(await submit({}), 422);
    assert.deepEqual(all.map((e) => e.field).sort(), ['data.comment', 'data.issue_type', 'data.user_email']);
    errorsOf(await call(server.url, '/api/support-request/submit', { body: valid, headers: { 'idempotency-key': key() } }), 422);
    assert.equal((await stored('pat.jones@example.test')).length, 0);
  });

  it('needs an Idempotency-Key, and a double submit stores one record and one e-mail', async () => {
    errorsOf(await submit(valid, null), 400);
    const k = key();
    const [a, b] = await Promise.all([submit({ ...valid, user_email: 'double@example.test' }, k), submit({ ...valid, user_email: 'double@example.test' }, k)]);
    assert.deepEqual([a.status, b.status], [201, 201]);
    assert.equal(a.body.data.id, b.body.data.id);
    assert.equal((await stored('double@example.test')).length, 1);
    const mail = await server.db.selectFrom('outbox').select('outbox_uid').where('body', 'like', '%From: double@example.test%').execute();
    assert.equal(mail.length, 1);
  });

  it('limits requests per sender with a clear 429', async () => {
    for (let i = 0; i < SUPPORT_LIMIT.perValue; i++) assert.equal((await submit({ ...valid, user_email: 'flood@example.test' })).status, 201);
    const refused = errorsOf(await submit({ ...valid, user_email: 'flood@example.test' }), 429);
    assert.match(refused[0].message, /^Too many attempts\. Please wait \d+ minutes and try again\.$/);
    assert.equal((await stored('flood@example.test')).length, SUPPORT_LIMIT.perValue);
  });

  it('needs no session', async () => {
    assert.equal((await submit({ ...valid, user_email: 'nosession@example.test' })).status, 201);
  });
});

describe('GET /api/support/contact: the urgent line from the organisation\'s settings (issue 33)', () => {
  const DEMO_DIGITS = DEMO_SUPPORT_PHONE.replace(/\D/g, '');
  const contact = async (token?: string) => {
    const answer = await call(server.url, '/api/support/contact', { token });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.data.type, 'support-contact');
    assert.equal(answer.body.data.id, 'current');
    assert.deepEqual(Object.keys(answer.body.data.attributes), ['support_phone']);
    return answer.body.data.attributes.support_phone as string | null;
  };
  const demoOrg = async () => (await server.db.selectFrom('division').select('org_uid').where('division_name', '=', 'Franklin County Care').executeTakeFirstOrThrow()).org_uid;
  const setPhone = (orgUid: string, phone: string | null) => server.db.updateTable('organization').set({ support_phone: phone }).where('org_uid', '=', orgUid).execute();

  it('needs no session: with one organisation, the demo seed\'s number (as digits)', async () => {
    assert.equal((await server.db.selectFrom('organization').select('org_uid').execute()).length, 1);
    assert.equal(await contact(), DEMO_DIGITS);
  });

  it('none when the only organisation has none', async () => {
    const org = await demoOrg();
    await setPhone(org, null);
    try {
      assert.equal(await contact(), null);
    } finally {
      await setPhone(org, DEMO_DIGITS);
    }
  });

  it('the admin saves a valid number (audited, read back by the same GET) and a bad one is a 422 on the field, nothing changed', async () => {
    const admin = await login(server.url, 'admin');
    const put = (support_phone: unknown) => call(server.url, '/api/admin/organization', { method: 'PUT', token: admin.token, body: { org_name: 'Careweave Demo Health', support_phone } });
    const saved = await put('6145550100');
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.body.data.attributes.support_phone, '6145550100');
    assert.equal((await call(server.url, '/api/admin/organization', { token: admin.token })).body.data.attributes.support_phone, '6145550100');
    const log = await call(server.url, '/api/data/public/admin-audit?action=UpdatedOrganization&page-size=100', { token: admin.token });
    const entry = log.body.data[0].attributes;
    assert.deepEqual([JSON.parse(entry.before_json).supportPhone, JSON.parse(entry.after_json).supportPhone], [DEMO_DIGITS, '6145550100']);
    assert.equal(await contact(), '6145550100');
    for (const bad of ['555-0100', '(614) 555-0100', '614555010', '1'.repeat(16), 'x'.repeat(5000)]) {
      assert.deepEqual(fieldErrors(await put(bad)), { support_phone: PHONE_DIGITS }, bad);
    }
    assert.equal(await contact(), '6145550100');
    // Left out: unchanged and not in the audit; empty: none.
    assert.equal((await call(server.url, '/api/admin/organization', { method: 'PUT', token: admin.token, body: { org_name: 'Careweave Demo Health' } })).body.data.attributes.support_phone, '6145550100');
    assert.equal((await put('')).body.data.attributes.support_phone, null);
    assert.equal(await contact(), null);
    assert.equal((await put(DEMO_DIGITS)).body.data.attributes.support_phone, DEMO_DIGITS);
  });

  it('with two organisations: a signed-in caller gets their own organisation\'s number; an anonymous caller none when both set one', async () => {
    const other = await createOtherOrganization(server.db, 'support-contact-other');
    const navigator = await login(server.url, 'navigator');
    const elsewhere = await login(server.url, other.userName);
    // Only the demo organisation has one: still the install's number.
    assert.equal(await contact(), DEMO_DIGITS);
    assert.equal(await contact(elsewhere.token), null, 'never another organisation\'s number');
    await setPhone(other.orgUid, '3305550123');
    assert.equal(await contact(), null, 'two organisations with a number: none for an anonymous caller');
    assert.equal(await contact(navigator.token), DEMO_DIGITS);
    assert.equal(await contact(elsewhere.token), '3305550123');
    // By the session cookie too (the shell's /support page).
    assert.equal((await call(server.url, '/api/support/contact', { cookie: elsewhere.cookie })).body.data.attributes.support_phone, '3305550123');
    await setPhone(await demoOrg(), null);
    assert.equal(await contact(), '3305550123', 'the one number set on the install');
    assert.equal(await contact(navigator.token), null, 'the caller\'s organisation has none');
  });
});

describe('GET /api/support/contact on an install without the demo (DEMO_SEED=0)', () => {
  let empty: TestServer;
  before(async () => {
    empty = await startTestServer({ DEMO_SEED: '0' });
  });
  after(async () => {
    await empty?.stop();
  });

  it('has no number', async () => {
    assert.equal(await call(empty.url, '/api/support/contact').then((a) => a.body.data.attributes.support_phone), null, 'no organisation yet');
    // The first organisation, as `npm run admin -- create-user` makes it.
    await insertOrganization(empty.db, 'Franklin County', 'Franklin County');
    const answer = await call(empty.url, '/api/support/contact');
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body.data, { type: 'support-contact', id: 'current', attributes: { support_phone: null } });
  });
});
