import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addSmartApp, checkAddSmartApp } from '../../server/admin/add-smart-app';
import { COMMAND_ACTOR } from '../../server/admin/admin-audit';
import { CommandError } from '../../server/admin/first-user';
import { SMART_APP_NOT_FOUND, smartAppHelp } from '../../server/admin/smart-apps.routes';
import { createSmartApp } from '../../server/smart-apps/smart-apps.repository';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { APP_SCOPE_RULE, MAX_REDIRECT_URIS, REDIRECT_URI_RULE, TOO_MANY_REDIRECTS } from '../../shared/schemas/smart-apps';
import { call, errorsOf, fieldErrors, login, type LoggedIn } from './support/http';
import { itRefusesAllButAdmins } from './support/admin-routes';
import { createOtherOrganization, type OtherOrganization } from './support/other-org';

/**
 * Issue 35 section 2, the administrator's side: Admin → Organization → SMART
 * Apps registers and edits the user-facing apps that sign Careweave users
 * in, as `npm run admin -- add-smart-app` does, and turning one off ends
 * what users granted it at once.
 */

const key = () => `admin-smart-app-test-${crypto.randomUUID()}`;
const uuid = '00000000-0000-0000-0000-000000000000';

let server: TestServer;
let admin: LoggedIn;
let navigator: LoggedIn;
let orgUid: string;
let orgName: string;
let franklin: string;
let other: OtherOrganization;
let otherApp: string;

const smartApp = (extra: Record<string, unknown> = {}) => ({
  name: 'Care Plan Viewer',
  redirect_uris: 'https://viewer.example.org/callback\nhttp://localhost:5173/callback',
  scopes: 'patient/*.rs user/Condition.rs',
  is_active: true,
  ...extra,
});

const create = (body: unknown, token = admin.token, idem = key()) => call(server.url, '/api/admin/smart-apps', { token, body, headers: { 'idempotency-key': idem } });
const update = (id: string, body: unknown, token = admin.token) => call(server.url, `/api/admin/smart-apps/${id}`, { method: 'PUT', token, body });
const list = () => call(server.url, '/api/admin/smart-apps', { token: admin.token });
const audit = async (action: string) =>
  (await call(server.url, `/api/data/public/admin-audit?action=${action}&page-size=100`, { token: admin.token })).body.data.map((r: any) => r.attributes);
const storedRow = (id: string) => server.db.selectFrom('smart_app').selectAll().where('client_id', '=', id).executeTakeFirstOrThrow();
const appsNamed = async (name: string) => (await server.db.selectFrom('smart_app').select('client_id').where('app_name', '=', name).execute()).length;

before(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin');
  navigator = await login(server.url, 'navigator');
  const f = await server.db
    .selectFrom('division as d')
    .innerJoin('organization as o', 'o.org_uid', 'd.org_uid')
    .select(['d.division_uid', 'o.org_uid', 'o.org_name'])
    .where('d.division_name', '=', 'Franklin County Care')
    .executeTakeFirstOrThrow();
  [franklin, orgUid, orgName] = [f.division_uid, f.org_uid, f.org_name];
  other = await createOtherOrganization(server.db);
  const theirs = await server.db
    .transaction()
    .execute((trx) => createSmartApp(trx, COMMAND_ACTOR, other.orgUid, { name: 'Elsewhere Viewer', redirectUris: 'https://elsewhere.test/cb', scopes: 'patient/*.rs', isActive: true }));
  otherApp = theirs.clientId;
});
after(async () => {
  await server?.stop();
});

describe('SMART app admin routes: who may call them', () => {
  itRefusesAllButAdmins(
    [
      ['GET', '/api/admin/smart-apps'],
      ['POST', '/api/admin/smart-apps', { name: 'X' }],
      ['PUT', `/api/admin/smart-apps/${uuid}`, { name: 'X' }],
    ],
    () => ({ url: server.url, navigator }),
  );

  it("lists the admin's organisation's apps only, with the FHIR base, authorize and token URLs; another organisation's is a 404", async () => {
    const answer = await list();
    assert.equal(answer.status, 200, answer.text);
    assert.ok(!answer.body.data.some((a: any) => a.id === otherApp || a.attributes.name === 'Elsewhere Viewer'), answer.text);
    const { fhir_base, authorize_url, token_url } = answer.body.meta;
    assert.match(fhir_base, /^http:\/\/localhost:\d+\/fhir$/);
    assert.deepEqual(answer.body.meta, { fhir_base, authorize_url: fhir_base.replace(/\/fhir$/, '/oauth/authorize'), token_url: fhir_base.replace(/\/fhir$/, '/oauth/token') });
    assert.equal(token_url, (await call(server.url, '/api/admin/fhir-clients', { token: admin.token })).body.meta.token_url, 'the one token endpoint');
    assert.ok(authorize_url);

    assert.deepEqual(errorsOf(await update(otherApp, smartApp()), 404), [{ message: SMART_APP_NOT_FOUND }]);
    assert.deepEqual(errorsOf(await update('not-a-uuid', smartApp()), 404), [{ message: SMART_APP_NOT_FOUND }]);
    errorsOf(await update(uuid, smartApp()), 404);
    const theirs = await storedRow(otherApp);
    assert.deepEqual([theirs.app_name, theirs.is_active], ['Elsewhere Viewer', true]);
  });
});

describe('SMART apps', () => {
  let clientId: string;

  it('registers an app, audited; once per Idempotency-Key', async () => {
    const idem = key();
    const answer = await create(smartApp(), admin.token, idem);
    assert.equal(answer.status, 201, answer.text);
    clientId = answer.body.data.id;
    assert.equal(answer.body.data.type, 'smart-apps');
    assert.match(clientId, /^[0-9a-f-]{36}$/);
    assert.deepEqual(answer.body.data.attributes, {
      client_id: clientId,
      name: 'Care Plan Viewer',
      redirect_uris: ['https://viewer.example.org/callback', 'http://localhost:5173/callback'],
      scopes: ['patient/*.rs', 'user/Condition.rs'],
      is_active: true,
    });
    const stored = await storedRow(clientId);
    assert.deepEqual([stored.org_uid, stored.is_active], [orgUid, true]);

    const replay = await create(smartApp(), admin.token, idem);
    assert.equal(replay.status, 201);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.body.data.id, clientId);
    assert.equal(await appsNamed('Care Plan Viewer'), 1);

    const listed = (await list()).body.data.find((a: any) => a.id === clientId);
    assert.deepEqual(listed.attributes, answer.body.data.attributes);

    const [entry] = await audit('CreatedSmartApp');
    assert.deepEqual([entry.target_label, entry.actor_name], ['Care Plan Viewer', 'Ada Admin']);
    assert.deepEqual(JSON.parse(entry.after_json), {
      name: 'Care Plan Viewer',
      redirectUris: ['https://viewer.example.org/callback', 'http://localhost:5173/callback'],
      scopes: ['patient/*.rs', 'user/Condition.rs'],
      isActive: true,
    });
  });

  it('registers one turned off from the start; addresses and scopes trimmed and each once, by spaces or lines', async () => {
    const off = await create(smartApp({ name: '  Not Yet Live  ', redirect_uris: ' https://a.example.org/cb  https://a.example.org/cb\n', scopes: 'patient/*.read\npatient/*.read  user/*.rs', is_active: false }));
    assert.equal(off.status, 201, off.text);
    const view = off.body.data.attributes;
    assert.deepEqual([view.name, view.redirect_uris, view.scopes, view.is_active], ['Not Yet Live', ['https://a.example.org/cb'], ['patient/*.read', 'user/*.rs'], false]);
    assert.equal((await storedRow(view.client_id)).is_active, false);
  });

  it('refuses a bad redirect address and a scope that is not a reading patient or user scope, each on its field; never a 500', async () => {
    for (const uri of ['ftp://x', 'https://a/#frag', 'http://viewer.example.org/cb', 'not a url', 'https://user:pw@a.example.org/cb', `https://a.example.org/${'x'.repeat(500)}`]) {
      assert.deepEqual(fieldErrors(await create(smartApp({ redirect_uris: `https://ok.example.org/cb\n${uri}` }))), { redirect_uris: REDIRECT_URI_RULE }, uri);
    }
    for (const scope of ['system/Patient.rs', 'patient/Patient.cruds', 'patient/Patient.write', 'user/*.*', 'launch', 'openid']) {
      assert.deepEqual(fieldErrors(await create(smartApp({ scopes: `patient/*.rs ${scope}` }))), { scopes: APP_SCOPE_RULE }, scope);
    }
    const many = Array.from({ length: MAX_REDIRECT_URIS + 1 }, (_, i) => `https://a.example.org/cb${i}`).join('\n');
    assert.deepEqual(fieldErrors(await create(smartApp({ redirect_uris: many }))), { redirect_uris: TOO_MANY_REDIRECTS });
    assert.deepEqual(fieldErrors(await create(smartApp({ redirect_uris: ' \n ', scopes: '' }))), { redirect_uris: 'Required', scopes: 'Required' });
    assert.deepEqual(fieldErrors(await create({ is_active: true })), { name: 'Required', redirect_uris: 'Required', scopes: 'Required' });
    assert.deepEqual(fieldErrors(await create(smartApp({ name: 'x'.repeat(101) }))), { name: 'Must be at most 100 characters' });
    assert.equal(Object.keys(fieldErrors(await create(smartApp({ redirect_uris: ['https://a.example.org/cb'], is_active: 'yes' })))).sort().join(), 'is_active,redirect_uris');
    assert.equal(fieldErrors(await create(smartApp({ scopes: 'patient/*.rs '.repeat(400) }))).scopes.startsWith('Must be at most'), true);
    errorsOf(await create([smartApp()]), 400);
    errorsOf(await call(server.url, '/api/admin/smart-apps', { token: admin.token, rawBody: '{"name": ', headers: { 'idempotency-key': key() } }), 400);
    errorsOf(await call(server.url, '/api/admin/smart-apps', { token: admin.token, body: smartApp() }), 400);
    assert.deepEqual(fieldErrors(await update(clientId, smartApp({ scopes: 'system/*.rs' }))), { scopes: APP_SCOPE_RULE });
    assert.equal((await storedRow(clientId)).scopes.join(' '), 'patient/*.rs user/Condition.rs', 'nothing changed');
    assert.equal((await audit('CreatedSmartApp')).filter((e: any) => e.target_label === 'Care Plan Viewer').length, 1, 'nothing more registered');
  });

  it('edits an app, audited with before and after', async () => {
    const answer = await update(clientId, smartApp({ name: 'Care Plan Viewer 2', redirect_uris: 'https://viewer.example.org/callback', scopes: 'patient/*.rs' }));
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body.data.attributes, { client_id: clientId, name: 'Care Plan Viewer 2', redirect_uris: ['https://viewer.example.org/callback'], scopes: ['patient/*.rs'], is_active: true });
    const stored = await storedRow(clientId);
    assert.deepEqual([stored.app_name, stored.redirect_uris, stored.scopes], ['Care Plan Viewer 2', ['https://viewer.example.org/callback'], ['patient/*.rs']]);
    const [entry] = await audit('UpdatedSmartApp');
    assert.deepEqual([entry.target_label, entry.actor_name], ['Care Plan Viewer 2', 'Ada Admin']);
    assert.deepEqual(
      [JSON.parse(entry.before_json), JSON.parse(entry.after_json)],
      [
        { name: 'Care Plan Viewer', redirectUris: ['https://viewer.example.org/callback', 'http://localhost:5173/callback'], scopes: ['patient/*.rs', 'user/Condition.rs'], isActive: true },
        { name: 'Care Plan Viewer 2', redirectUris: ['https://viewer.example.org/callback'], scopes: ['patient/*.rs'], isActive: true },
      ],
    );
  });
});

describe('SMART apps: turning one off', () => {
  /** A grant a user gave the app, with a token of it, as the authorization server keeps them. */
  const grant = async (clientId: string) => {
    const grantId = `grant-${crypto.randomUUID()}`;
    await server.db.insertInto('smart_launch').values({ grant_id: grantId, client_id: clientId, user_uid: admin.session.user_uid, division_uid: franklin, patient_uid: null }).execute();
    await server.db.insertInto('oidc_model').values({ model: 'AccessToken', id: `token-${grantId}`, payload: JSON.stringify({ grantId }), grant_id: grantId }).execute();
    return grantId;
  };
  const tokensOf = async (grantId: string) => (await server.db.selectFrom('oidc_model').select('id').where('grant_id', '=', grantId).execute()).length;

  it('ends what users granted the app at once; a rename does not', async () => {
    const made = await create(smartApp({ name: 'Leaving Viewer' }));
    assert.equal(made.status, 201, made.text);
    const id = made.body.data.id;
    const granted = await grant(id);

    assert.equal((await update(id, smartApp({ name: 'Leaving Viewer, renamed' }))).status, 200);
    assert.equal(await tokensOf(granted), 1, 'a rename keeps the grant');

    const off = await update(id, smartApp({ name: 'Leaving Viewer', is_active: false }));
    assert.equal(off.status, 200, off.text);
    assert.equal(off.body.data.attributes.is_active, false);
    assert.equal((await storedRow(id)).is_active, false);
    assert.equal(await tokensOf(granted), 0, 'its tokens ended');
    const [entry] = await audit('UpdatedSmartApp');
    assert.deepEqual([JSON.parse(entry.before_json).isActive, JSON.parse(entry.after_json).isActive], [true, false]);
    assert.equal((await list()).body.data.find((a: any) => a.id === id).attributes.is_active, false, 'listed as off');
  });

  it('a scope or an address taken away ends the grants too', async () => {
    const id = (await create(smartApp({ name: 'Narrowing Viewer' }))).body.data.id;
    const first = await grant(id);
    assert.equal((await update(id, smartApp({ name: 'Narrowing Viewer', scopes: 'patient/*.rs' }))).status, 200);
    assert.equal(await tokensOf(first), 0, 'a scope taken away');
    const second = await grant(id);
    assert.equal((await update(id, smartApp({ name: 'Narrowing Viewer', scopes: 'patient/*.rs', redirect_uris: 'https://viewer.example.org/callback' }))).status, 200);
    assert.equal(await tokensOf(second), 0, 'an address taken away');
  });
});

describe('npm run admin -- add-smart-app', () => {
  const options = (extra: Record<string, unknown> = {}) => ({ name: 'Command Viewer', redirectUri: ['https://cmd.example.org/cb', 'https://cmd.example.org/cb2'], scopes: 'patient/*.rs user/*.rs', org: orgName, ...extra });

  it('checks its options as the dialog does, each problem on its option', () => {
    assert.throws(
      () => checkAddSmartApp(options({ redirectUri: ['ftp://x', 'https://a/#frag'], scopes: 'system/Patient.rs patient/Patient.cruds' })),
      (err: Error) => err instanceof CommandError && err.message === `--redirect-uri: ${REDIRECT_URI_RULE}\n--scopes: ${APP_SCOPE_RULE}`,
    );
    assert.throws(() => checkAddSmartApp(options({ name: ' ', redirectUri: [], scopes: '' })), (err: Error) => err.message === '--name: Required\n--redirect-uri: Required\n--scopes: Required');
    assert.throws(() => checkAddSmartApp(options({ org: ' ' })), (err: Error) => err.message === '--org: Required');
    assert.deepEqual(checkAddSmartApp(options({ name: ' Command Viewer ', org: ` ${orgName} ` })), {
      app: { name: 'Command Viewer', redirectUris: 'https://cmd.example.org/cb\nhttps://cmd.example.org/cb2', scopes: 'patient/*.rs user/*.rs', isActive: true },
      org: orgName,
    });
  });

  it("registers the app in the organisation named (any case), active, audited as the command, with the addresses its developer configures", async () => {
    const registered = await addSmartApp(server.db, checkAddSmartApp(options({ org: orgName.toUpperCase() })), 'https://care.test');
    assert.deepEqual(registered, {
      app: { clientId: registered.app.clientId, name: 'Command Viewer', redirectUris: ['https://cmd.example.org/cb', 'https://cmd.example.org/cb2'], scopes: ['patient/*.rs', 'user/*.rs'], isActive: true },
      organisation: orgName,
      ...smartAppHelp({ publicUrl: 'https://care.test' }),
    });
    assert.deepEqual(smartAppHelp({ publicUrl: 'https://care.test' }), { fhirBase: 'https://care.test/fhir', authorizeUrl: 'https://care.test/oauth/authorize', tokenUrl: 'https://care.test/oauth/token' });
    const stored = await storedRow(registered.app.clientId);
    assert.deepEqual([stored.org_uid, stored.is_active], [orgUid, true]);
    const [entry] = await audit('CreatedSmartApp');
    assert.deepEqual([entry.target_label, entry.actor_name], ['Command Viewer', 'npm run admin']);
    assert.ok((await list()).body.data.some((a: any) => a.id === registered.app.clientId), 'on the admin page');
  });

  it('refuses an organisation that does not exist, and asks for --org when there are several', async () => {
    await assert.rejects(addSmartApp(server.db, checkAddSmartApp(options({ org: 'Nowhere Health' })), 'https://care.test'), (err: Error) => err instanceof CommandError && err.message === '--org: no organisation is named "Nowhere Health"');
    await assert.rejects(addSmartApp(server.db, checkAddSmartApp(options({ org: undefined })), 'https://care.test'), (err: Error) => err instanceof CommandError && /add --org/.test(err.message));
    assert.equal(await appsNamed('Command Viewer'), 1, 'nothing more registered');
  });
});
