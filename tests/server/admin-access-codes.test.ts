import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CODE_HOLDERS } from '../../server/admin/access-codes.routes';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { OFFICER_TWICE, STATE_RULE } from '../../shared/schemas/admin';
import { call, errorsOf, fieldErrors, login, type LoggedIn } from './support/http';
import { createOtherOrganization, type OtherOrganization } from './support/other-org';

const key = () => `admin-codes-test-${crypto.randomUUID()}`;
const uuid = '00000000-0000-0000-0000-000000000000';
const CODE = /^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/;

let server: TestServer;
let admin: LoggedIn;
let navigator: LoggedIn;
let franklin: string;
let other: OtherOrganization;
let otherAgency: string;

before(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin');
  navigator = await login(server.url, 'navigator');
  franklin = (await server.db.selectFrom('division').select('division_uid').where('division_name', '=', 'Franklin County Care').executeTakeFirstOrThrow()).division_uid;
  other = await createOtherOrganization(server.db);
  otherAgency = (await server.db.insertInto('hwc_agency').values({ agency_name: 'Their District', code_hash: 'x', org_uid: other.orgUid, division_uid: other.divisionUid }).returning('agency_uid').executeTakeFirstOrThrow()).agency_uid;
});
after(async () => {
  await server?.stop();
});

const BODIES = {
  'cit-agencies': { name: 'Westside Police', division_uid: '', state_iso: 'OH', officers: ['Officer Vega', 'Officer Park'] },
  'hwc-agencies': { name: 'Westside Schools', division_uid: '' },
  'b2w-vendors': { name: 'Westside Foods' },
} as const;
const body = (kind: keyof typeof BODIES, division = franklin) => ({ ...BODIES[kind], ...('division_uid' in BODIES[kind] ? { division_uid: division } : {}) });

const create = async (kind: keyof typeof BODIES, idem = key()) => call(server.url, `/api/admin/${kind}`, { token: admin.token, body: body(kind), headers: { 'idempotency-key': idem } });
const audit = async (action: string) =>
  (await call(server.url, `/api/data/public/admin-audit?action=${action}&page-size=100`, { token: admin.token })).body.data.map((r: any) => r.attributes);

/** Whether a public form takes the code now. */
const works = {
  'cit-agencies': async (code: string) => (await call(server.url, '/api/cit/oh/identify', { body: { code, officer_name: 'officer vega' } })).status === 200,
  'hwc-agencies': async (code: string) => (await call(server.url, '/api/handle_with_care/context', { headers: { authorization: code } })).status === 200,
  'b2w-vendors': async (code: string) => (await call(server.url, `/api/b2w/vendor?vendor_code=${encodeURIComponent(code)}`)).status === 200,
};

describe('access code routes: who may call them', () => {
  for (const kind of Object.keys(CODE_HOLDERS) as (keyof typeof BODIES)[]) {
    const ROUTES: [string, string, unknown?][] = [
      ['GET', `/api/admin/${kind}`],
      ['POST', `/api/admin/${kind}`, body(kind, uuid)],
      ['PUT', `/api/admin/${kind}/${uuid}`, body(kind, uuid)],
      ['POST', `/api/admin/${kind}/${uuid}/rotate`],
      ['POST', `/api/admin/${kind}/${uuid}/revoke`],
    ];
    for (const [method, path, b] of ROUTES) {
      it(`${method} ${path}: 401 signed out, 403 for a navigator`, async () => {
        errorsOf(await call(server.url, path, { method, body: b }), 401);
        assert.deepEqual(errorsOf(await call(server.url, path, { method, body: b, token: navigator.token }), 403), [{ message: 'You do not have access to this resource' }]);
      });
    }
  }

  it("another organisation's district is 404 on every route, and absent from the list", async () => {
    for (const [method, suffix, b] of [['PUT', '', body('hwc-agencies')], ['POST', '/rotate'], ['POST', '/revoke']] as const) {
      assert.deepEqual(errorsOf(await call(server.url, `/api/admin/hwc-agencies/${otherAgency}${suffix}`, { method, body: b, token: admin.token }), 404), [{ message: 'District not found' }]);
    }
    errorsOf(await call(server.url, '/api/admin/cit-agencies/not-a-uuid/rotate', { method: 'POST', token: admin.token }), 404);
    const list = await call(server.url, '/api/admin/hwc-agencies', { token: admin.token });
    assert.ok(!list.body.data.some((h: any) => h.id === otherAgency));
    assert.ok(list.body.data.some((h: any) => h.attributes.name === 'Franklin County School District'), 'the seeded districts are listed');
  });
});

describe('access codes', () => {
  for (const kind of Object.keys(CODE_HOLDERS) as (keyof typeof BODIES)[]) {
    it(`${kind}: the code is shown once and works; a rotation kills the old one; revoking kills it; all audited without the code`, async () => {
      const idem = key();
      const made = await create(kind, idem);
      assert.equal(made.status, 201, made.text);
      const code: string = made.body.meta.code;
      assert.match(code, CODE);
      const replay = await create(kind, idem);
      assert.equal(replay.headers.get('idempotent-replayed'), 'true');
      assert.equal(replay.body.meta, undefined, 'a replay does not show the code again');
      assert.equal(JSON.stringify(await server.db.selectFrom('idempotent_request').select('body').execute()).includes(code), false, 'the stored answer has no code');
      assert.equal(await works[kind](code), true);
      assert.equal(await works[kind](code.toLowerCase()), true, 'codes are compared without case');

      const id = made.body.data.id;
      const rotated = await call(server.url, `/api/admin/${kind}/${id}/rotate`, { method: 'POST', token: admin.token });
      assert.equal(rotated.status, 200, rotated.text);
      const fresh: string = rotated.body.meta.code;
      assert.notEqual(fresh, code);
      assert.equal(await works[kind](code), false, 'the old code stopped working');
      assert.equal(await works[kind](fresh), true);

      const revoked = await call(server.url, `/api/admin/${kind}/${id}/revoke`, { method: 'POST', token: admin.token });
      assert.equal(revoked.body.data.attributes.is_active, false);
      assert.equal(await works[kind](fresh), false, 'a revoked code stopped working');

      const entries = [...(await audit('CreatedCodeHolder')), ...(await audit('RotatedCode')), ...(await audit('RevokedCode'))];
      assert.ok(entries.some((e: any) => e.target_type === CODE_HOLDERS[kind].targetType));
      assert.equal(JSON.stringify(entries).includes(code) || JSON.stringify(entries).includes(fresh), false, 'no code in the audit log');
    });
  }

  it('edits a CIT agency and its officers, audited', async () => {
    const made = await create('cit-agencies');
    const edited = await call(server.url, `/api/admin/cit-agencies/${made.body.data.id}`, { method: 'PUT', token: admin.token, body: { ...body('cit-agencies'), name: 'Westside PD', officers: ['Officer  Lane'] } });
    assert.equal(edited.status, 200, edited.text);
    assert.deepEqual([edited.body.data.attributes.name, edited.body.data.attributes.officers], ['Westside PD', ['Officer Lane']]);
    assert.equal((await call(server.url, '/api/cit/oh/identify', { body: { code: made.body.meta.code, officer_name: 'officer lane' } })).status, 200);
    assert.equal((await call(server.url, '/api/cit/oh/identify', { body: { code: made.body.meta.code, officer_name: 'officer vega' } })).status === 200, false, 'a removed officer no longer identifies');
    const [entry] = await audit('UpdatedCodeHolder');
    assert.deepEqual(JSON.parse(entry.before_json).officers, ['Officer Park', 'Officer Vega']);
  });

  it('refuses invalid holders with field messages', async () => {
    const post = (kind: string, b: unknown) => call(server.url, `/api/admin/${kind}`, { token: admin.token, body: b, headers: { 'idempotency-key': key() } });
    assert.deepEqual(fieldErrors(await post('cit-agencies', { name: '', division_uid: franklin, state_iso: 'Ohio', officers: [] })), { name: 'Required', state_iso: STATE_RULE, officers: 'Add at least one officer' });
    assert.deepEqual(fieldErrors(await post('cit-agencies', { ...body('cit-agencies'), officers: ['Ann Lee', 'ann  lee'] })), { officers: OFFICER_TWICE });
    assert.deepEqual(fieldErrors(await post('hwc-agencies', body('hwc-agencies', other.divisionUid))), { division_uid: 'Must be one of the listed options' });
    assert.deepEqual(fieldErrors(await post('b2w-vendors', { name: 'x'.repeat(101) })), { name: 'Must be at most 100 characters' });
    errorsOf(await call(server.url, '/api/admin/b2w-vendors', { token: admin.token, body: body('b2w-vendors') }), 400);
  });
});
