import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { SUPPORT_ISSUE_TYPES } from '../../shared/schemas/support';
import { SUPPORT_LIMIT } from '../../server/support/support.routes';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, errorsOf } from './support/http';

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
