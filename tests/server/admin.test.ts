import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ROLE_TEMPLATES } from '../../shared/role-templates';
import { LINK_UNUSABLE } from '../../server/auth/auth.routes';
import { INACTIVE, LAST_ADMIN, OWN_ADMIN, USER_NOT_FOUND } from '../../server/admin/admin.routes';
import { lastEmailTo, runAdminCommand, signInLinkIn } from '../../server/testing/admin-command';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { withClock } from './support/clock';
import { call, errorsOf, fieldErrors, login, type LoggedIn } from './support/http';
import { createOtherOrganization, type OtherOrganization } from './support/other-org';

const NEW_PASSWORD = 'a-long-new-password';
const sorted = (flags: readonly string[]) => [...flags].sort();
const key = () => `admin-test-${crypto.randomUUID()}`;

let server: TestServer;
let admin: LoggedIn;
let navigator: LoggedIn;
let divisions: string[];
let other: OtherOrganization;
let otherUserUid: string;

before(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin');
  navigator = await login(server.url, 'navigator');
  divisions = (await server.db.selectFrom('division').select('division_uid').orderBy('division_name').execute()).map((d) => d.division_uid);
  other = await createOtherOrganization(server.db);
  otherUserUid = (await server.db.selectFrom('app_user').select('user_uid').where('user_name', '=', other.userName).executeTakeFirstOrThrow()).user_uid;
});
after(async () => {
  await server?.stop();
});

const newUser = (userName: string, flags: readonly string[] = ROLE_TEMPLATES.navigator.flags, division = divisions[0]) => ({
  display_name: `Test ${userName}`,
  user_name: userName,
  email: `${userName}@county.test`,
  divisions: [{ division_uid: division, flags }],
});

async function createUser(userName: string, flags?: readonly string[]): Promise<string> {
  const answer = await call(server.url, '/api/admin/users', { token: admin.token, body: newUser(userName, flags), headers: { 'idempotency-key': key() } });
  assert.equal(answer.status, 201, answer.text);
  return answer.body.data.id;
}

/** Signs in through the newest link e-mailed to the user, setting a password. */
async function useEmailedLink(email: string, password = NEW_PASSWORD) {
  const { token } = signInLinkIn((await lastEmailTo(server.db, email)).body);
  return call(server.url, '/api/auth/sign-in-link', { body: { token, new_password: password } });
}

const audit = async (action: string) =>
  (await call(server.url, `/api/data/public/admin-audit?action=${action}&page-size=100`, { token: admin.token })).body.data.map((r: any) => r.attributes);

describe('admin routes: who may call them', () => {
  const uuid = '00000000-0000-0000-0000-000000000000';
  const user = { display_name: 'N', user_name: 'nobody', email: 'n@county.test', divisions: [{ division_uid: uuid, flags: ['hasAppNavigator'] }] };
  const ROUTES: [string, string, unknown?][] = [
    ['GET', '/api/admin/divisions'],
    ['GET', `/api/admin/users/${uuid}`],
    ['POST', '/api/admin/users', user],
    ['PUT', `/api/admin/users/${uuid}`, user],
    ['POST', `/api/admin/users/${uuid}/deactivate`],
    ['POST', `/api/admin/users/${uuid}/reactivate`],
    ['POST', `/api/admin/users/${uuid}/password-reset`],
    ['GET', '/api/data/public/admin-user'],
    ['GET', '/api/data/public/admin-audit'],
  ];
  for (const [method, path, body] of ROUTES) {
    it(`${method} ${path}: 401 signed out, 403 for a navigator`, async () => {
      errorsOf(await call(server.url, path, { method, body }), 401);
      assert.deepEqual(errorsOf(await call(server.url, path, { method, body, token: navigator.token }), 403), [{ message: 'You do not have access to this resource' }]);
    });
  }

  it("another organisation's user is 404 on every route, and absent from the list", async () => {
    for (const [method, suffix, body] of [['GET', ''], ['PUT', '', newUser('olive-2')], ['POST', '/deactivate'], ['POST', '/reactivate'], ['POST', '/password-reset']] as const) {
      assert.deepEqual(errorsOf(await call(server.url, `/api/admin/users/${otherUserUid}${suffix}`, { method, body, token: admin.token }), 404), [{ message: USER_NOT_FOUND }]);
    }
    errorsOf(await call(server.url, '/api/admin/users/not-a-uuid', { token: admin.token }), 404);
    const list = await call(server.url, `/api/data/public/admin-user?user_name=${other.userName}`, { token: admin.token });
    assert.equal(list.body.meta.total, 0);
    errorsOf(await call(server.url, `/api/data/public/admin-user/${otherUserUid}`, { token: admin.token }), 404);
  });
});

describe('users and permissions', () => {
  it("lists the organisation's divisions and users, searchable", async () => {
    const answer = await call(server.url, '/api/admin/divisions', { token: admin.token });
    assert.deepEqual(answer.body.data.map((d: any) => d.attributes.division_name), ['Franklin County Care', 'Summit County Care']);
    const list = await call(server.url, '/api/data/public/admin-user?display_name__like=nora', { token: admin.token });
    assert.deepEqual(list.body.data.map((r: any) => [r.attributes.user_name, r.attributes.division_names, r.attributes.is_admin, r.attributes.is_active]), [['navigator', 'Franklin County Care, Summit County Care', false, true]]);
    const admins = await call(server.url, '/api/data/public/admin-user?is_admin=true', { token: admin.token });
    assert.deepEqual(admins.body.data.map((r: any) => r.attributes.user_name), ['admin']);
  });

  it('creates a user with a template and overrides, e-mails a one-time link, audits it; a retry creates one', async () => {
    const flags = [...ROLE_TEMPLATES.navigator.flags.filter((f) => f !== 'chat'), 'hasDebugMode'];
    const idem = key();
    const body = newUser('nina', flags);
    const answer = await call(server.url, '/api/admin/users', { token: admin.token, body, headers: { 'idempotency-key': idem } });
    assert.equal(answer.status, 201, answer.text);
    const created = answer.body.data.attributes;
    assert.deepEqual(created.divisions, [{ division_uid: divisions[0], flags: sorted(flags) }]);
    const again = await call(server.url, '/api/admin/users', { token: admin.token, body, headers: { 'idempotency-key': idem } });
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal((await server.db.selectFrom('app_user').select('user_uid').where('user_name', '=', 'nina').execute()).length, 1);

    const email = await lastEmailTo(server.db, 'nina@county.test');
    assert.equal(email.subject, 'Your Careweave account');
    assert.match(email.body, /user name nina/);
    assert.equal((await server.db.selectFrom('app_user').select('password_hash').where('user_name', '=', 'nina').executeTakeFirstOrThrow()).password_hash, null);

    const [entry] = await audit('CreatedUser');
    assert.equal(entry.actor_name, 'Ada Admin');
    assert.equal(entry.target_label, 'nina');
    assert.equal(entry.before_json, '');
    assert.deepEqual(JSON.parse(entry.after_json).divisions, [{ divisionUid: divisions[0], flags: sorted(flags) }]);

    const signedIn = await useEmailedLink('nina@county.test');
    assert.equal(signedIn.status, 200, signedIn.text);
    assert.equal(signedIn.body.data.attributes.flags.hasDebugMode, true);
    assert.equal(signedIn.body.data.attributes.flags.chat, false);
    await login(server.url, 'nina', NEW_PASSWORD);
  });

  it('refuses an invalid user with field messages', async () => {
    const empty = await call(server.url, '/api/admin/users', { token: admin.token, body: { display_name: '', user_name: 'a b', email: 'nope', divisions: [] }, headers: { 'idempotency-key': key() } });
    assert.deepEqual(fieldErrors(empty), { display_name: 'Required', user_name: 'Use letters, digits, dots, dashes, underscores or @ only', email: 'Must be a valid email address', divisions: 'Choose at least one division' });
    const noFlags = await call(server.url, '/api/admin/users', { token: admin.token, body: newUser('x1', []), headers: { 'idempotency-key': key() } });
    assert.deepEqual(fieldErrors(noFlags), { 'divisions.0.flags': 'Choose at least one permission' });
    const badFlag = await call(server.url, '/api/admin/users', { token: admin.token, body: newUser('x1', ['hasAppNavigator', 'ownCredentialService']), headers: { 'idempotency-key': key() } });
    assert.ok(fieldErrors(badFlag)['divisions.0.flags.1'], badFlag.text);
    const foreign = await call(server.url, '/api/admin/users', { token: admin.token, body: newUser('x1', ['hasAppNavigator'], other.divisionUid), headers: { 'idempotency-key': key() } });
    assert.deepEqual(fieldErrors(foreign), { 'divisions.0.division_uid': 'Must be one of the listed options' });
    const taken = await call(server.url, '/api/admin/users', { token: admin.token, body: newUser('NAVIGATOR'), headers: { 'idempotency-key': key() } });
    assert.deepEqual(fieldErrors(taken), { user_name: 'This user name is already taken' });
    errorsOf(await call(server.url, '/api/admin/users', { token: admin.token, body: newUser('x2') }), 400);
  });

  it('edits a user: divisions and flags, before and after in the audit log', async () => {
    const uid = await createUser('edith');
    const body = { ...newUser('edith', ROLE_TEMPLATES.sponsor.flags), divisions: [{ division_uid: divisions[1], flags: ROLE_TEMPLATES.sponsor.flags }], display_name: 'Edith Edited' };
    const answer = await call(server.url, `/api/admin/users/${uid}`, { method: 'PUT', token: admin.token, body });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.data.attributes.display_name, 'Edith Edited');
    assert.deepEqual(answer.body.data.attributes.divisions, [{ division_uid: divisions[1], flags: sorted(ROLE_TEMPLATES.sponsor.flags) }]);
    const [entry] = await audit('UpdatedUser');
    assert.equal(JSON.parse(entry.before_json).displayName, 'Test edith');
    assert.equal(JSON.parse(entry.after_json).displayName, 'Edith Edited');
    assert.deepEqual(fieldErrors(await call(server.url, `/api/admin/users/${uid}`, { method: 'PUT', token: admin.token, body: { ...body, user_name: 'admin' } })), { user_name: 'This user name is already taken' });
  });

  it('an admin cannot remove their own Administrator permission', async () => {
    const self = admin.session.user_uid as string;
    const body = { display_name: 'Ada Admin', user_name: 'admin', email: 'admin@careweave.test', divisions: divisions.map((d) => ({ division_uid: d, flags: ROLE_TEMPLATES.navigator.flags })) };
    assert.deepEqual(fieldErrors(await call(server.url, `/api/admin/users/${self}`, { method: 'PUT', token: admin.token, body })), { divisions: OWN_ADMIN });
    const flags = (await server.db.selectFrom('user_division').select('permissions').where('user_uid', '=', self).execute()).map((r) => r.permissions.includes('navigatorAdmin'));
    assert.deepEqual(flags, [true, true]);
  });

  it('the last active administrator cannot be deactivated', async () => {
    const self = admin.session.user_uid as string;
    assert.deepEqual(errorsOf(await call(server.url, `/api/admin/users/${self}/deactivate`, { method: 'POST', token: admin.token }), 409), [{ message: LAST_ADMIN }]);
    assert.equal((await call(server.url, '/api/session/current', { token: admin.token })).status, 200);
  });

  it("deactivation ends the user's open session at once; reactivation lets them sign in again", async () => {
    const uid = await createUser('dora');
    assert.equal((await useEmailedLink('dora@county.test')).status, 200);
    const dora = await login(server.url, 'dora', NEW_PASSWORD);
    // Read once so the session row sits in the process's cache (SESSION_CACHE_MS).
    assert.equal((await call(server.url, '/api/session/current', { token: dora.token })).status, 200);
    const answer = await call(server.url, `/api/admin/users/${uid}/deactivate`, { method: 'POST', token: admin.token });
    assert.equal(answer.body.data.attributes.is_active, false);
    errorsOf(await call(server.url, '/api/reminders/me', { token: dora.token }), 401);
    errorsOf(await call(server.url, '/api/auth/login', { body: { user_name: 'dora', password: NEW_PASSWORD } }), 401);
    assert.deepEqual(errorsOf(await call(server.url, `/api/admin/users/${uid}/password-reset`, { method: 'POST', token: admin.token }), 409), [{ message: INACTIVE }]);
    const [entry] = await audit('DeactivatedUser');
    assert.deepEqual([entry.target_label, JSON.parse(entry.before_json), JSON.parse(entry.after_json)], ['dora', { isActive: true }, { isActive: false }]);

    assert.equal((await call(server.url, `/api/admin/users/${uid}/reactivate`, { method: 'POST', token: admin.token })).body.data.attributes.is_active, true);
    await login(server.url, 'dora', NEW_PASSWORD);
    assert.equal((await audit('ReactivatedUser'))[0].target_label, 'dora');
  });

  it('a password reset e-mails a one-time link; the old password works until it is used', async () => {
    const uid = await createUser('rita');
    assert.equal((await useEmailedLink('rita@county.test')).status, 200);
    const rita = await login(server.url, 'rita', NEW_PASSWORD);
    const answer = await call(server.url, `/api/admin/users/${uid}/password-reset`, { method: 'POST', token: admin.token });
    assert.equal(answer.status, 200, answer.text);
    // `password_fallback` (issue 34) is whether the user keeps password sign-in, a yes or no, not a password.
    assert.doesNotMatch(answer.text.replaceAll('"password_fallback":false', ''), /token|password/i);
    const email = await lastEmailTo(server.db, 'rita@county.test');
    assert.equal(email.subject, 'Reset your Careweave password');
    await login(server.url, 'rita', NEW_PASSWORD);
    const reset = await useEmailedLink('rita@county.test', 'another-long-password');
    assert.equal(reset.status, 200, reset.text);
    errorsOf(await call(server.url, '/api/session/current', { token: rita.token }), 401);
    await login(server.url, 'rita', 'another-long-password');
    assert.deepEqual(JSON.parse((await audit('SentPasswordReset'))[0].after_json), { email: 'rita@county.test' });
  });
});

describe('sign-in links', () => {
  it('work once, within 24 hours, with a valid new password; a newer link replaces an older one', async () => {
    const uid = await createUser('lina');
    const first = signInLinkIn((await lastEmailTo(server.db, 'lina@county.test')).body).token;
    await call(server.url, `/api/admin/users/${uid}/password-reset`, { method: 'POST', token: admin.token });
    const second = signInLinkIn((await lastEmailTo(server.db, 'lina@county.test')).body).token;
    assert.deepEqual(fieldErrors(await call(server.url, '/api/auth/sign-in-link', { body: { token: first, new_password: NEW_PASSWORD } })), { token: LINK_UNUSABLE });
    assert.deepEqual(fieldErrors(await call(server.url, '/api/auth/sign-in-link', { body: { token: second, new_password: 'short' } })), { new_password: 'Must be at least 10 characters' });
    await withClock(async (move) => {
      // 24 hours, written out: a link that lived longer would not be refused here.
      move(24 * 3_600_000 + 5000);
      assert.deepEqual(fieldErrors(await call(server.url, '/api/auth/sign-in-link', { body: { token: second, new_password: NEW_PASSWORD } })), { token: LINK_UNUSABLE });
      move(-10_000);
      // Just before its 24 hours the link still works, once: of two at the same time, one sets the password.
      const [a, b] = await Promise.all([0, 1].map(() => call(server.url, '/api/auth/sign-in-link', { body: { token: second, new_password: NEW_PASSWORD } })));
      assert.deepEqual([a.status, b.status].sort(), [200, 422]);
    });
    const stored = await server.db.selectFrom('sign_in_link').select('token_hash').where('user_uid', '=', uid).execute();
    assert.ok(stored.every((r) => r.token_hash !== first && r.token_hash !== second));
  });
});

describe('npm run admin -- create-user', () => {
  let empty: TestServer;
  before(async () => {
    empty = await startTestServer({ DEMO_SEED: '0' });
  });
  after(async () => {
    await empty?.stop();
  });
  const env = () => ({ databaseUrl: empty.connectionString, publicUrl: empty.url });

  it('refuses bad options with their messages', async () => {
    const bad = await runAdminCommand(env(), ['create-user', '--name', '', '--email', 'nope', '--org', 'County']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--name: Required\n--email: Must be a valid email address\nUsage: npm run admin/);
    assert.equal((await runAdminCommand(env(), ['delete-everything'])).code, 2);
  });

  it('creates the first organisation, division and administrator on an empty install, with a one-time link', async () => {
    assert.equal((await empty.db.selectFrom('app_user').select('user_uid').execute()).length, 0);
    const made = await runAdminCommand(env(), ['create-user', '--name', 'Alex Admin', '--email', 'alex@county.example', '--org', 'Franklin County']);
    assert.equal(made.code, 0, made.stderr);
    const { url, token } = signInLinkIn(made.stdout);
    assert.ok(url.startsWith(`${empty.url}/set-password#token=`), url);
    const org = await empty.db.selectFrom('organization').innerJoin('division', 'division.org_uid', 'organization.org_uid').select(['org_name', 'division_name']).execute();
    assert.deepEqual(org, [{ org_name: 'Franklin County', division_name: 'Franklin County' }]);

    const signedIn = await call(empty.url, '/api/auth/sign-in-link', { body: { token, new_password: NEW_PASSWORD } });
    assert.equal(signedIn.status, 200, signedIn.text);
    const session = signedIn.body.data.attributes;
    assert.equal(session.user_name, 'alex');
    assert.equal(session.flags.navigatorAdmin, true);
    assert.deepEqual(fieldErrors(await call(empty.url, '/api/auth/sign-in-link', { body: { token, new_password: NEW_PASSWORD } })), { token: LINK_UNUSABLE });
    const alex = await login(empty.url, 'alex', NEW_PASSWORD);
    const log = await call(empty.url, '/api/data/public/admin-audit?sort=created_at', { token: alex.token });
    assert.deepEqual(log.body.data.map((r: any) => [r.attributes.actor_name, r.attributes.action, r.attributes.target_label]), [
      ['npm run admin', 'CreatedOrganization', 'Franklin County'],
      ['npm run admin', 'CreatedUser', 'alex'],
    ]);
    const destinations = await call(empty.url, '/api/destinations', { token: alex.token });
    assert.deepEqual(destinations.body.data.map((d: any) => d.attributes.url), ['/admin']);

    const again = await runAdminCommand(env(), ['create-user', '--name', 'Bo', '--email', 'bo@county.example', '--org', 'Other']);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /already has an organisation \(Franklin County\)/);
  });
});
