import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { exportJWK } from 'jose';
import { COMMAND_ACTOR } from '../../server/admin/admin-audit';
import { FHIR_CLIENT_NOT_FOUND } from '../../server/admin/fhir-clients.routes';
import { createFhirClient } from '../../server/fhir/fhir-clients.repository';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { CHOOSE_A_DIVISION, JWKS_RULE, JWKS_URL_RULE, ONE_KEY_SOURCE, SYSTEM_SCOPE_RULE, TOO_MANY_SCOPES } from '../../shared/schemas/fhir-clients';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { clientAssertion, fhirGet, makeFhirKeys, requestToken, type TestFhirClient } from './support/fhir-client';
import { call, errorsOf, fieldErrors, login, type LoggedIn } from './support/http';
import { itRefusesAllButAdmins } from './support/admin-routes';
import { createOtherOrganization, type OtherOrganization } from './support/other-org';

/**
 * Issue 35 section 2, the administrator's side: Admin → Organization → FHIR
 * Clients registers and edits SMART Backend Services clients as
 * `npm run admin -- add-fhir-client` does, and turning one off ends its
 * tokens at once.
 */

const key = () => `admin-fhir-client-test-${crypto.randomUUID()}`;
const uuid = '00000000-0000-0000-0000-000000000000';

let server: TestServer;
let admin: LoggedIn;
let navigator: LoggedIn;
let orgUid: string;
let franklin: string;
let summit: string;
let other: OtherOrganization;
let otherClient: string;
let keys: TestFhirClient;

const client = (extra: Record<string, unknown> = {}) => ({
  name: 'County Hospital EHR',
  jwks_url: '',
  jwks: JSON.stringify(keys.jwks),
  scopes: 'system/Patient.rs system/Condition.rs',
  division_uids: [franklin, summit],
  is_active: true,
  ...extra,
});

const create = (body: unknown, token = admin.token, idem = key()) => call(server.url, '/api/admin/fhir-clients', { token, body, headers: { 'idempotency-key': idem } });
const update = (id: string, body: unknown, token = admin.token) => call(server.url, `/api/admin/fhir-clients/${id}`, { method: 'PUT', token, body });
const list = () => call(server.url, '/api/admin/fhir-clients', { token: admin.token });
const audit = async (action: string) =>
  (await call(server.url, `/api/data/public/admin-audit?action=${action}&page-size=100`, { token: admin.token })).body.data.map((r: any) => r.attributes);
const divisionOf = async (name: string) => server.db.selectFrom('division').select(['division_uid', 'org_uid']).where('division_name', '=', name).executeTakeFirstOrThrow();
const storedRow = (id: string) => server.db.selectFrom('fhir_client').selectAll().where('client_id', '=', id).executeTakeFirstOrThrow();

before(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin');
  navigator = await login(server.url, 'navigator');
  const f = await divisionOf('Franklin County Care');
  [franklin, orgUid] = [f.division_uid, f.org_uid];
  summit = (await divisionOf('Summit County Care')).division_uid;
  other = await createOtherOrganization(server.db);
  keys = await makeFhirKeys('ES384');
  const theirs = await server.db
    .transaction()
    .execute((trx) => createFhirClient(trx, COMMAND_ACTOR, other.orgUid, { name: 'Elsewhere EHR', jwksUrl: 'https://ehr.elsewhere.test/jwks.json', scopes: ['system/Patient.rs'], divisionUids: [other.divisionUid] }));
  otherClient = theirs.clientId;
});
after(async () => {
  await server?.stop();
});

describe('FHIR client admin routes: who may call them', () => {
  itRefusesAllButAdmins(
    [
      ['GET', '/api/admin/fhir-clients'],
      ['POST', '/api/admin/fhir-clients', { name: 'X' }],
      ['PUT', `/api/admin/fhir-clients/${uuid}`, { name: 'X' }],
    ],
    () => ({ url: server.url, navigator }),
  );

  it("lists the admin's organisation's clients only, with the token URL and FHIR base URL; another organisation's is a 404", async () => {
    const answer = await list();
    assert.equal(answer.status, 200, answer.text);
    assert.ok(!answer.body.data.some((c: any) => c.id === otherClient || c.attributes.display_name === 'Elsewhere EHR'), answer.text);
    assert.match(answer.body.meta.token_url, /^http:\/\/localhost:\d+\/oauth\/token$/);
    assert.equal(answer.body.meta.fhir_base, answer.body.meta.token_url.replace(/\/oauth\/token$/, '/fhir'));
    const smart = (await (await fetch(`${server.url}/fhir/.well-known/smart-configuration`)).json()) as { token_endpoint: string };
    assert.equal(answer.body.meta.token_url, smart.token_endpoint, 'the token URL a client finds in the SMART configuration');

    assert.deepEqual(errorsOf(await update(otherClient, client({ division_uids: [other.divisionUid] })), 404), [{ message: FHIR_CLIENT_NOT_FOUND }]);
    errorsOf(await update('not-a-uuid', client()), 404);
    errorsOf(await update(uuid, client()), 404);
    const theirs = await storedRow(otherClient);
    assert.deepEqual([theirs.display_name, theirs.is_active], ['Elsewhere EHR', true]);
  });
});

describe('FHIR clients', () => {
  let clientId: string;

  it('registers a client with a pasted JWKS, audited, with a service user of its own; once per Idempotency-Key', async () => {
    const idem = key();
    const answer = await create(client(), admin.token, idem);
    assert.equal(answer.status, 201, answer.text);
    clientId = answer.body.data.id;
    assert.equal(answer.body.data.type, 'fhir-clients');
    const view = answer.body.data.attributes;
    assert.deepEqual(
      { ...view, jwks: JSON.parse(view.jwks) },
      {
        client_id: clientId,
        display_name: 'County Hospital EHR',
        jwks_url: null,
        jwks: keys.jwks,
        scopes: ['system/Patient.rs', 'system/Condition.rs'],
        division_uids: [franklin, summit],
        division_names: ['Franklin County Care', 'Summit County Care'],
        is_active: true,
      },
    );
    const stored = await storedRow(clientId);
    assert.deepEqual([stored.org_uid, stored.jwks_url, stored.jwks, stored.is_active], [orgUid, null, keys.jwks, true]);
    const user = await server.db.selectFrom('app_user').select(['display_name', 'user_name', 'password_hash']).where('user_uid', '=', stored.user_uid).executeTakeFirstOrThrow();
    assert.deepEqual(user, { display_name: 'County Hospital EHR', user_name: `fhir-client:${clientId}`, password_hash: null });

    const replay = await create(client(), admin.token, idem);
    assert.equal(replay.status, 201);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.body.data.id, clientId);
    assert.equal((await server.db.selectFrom('fhir_client').select('client_id').where('display_name', '=', 'County Hospital EHR').execute()).length, 1);

    const listed = (await list()).body.data.find((c: any) => c.id === clientId);
    assert.deepEqual(listed.attributes.division_names, ['Franklin County Care', 'Summit County Care']);

    const [entry] = await audit('CreatedFhirClient');
    assert.deepEqual([entry.target_label, entry.actor_name], ['County Hospital EHR', 'Ada Admin']);
    assert.deepEqual(JSON.parse(entry.after_json), {
      name: 'County Hospital EHR',
      keys: 'JWKS',
      scopes: ['system/Patient.rs', 'system/Condition.rs'],
      divisions: ['Franklin County Care', 'Summit County Care'],
      isActive: true,
    });
  });

  it('registers a client by its JWKS URL, and one turned off from the start; the scopes each once', async () => {
    const published = await create(client({ name: 'Published Keys EHR', jwks: '', jwks_url: ' https://ehr.county.test/.well-known/jwks.json ', scopes: ' system/Patient.rs  system/Patient.rs ', division_uids: [summit] }));
    assert.equal(published.status, 201, published.text);
    const view = published.body.data.attributes;
    assert.deepEqual([view.jwks_url, view.jwks, view.scopes, view.division_names], ['https://ehr.county.test/.well-known/jwks.json', null, ['system/Patient.rs'], ['Summit County Care']]);
    assert.equal(JSON.parse((await audit('CreatedFhirClient'))[0].after_json).keys, 'https://ehr.county.test/.well-known/jwks.json');

    const off = await create(client({ name: 'Not Yet EHR', is_active: false }));
    assert.equal(off.status, 201, off.text);
    assert.equal((await storedRow(off.body.data.id)).is_active, false);
  });

  it('refuses a private key, a scope that is not a system scope, both key sources or neither, and other bad values, each on its field', async () => {
    const { privateKey } = await makeFhirKeys('ES384');
    const leaked = JSON.stringify({ keys: [await exportJWK(privateKey)] });
    assert.deepEqual(fieldErrors(await create(client({ jwks: leaked }))), { jwks: JWKS_RULE });
    assert.deepEqual(fieldErrors(await create(client({ jwks: '{"keys": [' }))), { jwks: JWKS_RULE });
    assert.deepEqual(fieldErrors(await create(client({ scopes: 'system/Patient.rs user/Patient.rs' }))), { scopes: SYSTEM_SCOPE_RULE });
    assert.deepEqual(fieldErrors(await create(client({ scopes: 'patient/*.read' }))), { scopes: SYSTEM_SCOPE_RULE });
    const letters = (i: number) => String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26));
    const many = Array.from({ length: 41 }, (_, i) => `system/R${letters(i)}.rs`).join(' ');
    assert.deepEqual(fieldErrors(await create(client({ scopes: many }))), { scopes: TOO_MANY_SCOPES });
    assert.deepEqual(fieldErrors(await create(client({ jwks_url: 'https://ehr.county.test/jwks.json' }))), { jwks: ONE_KEY_SOURCE });
    assert.deepEqual(fieldErrors(await create(client({ jwks: '', jwks_url: '' }))), { jwks: 'Required' });
    assert.deepEqual(fieldErrors(await create(client({ jwks: '', jwks_url: 'http://ehr.county.test/jwks.json' }))), { jwks_url: JWKS_URL_RULE });
    assert.deepEqual(fieldErrors(await create(client({ scopes: ' ' }))), { scopes: 'Required' });
    assert.deepEqual(fieldErrors(await create(client({ division_uids: [] }))), { division_uids: CHOOSE_A_DIVISION });
    assert.deepEqual(fieldErrors(await create({ is_active: true, jwks: JSON.stringify(keys.jwks) })), { name: 'Required', scopes: 'Required', division_uids: 'Required' });
    assert.deepEqual(fieldErrors(await create(client({ name: 'x'.repeat(101) }))), { name: 'Must be at most 100 characters' });
    assert.equal((await audit('CreatedFhirClient')).filter((e: any) => e.target_label === 'County Hospital EHR').length, 1, 'nothing more registered');
  });

  it("refuses another organisation's division, or one that does not exist, on the divisions", async () => {
    assert.deepEqual(fieldErrors(await create(client({ division_uids: [franklin, other.divisionUid] }))), { division_uids: NOT_LISTED });
    assert.deepEqual(fieldErrors(await create(client({ division_uids: [uuid] }))), { division_uids: NOT_LISTED });
    assert.deepEqual(fieldErrors(await create(client({ division_uids: ['not-a-division'] }))), { division_uids: NOT_LISTED });
    assert.deepEqual(fieldErrors(await update(clientId, client({ division_uids: [other.divisionUid] }))), { division_uids: NOT_LISTED });
    assert.deepEqual((await storedRow(clientId)).division_uids, [franklin, summit]);
  });

  it('edits a client, audited with before and after, and renames its service user', async () => {
    const answer = await update(clientId, client({ name: 'County General EHR', jwks: '', jwks_url: 'https://ehr.county.test/jwks.json', scopes: 'system/Patient.rs', division_uids: [franklin] }));
    assert.equal(answer.status, 200, answer.text);
    const view = answer.body.data.attributes;
    assert.deepEqual(
      [view.display_name, view.jwks_url, view.jwks, view.scopes, view.division_names, view.is_active],
      ['County General EHR', 'https://ehr.county.test/jwks.json', null, ['system/Patient.rs'], ['Franklin County Care'], true],
    );
    const stored = await storedRow(clientId);
    assert.deepEqual([stored.jwks, stored.jwks_url, stored.division_uids], [null, 'https://ehr.county.test/jwks.json', [franklin]]);
    assert.equal((await server.db.selectFrom('app_user').select('display_name').where('user_uid', '=', stored.user_uid).executeTakeFirstOrThrow()).display_name, 'County General EHR');
    const [entry] = await audit('UpdatedFhirClient');
    assert.deepEqual([entry.target_label, entry.actor_name], ['County General EHR', 'Ada Admin']);
    assert.deepEqual(
      [JSON.parse(entry.before_json), JSON.parse(entry.after_json)],
      [
        { name: 'County Hospital EHR', keys: 'JWKS', scopes: ['system/Patient.rs', 'system/Condition.rs'], divisions: ['Franklin County Care', 'Summit County Care'], isActive: true },
        { name: 'County General EHR', keys: 'https://ehr.county.test/jwks.json', scopes: ['system/Patient.rs'], divisions: ['Franklin County Care'], isActive: true },
      ],
    );

    // Back to a pasted JWKS; pasting another is logged as replaced (the keys themselves are not repeated in the log).
    assert.equal((await update(clientId, client({ name: 'County General EHR' }))).status, 200);
    const rotated = await makeFhirKeys('RS384');
    assert.equal((await update(clientId, client({ name: 'County General EHR', jwks: JSON.stringify(rotated.jwks) }))).status, 200);
    assert.deepEqual((await storedRow(clientId)).jwks, rotated.jwks);
    const [replaced] = await audit('UpdatedFhirClient');
    assert.equal(JSON.parse(replaced.after_json).jwks, 'replaced');
    assert.ok(!replaced.after_json.includes(rotated.jwks.keys[0].kid!));
    assert.equal((await audit('UpdatedFhirClient')).length, 3);
  });
});

describe('FHIR clients: turning one off', () => {
  let tokenUrl: string;
  const tokenFor = async (id: string, k: TestFhirClient, scope = 'system/Patient.rs') => {
    const answer = await requestToken(server.url, await clientAssertion(k, { iss: id, aud: tokenUrl }), scope);
    return answer;
  };
  const tokenOf = async (id: string, k: TestFhirClient, scope?: string) => {
    const answer = await tokenFor(id, k, scope);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.access_token as string;
  };

  before(async () => {
    tokenUrl = (await list()).body.meta.token_url;
  });

  it('ends the tokens the client holds at once, and it gets no new one; turned on again, a new token works but the old ones stay ended', async () => {
    const made = await create(client({ name: 'Leaving EHR', scopes: 'system/Patient.rs' }));
    assert.equal(made.status, 201, made.text);
    const id = made.body.data.id;
    const token = await tokenOf(id, keys);
    assert.equal((await fhirGet(server.url, '/Patient?_count=1', token)).status, 200);

    const off = await update(id, client({ name: 'Leaving EHR', scopes: 'system/Patient.rs', is_active: false }));
    assert.equal(off.status, 200, off.text);
    assert.equal(off.body.data.attributes.is_active, false);
    const refused = await fhirGet(server.url, '/Patient?_count=1', token);
    assert.equal(refused.status, 401);
    assert.equal(refused.body.resourceType, 'OperationOutcome');
    assert.equal((await tokenFor(id, keys)).status, 401, 'no new token while off');
    const [entry] = await audit('UpdatedFhirClient');
    assert.deepEqual([JSON.parse(entry.before_json).isActive, JSON.parse(entry.after_json).isActive], [true, false]);

    assert.equal((await update(id, client({ name: 'Leaving EHR', scopes: 'system/Patient.rs' }))).status, 200);
    assert.equal((await fhirGet(server.url, '/Patient?_count=1', token)).status, 401, 'the old token does not come back');
    assert.equal((await fhirGet(server.url, '/Patient?_count=1', await tokenOf(id, keys))).status, 200);
  });

  it('a scope taken away or new keys end the tokens too; a rename does not', async () => {
    const made = await create(client({ name: 'Narrowing EHR', scopes: 'system/Patient.rs system/Condition.rs' }));
    const id = made.body.data.id;
    let token = await tokenOf(id, keys, 'system/Patient.rs');
    assert.equal((await update(id, client({ name: 'Narrowing EHR, renamed', scopes: 'system/Patient.rs system/Condition.rs' }))).status, 200);
    assert.equal((await fhirGet(server.url, '/Patient?_count=1', token)).status, 200, 'a rename keeps the token');
    assert.equal((await update(id, client({ name: 'Narrowing EHR', scopes: 'system/Patient.rs' }))).status, 200);
    assert.equal((await fhirGet(server.url, '/Patient?_count=1', token)).status, 401, 'a scope taken away');

    token = await tokenOf(id, keys);
    const fresh = await makeFhirKeys('ES384');
    assert.equal((await update(id, client({ name: 'Narrowing EHR', scopes: 'system/Patient.rs', jwks: JSON.stringify(fresh.jwks) }))).status, 200);
    assert.equal((await fhirGet(server.url, '/Patient?_count=1', token)).status, 401, 'new keys');
    assert.equal((await tokenFor(id, keys)).status, 401, 'the old key is refused');
    assert.equal((await fhirGet(server.url, '/Patient?_count=1', await tokenOf(id, fresh))).status, 200);
  });
});
