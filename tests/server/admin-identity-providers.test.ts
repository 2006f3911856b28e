import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ISSUER_CLIENT_TAKEN, PROVIDER_NOT_FOUND } from '../../server/admin/identity-providers.routes';
import { SHARED_FALLBACK } from '../../server/admin/admin.routes';
import { acceptableIssuer } from '../../server/sso/oidc-client';
import { PROVISIONABLE_TEMPLATES } from '../../server/sso/provision';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import {
  CLAIM_RULE,
  GROUP_TWICE,
  isAcceptableIssuer,
  ISSUER_RULE,
  JIT_NEEDS_EMAIL,
  LAST_ACTIVE_PROVIDER,
  LAST_FALLBACK_ADMIN,
  NO_ACTIVE_PROVIDER,
  NO_FALLBACK_ADMIN,
  PROVISIONABLE_ROLE_TEMPLATES,
  SCOPES_NEED_OPENID,
} from '../../shared/schemas/identity-providers';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { call, errorsOf, fieldErrors, login, type LoggedIn } from './support/http';
import { createOtherOrganization, type OtherOrganization } from './support/other-org';

const key = () => `admin-idp-test-${crypto.randomUUID()}`;
const uuid = '00000000-0000-0000-0000-000000000000';
const SECRET = 'county-client-secret-do-not-show';
const NEW_SECRET = 'rotated-county-secret-do-not-show';

let server: TestServer;
let admin: LoggedIn;
let navigator: LoggedIn;
let orgUid: string;
let franklin: string;
let other: OtherOrganization;
let otherProvider: string;

const provider = (extra: Record<string, unknown> = {}) => ({
  display_name: 'County Sign-In',
  issuer: 'https://login.county.test/oauth2',
  client_id: 'careweave-client',
  client_secret: SECRET,
  scopes: 'openid email profile groups',
  user_claim: 'email',
  group_claim: 'groups',
  group_roles: [{ group: 'CW Navigators', role_template: 'navigator' }],
  jit_role_template: 'community',
  jit_division_uid: franklin,
  is_active: true,
  ...extra,
});

const create = (body: unknown, token = admin.token, idem = key()) => call(server.url, '/api/admin/identity-providers', { token, body, headers: { 'idempotency-key': idem } });
const update = (id: string, body: unknown, token = admin.token) => call(server.url, `/api/admin/identity-providers/${id}`, { method: 'PUT', token, body });
const passwordLogin = (on: boolean) => call(server.url, '/api/admin/organization/password-login', { method: 'PUT', token: admin.token, body: { password_login: on } });
const list = () => call(server.url, '/api/admin/identity-providers', { token: admin.token });
/** A listed provider as the form sends it back: without what only the answer carries. */
const editable = ({ idp_uid, has_client_secret, jit_division_name, ...rest }: Record<string, unknown>) => ({ ...rest, client_secret: '' });
const audit = async (action: string) =>
  (await call(server.url, `/api/data/public/admin-audit?action=${action}&page-size=100`, { token: admin.token })).body.data.map((r: any) => r.attributes);

before(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin');
  navigator = await login(server.url, 'navigator');
  franklin = (await server.db.selectFrom('division').select(['division_uid', 'org_uid']).where('division_name', '=', 'Franklin County Care').executeTakeFirstOrThrow()).division_uid;
  orgUid = (await server.db.selectFrom('division').select('org_uid').where('division_uid', '=', franklin).executeTakeFirstOrThrow()).org_uid;
  other = await createOtherOrganization(server.db);
  otherProvider = (
    await server.db
      .insertInto('identity_provider')
      .values({ org_uid: other.orgUid, display_name: 'Elsewhere Sign-In', issuer: 'https://login.elsewhere.test', client_id: 'elsewhere', client_secret: 'elsewhere-secret' })
      .returning('idp_uid')
      .executeTakeFirstOrThrow()
  ).idp_uid;
});
after(async () => {
  await server?.stop();
});

describe('identity provider routes: who may call them', () => {
  const ROUTES: [string, string, unknown?][] = [
    ['GET', '/api/admin/identity-providers'],
    ['POST', '/api/admin/identity-providers', { display_name: 'X' }],
    ['PUT', `/api/admin/identity-providers/${uuid}`, { display_name: 'X' }],
    ['PUT', '/api/admin/organization/password-login', { password_login: false }],
  ];
  for (const [method, path, body] of ROUTES) {
    it(`${method} ${path}: 401 signed out, 403 for a navigator`, async () => {
      errorsOf(await call(server.url, path, { method, body, headers: { 'idempotency-key': key() } }), 401);
      assert.deepEqual(errorsOf(await call(server.url, path, { method, body, token: navigator.token, headers: { 'idempotency-key': key() } }), 403), [{ message: 'You do not have access to this resource' }]);
    });
  }

  it("lists the admin's organisation's providers only; another organisation's is a 404", async () => {
    const answer = await list();
    assert.equal(answer.status, 200, answer.text);
    const names = answer.body.data.map((p: any) => p.attributes.display_name);
    assert.ok(!names.includes('Elsewhere Sign-In'), names.join(', '));
    assert.ok(!answer.text.includes('elsewhere-secret'));
    const ours = await server.db.selectFrom('identity_provider').select('idp_uid').where('org_uid', '=', orgUid).execute();
    assert.deepEqual(answer.body.data.map((p: any) => p.id).sort(), ours.map((p) => p.idp_uid).sort());
    assert.deepEqual(errorsOf(await update(otherProvider, provider({ display_name: 'Mine Now' })), 404), [{ message: PROVIDER_NOT_FOUND }]);
    errorsOf(await update('not-a-uuid', provider()), 404);
    const theirs = await server.db.selectFrom('identity_provider').select(['display_name', 'client_secret']).where('idp_uid', '=', otherProvider).executeTakeFirstOrThrow();
    assert.deepEqual(theirs, { display_name: 'Elsewhere Sign-In', client_secret: 'elsewhere-secret' });
    // What to register at the provider, beside the list.
    assert.match(answer.body.meta.redirect_uri, /\/api\/auth\/sso\/callback$/);
    assert.equal(typeof answer.body.meta.password_login, 'boolean');
  });
});

describe('identity providers', () => {
  let idpUid: string;

  it('adds a provider, audited; the secret is never answered or logged, only that one is stored', async () => {
    const idem = key();
    const answer = await create(provider(), admin.token, idem);
    assert.equal(answer.status, 201, answer.text);
    idpUid = answer.body.data.id;
    const attributes = answer.body.data.attributes;
    assert.equal(attributes.has_client_secret, true);
    assert.ok(!('client_secret' in attributes));
    assert.ok(!answer.text.includes(SECRET));
    assert.deepEqual(
      { ...attributes, idp_uid: undefined },
      {
        idp_uid: undefined,
        display_name: 'County Sign-In',
        issuer: 'https://login.county.test/oauth2',
        client_id: 'careweave-client',
        has_client_secret: true,
        scopes: 'openid email profile groups',
        user_claim: 'email',
        group_claim: 'groups',
        group_roles: [{ group: 'CW Navigators', role_template: 'navigator' }],
        jit_role_template: 'community',
        jit_division_uid: franklin,
        jit_division_name: 'Franklin County Care',
        is_active: true,
      },
    );
    // Group names go through as typed, though the wire's keys are converted.
    const stored = await server.db.selectFrom('identity_provider').selectAll().where('idp_uid', '=', idpUid).executeTakeFirstOrThrow();
    assert.deepEqual([stored.client_secret, stored.group_roles, stored.org_uid], [SECRET, { 'CW Navigators': 'navigator' }, orgUid]);

    const replay = await create(provider(), admin.token, idem);
    assert.equal(replay.status, 201);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.body.data.id, idpUid);

    const listed = await list();
    assert.ok(!listed.text.includes(SECRET));
    assert.equal(listed.body.data.find((p: any) => p.id === idpUid).attributes.has_client_secret, true);

    const [entry] = await audit('CreatedIdentityProvider');
    assert.equal(entry.target_label, 'County Sign-In');
    assert.ok(!entry.after_json.includes(SECRET));
    assert.equal(JSON.parse(entry.after_json).clientSecret, 'set');
    assert.equal(JSON.parse(entry.after_json).issuer, 'https://login.county.test/oauth2');
  });

  it('edits a provider, audited: an empty secret keeps the stored one, a new one is logged as changed, never shown', async () => {
    const kept = await update(idpUid, provider({ display_name: 'County Staff Sign-In', client_secret: '', is_active: false }));
    assert.equal(kept.status, 200, kept.text);
    assert.equal(kept.body.data.attributes.display_name, 'County Staff Sign-In');
    assert.equal(kept.body.data.attributes.has_client_secret, true);
    const secretOf = async () => (await server.db.selectFrom('identity_provider').select('client_secret').where('idp_uid', '=', idpUid).executeTakeFirstOrThrow()).client_secret;
    assert.equal(await secretOf(), SECRET);
    let [entry] = await audit('UpdatedIdentityProvider');
    assert.deepEqual([JSON.parse(entry.before_json).displayName, JSON.parse(entry.after_json).displayName, JSON.parse(entry.after_json).isActive], ['County Sign-In', 'County Staff Sign-In', false]);
    assert.equal(JSON.parse(entry.after_json).clientSecret, undefined, 'the secret did not change');

    const rotated = await update(idpUid, provider({ client_secret: NEW_SECRET }));
    assert.equal(rotated.status, 200, rotated.text);
    assert.ok(!rotated.text.includes(NEW_SECRET));
    assert.equal(await secretOf(), NEW_SECRET);
    [entry] = await audit('UpdatedIdentityProvider');
    assert.equal(JSON.parse(entry.after_json).clientSecret, 'changed');
    for (const e of await audit('UpdatedIdentityProvider')) assert.ok(![SECRET, NEW_SECRET].some((s) => `${e.before_json}${e.after_json}`.includes(s)));
  });

  it('refuses an issuer that is not https (http only on this machine), on its field', async () => {
    assert.deepEqual(fieldErrors(await create(provider({ issuer: 'http://example.com' }))), { issuer: ISSUER_RULE });
    assert.deepEqual(fieldErrors(await update(idpUid, provider({ issuer: 'ftp://example.com' }))), { issuer: ISSUER_RULE });
    assert.deepEqual(fieldErrors(await create(provider({ issuer: 'https://user:pw@login.county.test' }))), { issuer: ISSUER_RULE });
    const local = await create(provider({ issuer: 'http://127.0.0.1:9999/idp', client_id: 'local' }));
    assert.equal(local.status, 201, local.text);
    // The browser's rule is the sign-in flow's.
    for (const url of ['https://a.test', 'http://a.test', 'http://localhost:3000/x', 'http://127.0.0.1', 'http://[::1]:8080', 'https://u:p@a.test', 'https://a.test/#x', 'not a url', 'HTTPS://A.TEST/']) {
      assert.equal(isAcceptableIssuer(url), acceptableIssuer(url), url);
    }
  });

  it('a role template for new users needs a division of the organisation, and the email claim', async () => {
    assert.deepEqual(fieldErrors(await create(provider({ jit_division_uid: null, client_id: 'c2' }))), { jit_division_uid: 'Required' });
    assert.deepEqual(fieldErrors(await create(provider({ jit_division_uid: '', client_id: 'c2' }))), { jit_division_uid: 'Required' });
    assert.deepEqual(fieldErrors(await create(provider({ jit_division_uid: other.divisionUid, client_id: 'c2' }))), { jit_division_uid: NOT_LISTED });
    assert.deepEqual(fieldErrors(await create(provider({ user_claim: 'preferred_username', client_id: 'c2' }))), { user_claim: JIT_NEEDS_EMAIL });
    // No template: nobody is made, and the division is not kept.
    const none = await create(provider({ jit_role_template: null, group_roles: [], user_claim: 'preferred_username', client_id: 'c3' }));
    assert.equal(none.status, 201, none.text);
    assert.deepEqual([none.body.data.attributes.jit_role_template, none.body.data.attributes.jit_division_uid], [null, null]);
  });

  it('checks the rest of the form on its fields', async () => {
    assert.deepEqual(fieldErrors(await create(provider({ client_secret: '', client_id: 'c4' }))), { client_secret: 'Required' });
    assert.deepEqual(fieldErrors(await create(provider({ scopes: 'email profile', client_id: 'c4' }))), { scopes: SCOPES_NEED_OPENID });
    assert.deepEqual(fieldErrors(await create(provider({ user_claim: 'e mail', jit_role_template: null, group_roles: [], client_id: 'c4' }))), { user_claim: CLAIM_RULE });
    assert.deepEqual(fieldErrors(await create(provider({ group_roles: [{ group: 'Admins', role_template: 'administrator' }], client_id: 'c4' }))), { 'group_roles.0.role_template': NOT_LISTED });
    assert.deepEqual(fieldErrors(await create(provider({ jit_role_template: 'administrator', group_roles: [], client_id: 'c4' }))), { jit_role_template: NOT_LISTED });
    const twice = [{ group: 'A', role_template: 'navigator' }, { group: 'A', role_template: 'sponsor' }];
    assert.deepEqual(fieldErrors(await create(provider({ group_roles: twice, client_id: 'c4' }))), { group_roles: GROUP_TWICE });
    assert.deepEqual(fieldErrors(await create(provider({ group_claim: '', client_id: 'c4' }))), { group_claim: 'Required' });
    assert.deepEqual(fieldErrors(await create(provider({ jit_role_template: '', jit_division_uid: null, client_id: 'c4' }))), { jit_role_template: 'Required' });
    assert.deepEqual(fieldErrors(await create(provider({ display_name: 'x'.repeat(101), client_id: 'c4' }))), { display_name: 'Must be at most 100 characters' });
    assert.deepEqual(fieldErrors(await create(provider())), { client_id: ISSUER_CLIENT_TAKEN });
  });

  it("the first sign-in's templates are the sign-in flow's", () => {
    assert.deepEqual(PROVISIONABLE_ROLE_TEMPLATES, PROVISIONABLE_TEMPLATES);
  });
});

describe('password sign-in', () => {
  const adminUser = async () => {
    const attributes = (await call(server.url, `/api/admin/users/${admin.session.user_uid}`, { token: admin.token })).body.data.attributes;
    return { display_name: attributes.display_name, user_name: attributes.user_name, email: attributes.email, divisions: attributes.divisions, password_fallback: attributes.password_fallback };
  };
  const setFallback = (body: Record<string, unknown>, on: boolean) => call(server.url, `/api/admin/users/${admin.session.user_uid}`, { method: 'PUT', token: admin.token, body: { ...body, password_fallback: on } });

  it('cannot be turned off while no active administrator keeps it; can once one does; audited', async () => {
    const user = await adminUser();
    assert.equal(user.password_fallback, false);
    assert.deepEqual(errorsOf(await passwordLogin(false), 422), [{ field: 'password_login', message: NO_FALLBACK_ADMIN }]);
    assert.equal((await list()).body.meta.password_login, true);

    const marked = await setFallback(user, true);
    assert.equal(marked.status, 200, marked.text);
    assert.equal(marked.body.data.attributes.password_fallback, true);
    const [userEntry] = await audit('UpdatedUser');
    assert.deepEqual([JSON.parse(userEntry.before_json).passwordFallback, JSON.parse(userEntry.after_json).passwordFallback], [false, true]);

    const off = await passwordLogin(false);
    assert.equal(off.status, 200, off.text);
    assert.deepEqual(off.body.data.attributes.password_login, false);
    assert.deepEqual(off.body.data.attributes.fallback_administrators, ['Ada Admin']);
    assert.equal((await server.db.selectFrom('organization').select('password_login').where('org_uid', '=', orgUid).executeTakeFirstOrThrow()).password_login, false);
    const [entry] = await audit('UpdatedPasswordLogin');
    assert.deepEqual([JSON.parse(entry.before_json), JSON.parse(entry.after_json)], [{ passwordLogin: true }, { passwordLogin: false, fallbackAdministrators: ['Ada Admin'] }]);
    // The switch is what the sign-in reads: the navigator's password no longer opens the organisation, the fallback admin's does.
    assert.notEqual((await call(server.url, '/api/auth/login', { body: { user_name: 'navigator', password: 'careweave-demo' } })).status, 200);
    await login(server.url, 'admin');
    // Sending the state it is in changes and logs nothing.
    assert.equal((await passwordLogin(false)).status, 200);
    assert.equal((await audit('UpdatedPasswordLogin')).length, 1);
  });

  it('while off, the last administrator who keeps it cannot lose it, and the last active provider cannot be turned off', async () => {
    const user = await adminUser();
    assert.deepEqual(errorsOf(await setFallback(user, false), 409), [{ message: LAST_FALLBACK_ADMIN }]);
    assert.equal((await adminUser()).password_fallback, true, 'unchanged');

    const active = await server.db.selectFrom('identity_provider').select('idp_uid').where('org_uid', '=', orgUid).where('is_active', '=', true).execute();
    const providers = (await list()).body.data.map((p: any) => p.attributes);
    for (const { idp_uid: id } of active.slice(1)) {
      const p = providers.find((x: any) => x.idp_uid === id);
      const answer = await update(id, { ...editable(p), is_active: false });
      assert.equal(answer.status, 200, answer.text);
    }
    const last = providers.find((x: any) => x.idp_uid === active[0].idp_uid);
    assert.deepEqual(fieldErrors(await update(last.idp_uid, { ...editable(last), is_active: false })), { is_active: LAST_ACTIVE_PROVIDER });

    const on = await passwordLogin(true);
    assert.equal(on.status, 200, on.text);
    assert.equal(on.body.data.attributes.password_login, true);
    assert.equal((await update(last.idp_uid, { ...editable(last), is_active: false })).status, 200);
    assert.deepEqual(errorsOf(await passwordLogin(false), 422), [{ field: 'password_login', message: NO_ACTIVE_PROVIDER }]);
    assert.equal((await setFallback(user, false)).status, 200, 'with password sign-in on, the mark may go');
    assert.deepEqual(
      errorsOf(await passwordLogin(false), 422).map((e) => e.message),
      [NO_FALLBACK_ADMIN, NO_ACTIVE_PROVIDER],
    );
    await login(server.url, 'navigator');
  });

  it("a user who also works for another organisation keeps their mark as it is: it would apply there too", async () => {
    const shared = (await server.db.selectFrom('app_user').select('user_uid').where('user_name', '=', other.userName).executeTakeFirstOrThrow()).user_uid;
    await server.db.insertInto('user_division').values({ user_uid: shared, division_uid: franklin, permissions: ['hasAppNavigator'] }).execute();
    const body = { display_name: 'Olive Other', user_name: other.userName, email: `${other.userName}@elsewhere.test`, divisions: [{ division_uid: franklin, flags: ['hasAppNavigator'] }] };
    assert.deepEqual(fieldErrors(await call(server.url, `/api/admin/users/${shared}`, { method: 'PUT', token: admin.token, body: { ...body, password_fallback: true } })), { password_fallback: SHARED_FALLBACK });
    const same = await call(server.url, `/api/admin/users/${shared}`, { method: 'PUT', token: admin.token, body: { ...body, password_fallback: false } });
    assert.equal(same.status, 200, same.text);
    const left = await call(server.url, `/api/admin/users/${shared}`, { method: 'PUT', token: admin.token, body });
    assert.equal(left.status, 200, left.text);
  });
});
