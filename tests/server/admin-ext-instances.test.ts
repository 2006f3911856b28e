import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { ALREADY_REPLACED, LINK_NOT_FOUND } from '../../server/admin/ext-instances.routes';
import { DEMO_EXT_INSTANCE } from '../../server/db/seed/ext';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { call, errorsOf, fieldErrors, login, type LoggedIn } from './support/http';
import { createOtherOrganization } from './support/other-org';

const key = () => `admin-ext-test-${crypto.randomUUID()}`;
const SLUG = /^referral-form-[a-z2-7]{26}$/;

let server: TestServer;
let admin: LoggedIn;
let navigator: LoggedIn;
let franklin: string;
let otherDivision: string;
let otherLink: string;

before(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin');
  navigator = await login(server.url, 'navigator');
  franklin = (await server.db.selectFrom('division').select('division_uid').where('division_name', '=', 'Franklin County Care').executeTakeFirstOrThrow()).division_uid;
  otherDivision = (await createOtherOrganization(server.db)).divisionUid;
  otherLink = 'their-referral-link';
  await server.db.insertInto('external_action_instance').values({ instance_id: otherLink, division_uid: otherDivision, action_type: 'referral-form', payload_definition: '{}' }).execute();
});
after(async () => {
  await server?.stop();
});

const BODY = { label: 'Clinic partners', division_uid: '', action_type: 'referral-form', required_fields: ['reasonUid', 'emailAddress'] };
const body = (over: Record<string, unknown> = {}) => ({ ...BODY, division_uid: franklin, ...over });
const create = (b: unknown = body(), idem = key()) => call(server.url, '/api/admin/ext-instances', { token: admin.token, body: b, headers: { 'idempotency-key': idem } });
const post = (id: string, command: 'rotate' | 'revoke', token = admin.token) => call(server.url, `/api/admin/ext-instances/${id}/${command}`, { method: 'POST', token });
const audit = async (action: string) =>
  (await call(server.url, `/api/data/public/admin-audit?action=${action}&page-size=100`, { token: admin.token })).body.data.map((r: any) => r.attributes);
/** What the public form's first call answers for this link. */
const opens = async (id: string) => (await call(server.url, `/api/ext/${id}/index`)).status;

/** A visitor registers on the link by phone (the texted code read from the outbox). */
async function register(id: string, phone: string): Promise<void> {
  await sql`delete from rate_limit where bucket like 'ext-%'`.execute(server.db);
  const registered = await call(server.url, `/api/ext/${id}/register`, { body: { name: 'Dr. Link', identifier: phone, identifier_type: 'Phone' }, headers: { 'idempotency-key': key() } });
  assert.equal(registered.status, 202, registered.text);
  const sms = await server.db.selectFrom('outbox').select('body').where('recipient', '=', phone).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  const confirmed = await call(server.url, `/api/ext/${id}/register-confirm`, { body: { challenge: /\b(\d{6})\b/.exec(sms.body)![1], identifier: phone }, headers: { 'idempotency-key': key() } });
  assert.equal(confirmed.status, 201, confirmed.text);
}

describe('external link routes: who may call them', () => {
  const ROUTES: [string, string, unknown?][] = [
    ['GET', '/api/admin/ext-instances'],
    ['POST', '/api/admin/ext-instances', BODY],
    ['POST', `/api/admin/ext-instances/${DEMO_EXT_INSTANCE}/rotate`],
    ['POST', `/api/admin/ext-instances/${DEMO_EXT_INSTANCE}/revoke`],
  ];
  for (const [method, path, b] of ROUTES) {
    it(`${method} ${path}: 401 signed out, 403 for a navigator`, async () => {
      errorsOf(await call(server.url, path, { method, body: b }), 401);
      assert.deepEqual(errorsOf(await call(server.url, path, { method, body: b, token: navigator.token }), 403), [{ message: 'You do not have access to this resource' }]);
    });
  }

  it("another organisation's link is 404 and not listed, and stays open; a malformed slug is 404", async () => {
    for (const command of ['rotate', 'revoke'] as const) assert.deepEqual(errorsOf(await post(otherLink, command), 404), [{ message: LINK_NOT_FOUND }]);
    errorsOf(await post('Not A Slug!', 'revoke'), 404);
    const list = await call(server.url, '/api/admin/ext-instances', { token: admin.token });
    assert.equal(list.status, 200, list.text);
    assert.ok(!list.body.data.some((l: any) => l.id === otherLink));
    const demo = list.body.data.find((l: any) => l.id === DEMO_EXT_INSTANCE);
    assert.deepEqual([demo.attributes.label, demo.attributes.state, demo.attributes.required_fields], ['Website referral link', 'active', ['reasonUid']]);
    assert.equal(demo.attributes.url, `http://localhost:${new URL(server.url).port}/ext/${DEMO_EXT_INSTANCE}/referral-form`, "PUBLIC_URL's default");
    assert.equal(await opens(otherLink), 200);
  });
});

describe('external links', () => {
  it('creates a link with an unguessable slug that opens the public form with its required fields; audited; a replay makes no second link', async () => {
    const idem = key();
    const made = await create(body(), idem);
    assert.equal(made.status, 201, made.text);
    const id: string = made.body.data.id;
    assert.match(id, SLUG);
    assert.deepEqual(made.body.data.attributes.division_name, 'Franklin County Care');
    const replay = await create(body(), idem);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.body.data.id, id);
    assert.notEqual((await create()).body.data.id, id, 'each link gets its own slug');

    const index = await call(server.url, `/api/ext/${id}/index`);
    assert.equal(index.status, 200, index.text);
    assert.deepEqual(index.body.data.attributes.payload_definition, { required_fields: ['reasonUid', 'emailAddress'] });
    const [entry] = (await audit('CreatedExternalLink')).filter((e: any) => e.target_label.includes(id));
    assert.equal(entry.target_label, `Clinic partners (${id})`);
  });

  it('refuses invalid links with field messages, and a create without an Idempotency-Key', async () => {
    assert.deepEqual(fieldErrors(await create({ label: '', division_uid: franklin, action_type: 'survey', required_fields: ['firstName'] })), {
      label: 'Required',
      action_type: NOT_LISTED,
      required_fields: NOT_LISTED,
    });
    assert.deepEqual(fieldErrors(await create(body({ label: 'x'.repeat(101), required_fields: ['note', 'note'] }))), { label: 'Must be at most 100 characters', required_fields: 'A field is listed twice' });
    assert.deepEqual(fieldErrors(await create(body({ division_uid: otherDivision }))), { division_uid: NOT_LISTED });
    assert.deepEqual(fieldErrors(await create({ label: 'No division' })), { division_uid: 'Required', action_type: 'Required', required_fields: 'Required' });
    errorsOf(await call(server.url, '/api/admin/ext-instances', { token: admin.token, body: body() }), 400);
    errorsOf(await call(server.url, '/api/admin/ext-instances', { token: admin.token, rawBody: '[1]', headers: { 'idempotency-key': key() } }), 400);
  });

  it('a revoked link no longer opens the public form; revoking twice changes nothing more', async () => {
    const id: string = (await create()).body.data.id;
    assert.equal(await opens(id), 200);
    const revoked = await post(id, 'revoke');
    assert.equal(revoked.status, 200, revoked.text);
    assert.equal(revoked.body.data.attributes.state, 'revoked');
    assert.equal(await opens(id), 404);
    assert.equal((await call(server.url, `/api/ext/${id}/register`, { body: { name: 'A', identifier: '6145550100', identifier_type: 'Phone' }, headers: { 'idempotency-key': key() } })).status, 404);
    const entries = () => audit('RevokedExternalLink').then((all) => all.filter((e: any) => e.target_label.includes(id)));
    assert.equal((await entries()).length, 1);
    assert.equal((await post(id, 'revoke')).body.data.attributes.state, 'revoked');
    assert.equal((await entries()).length, 1, 'a second revoke is not logged again');
  });

  it('a rotated link opens under its new slug and not the old one; registrations keep their link; the old row is marked replaced', async () => {
    const old: string = (await create()).body.data.id;
    await register(old, '6147770150');
    const rotated = await post(old, 'rotate');
    assert.equal(rotated.status, 200, rotated.text);
    const fresh: string = rotated.body.data.id;
    assert.match(fresh, SLUG);
    assert.notEqual(fresh, old);
    assert.deepEqual([rotated.body.data.attributes.label, rotated.body.data.attributes.required_fields, rotated.body.data.attributes.state], ['Clinic partners', ['reasonUid', 'emailAddress'], 'active']);
    assert.equal(await opens(fresh), 200);
    assert.equal(await opens(old), 404);

    const registration = await server.db.selectFrom('external_registration').select('instance_id').where('identifier', '=', '6147770150').executeTakeFirstOrThrow();
    assert.equal(registration.instance_id, old, 'the registration still points at the old link');
    const list = (await call(server.url, '/api/admin/ext-instances', { token: admin.token })).body.data.map((l: any) => l.attributes);
    assert.deepEqual(
      list.filter((l: any) => [old, fresh].includes(l.instance_id)).map((l: any) => [l.instance_id, l.state, l.replaced_by]),
      [[fresh, 'active', null], [old, 'replaced', fresh]],
      'the current link is listed first',
    );
    assert.deepEqual(errorsOf(await post(old, 'rotate'), 422), [{ message: ALREADY_REPLACED }]);
    const [entry] = (await audit('RotatedExternalLink')).filter((e: any) => e.target_label.includes(fresh));
    assert.equal(JSON.parse(entry.before_json).instanceId, old);
  });

  it('rotating a revoked link issues a working one', async () => {
    const id: string = (await create()).body.data.id;
    await post(id, 'revoke');
    const fresh: string = (await post(id, 'rotate')).body.data.id;
    assert.equal(await opens(fresh), 200);
    assert.equal(await opens(id), 404);
  });
});
