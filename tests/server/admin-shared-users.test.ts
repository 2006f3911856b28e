import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ROLE_TEMPLATES } from '../../shared/role-templates';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { hashPassword } from '../../server/auth/password';
import { SHARED_INACTIVE, SHARED_USER, USER_NOT_FOUND } from '../../server/admin/admin.routes';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-users';
import { lastEmailTo, signInLinkIn } from '../../server/testing/admin-command';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, errorsOf, fieldErrors, login, type LoggedIn } from './support/http';
import { createOtherOrganization, type OtherOrganization } from './support/other-org';

/**
 * Issue 14, a tester's attack: a user works in divisions of two
 * organisations. Organisation A is the demo one (its admin `admin`);
 * organisation B is made here with its own admin, Bea. Bea tries to take the
 * shared user over through the admin routes.
 */

const PASSWORD = 'a-long-shared-password';
const NAVIGATOR = ROLE_TEMPLATES.navigator.flags;
const sorted = (flags: readonly string[]) => [...flags].sort();
const key = () => `admin-shared-${crypto.randomUUID()}`;

let server: TestServer;
let adminA: LoggedIn;
let adminB: LoggedIn;
let orgB: OtherOrganization;
let franklin: string;

before(async () => {
  server = await startTestServer();
  adminA = await login(server.url, 'admin');
  franklin = (await server.db.selectFrom('division').select('division_uid').where('division_name', '=', 'Franklin County Care').executeTakeFirstOrThrow()).division_uid;
  orgB = await createOtherOrganization(server.db);
  const bea = await server.db
    .insertInto('app_user')
    .values({ user_name: 'bea-admin', display_name: 'Bea Admin', email_address: 'bea@elsewhere.test', password_hash: await hashPassword(DEMO_PASSWORD), theme: null })
    .returning('user_uid')
    .executeTakeFirstOrThrow();
  await server.db.insertInto('user_division').values({ user_uid: bea.user_uid, division_uid: orgB.divisionUid, permissions: [...ROLE_TEMPLATES.administrator.flags] }).execute();
  adminB = await login(server.url, 'bea-admin');
});
after(async () => {
  await server?.stop();
});

interface Shared {
  uid: string;
  userName: string;
  email: string;
  /** The body of a PUT that changes nothing: the stored details and org B's division. */
  asB: { display_name: string; user_name: string; email: string; divisions: { division_uid: string; flags: readonly string[] }[] };
}

/**
 * A user organisation A's admin made (who set their password through the
 * e-mailed link), who now also works in organisation B's division. No admin
 * route makes a user shared, so the second division is written directly.
 */
async function sharedUser(userName: string): Promise<Shared> {
  const email = `${userName}@county.test`;
  const details = { display_name: `Sam ${userName}`, user_name: userName, email };
  const made = await call(server.url, '/api/admin/users', { token: adminA.token, body: { ...details, divisions: [{ division_uid: franklin, flags: NAVIGATOR }] }, headers: { 'idempotency-key': key() } });
  assert.equal(made.status, 201, made.text);
  const { token } = signInLinkIn((await lastEmailTo(server.db, email)).body);
  assert.equal((await call(server.url, '/api/auth/sign-in-link', { body: { token, new_password: PASSWORD } })).status, 200);
  const uid = made.body.data.id as string;
  await server.db.insertInto('user_division').values({ user_uid: uid, division_uid: orgB.divisionUid, permissions: [...NAVIGATOR] }).execute();
  return { uid, userName, email, asB: { ...details, divisions: [{ division_uid: orgB.divisionUid, flags: NAVIGATOR }] } };
}

const stored = (uid: string) => server.db.selectFrom('app_user').select(['user_name', 'display_name', 'first_name', 'last_name', 'email_address', 'is_active']).where('user_uid', '=', uid).executeTakeFirstOrThrow();
const divisionsOf = async (uid: string) =>
  (await server.db.selectFrom('user_division').select(['division_uid', 'permissions']).where('user_uid', '=', uid).orderBy('division_uid').execute()).map((r) => ({ division: r.division_uid, flags: sorted(r.permissions) }));
const outboxFor = async (email: string) => (await server.db.selectFrom('outbox').select('outbox_uid').where('recipient', '=', email).execute()).length;
const linksOf = async (uid: string) => (await server.db.selectFrom('sign_in_link').select('token_hash').where('user_uid', '=', uid).execute()).length;
/** Every audit row about the user, in any organisation's log. */
const auditRowsAbout = (uid: string) => server.db.selectFrom('admin_audit_entry').select(['org_uid', 'action']).where('target_uid', '=', uid).orderBy('created_at').execute();
/** What an admin reads in their own organisation's log about a user, oldest first. */
const logOf = async (admin: LoggedIn, userName: string) =>
  (await call(server.url, `/api/data/public/admin-audit?target_label=${userName}&sort=created_at&page-size=100`, { token: admin.token })).body.data.map((r: any) => r.attributes);
const put = (admin: LoggedIn, uid: string, body: unknown) => call(server.url, `/api/admin/users/${uid}`, { method: 'PUT', token: admin.token, body });
const command = (admin: LoggedIn, uid: string, name: string) => call(server.url, `/api/admin/users/${uid}/${name}`, { method: 'POST', token: admin.token });
const patients = (user: LoggedIn) => call(server.url, '/api/data/public/patient-list?page-size=5', { token: user.token });

async function signInTo(userName: string, divisionUid: string): Promise<LoggedIn> {
  const user = await login(server.url, userName, PASSWORD);
  if (user.session.current_division_uid === divisionUid) return user;
  const switched = await call(server.url, '/api/session/current', { method: 'PUT', token: user.token, body: { data: { attributes: { current_division_uid: divisionUid } } } });
  assert.equal(switched.status, 200, switched.text);
  return { ...user, token: switched.body.data.attributes.token };
}

describe("a user of two organisations: organisation B's admin tries to take them over", () => {
  it('the shared user reads organisation A patients, and both admins see them as shared', async () => {
    const sam = await sharedUser('sam-reads');
    const inA = await signInTo(sam.userName, franklin);
    const list = await patients(inA);
    assert.equal(list.status, 200, list.text);
    assert.ok(list.body.meta.total > 0);
    for (const admin of [adminA, adminB]) {
      const seen = await call(server.url, `/api/admin/users/${sam.uid}`, { token: admin.token });
      assert.equal(seen.body.data.attributes.shared_with_other_organization, true);
      assert.equal(seen.body.data.attributes.divisions.length, 1, 'each admin sees only their own division');
    }
  });

  it("changing the shared user's e-mail, user name or name is refused on each field, and nothing is stored", async () => {
    const sam = await sharedUser('sam-email');
    const was = await stored(sam.uid);
    assert.deepEqual(fieldErrors(await put(adminB, sam.uid, { ...sam.asB, email: 'bea-owns-this@elsewhere.test' })), { email: SHARED_USER });
    const all = await put(adminB, sam.uid, { ...sam.asB, email: 'x@elsewhere.test', user_name: 'sam-taken', display_name: 'Someone Else' });
    assert.deepEqual(fieldErrors(all), { email: SHARED_USER, user_name: SHARED_USER, display_name: SHARED_USER });
    // The rule is the same from either side.
    const fromA = { ...sam.asB, email: 'a-owns-this@county.test', divisions: [{ division_uid: franklin, flags: NAVIGATOR }] };
    assert.deepEqual(fieldErrors(await put(adminA, sam.uid, fromA)), { email: SHARED_USER });
    assert.deepEqual(await stored(sam.uid), was);
    assert.deepEqual((await auditRowsAbout(sam.uid)).map((r) => r.action), ['CreatedUser']);
    await login(server.url, sam.userName, PASSWORD);
  });

  it('a password reset link for the shared user is refused with 403: no e-mail, no link, the password unchanged', async () => {
    const sam = await sharedUser('sam-reset');
    const [mails, links] = [await outboxFor(sam.email), await linksOf(sam.uid)];
    assert.deepEqual(errorsOf(await command(adminB, sam.uid, 'password-reset'), 403), [{ message: SHARED_USER }]);
    assert.deepEqual(errorsOf(await command(adminA, sam.uid, 'password-reset'), 403), [{ message: SHARED_USER }]);
    assert.equal(await outboxFor(sam.email), mails);
    assert.equal(await linksOf(sam.uid), links);
    assert.deepEqual((await auditRowsAbout(sam.uid)).map((r) => r.action), ['CreatedUser']);
    await login(server.url, sam.userName, PASSWORD);
  });

  it("organisation B's admin cannot give or change flags in an organisation A division", async () => {
    const sam = await sharedUser('sam-flags');
    const was = await divisionsOf(sam.uid);
    const admin = ROLE_TEMPLATES.administrator.flags;
    assert.deepEqual(fieldErrors(await put(adminB, sam.uid, { ...sam.asB, divisions: [{ division_uid: franklin, flags: admin }] })), { 'divisions.0.division_uid': NOT_LISTED });
    const both = { ...sam.asB, divisions: [...sam.asB.divisions, { division_uid: franklin, flags: admin }] };
    assert.deepEqual(fieldErrors(await put(adminB, sam.uid, both)), { 'divisions.1.division_uid': NOT_LISTED });
    assert.deepEqual(await divisionsOf(sam.uid), was);
  });

  it("organisation B's admin may change the shared user's flags in B's division; organisation A's log records it too, without B's flags", async () => {
    const sam = await sharedUser('sam-edit');
    const sponsor = ROLE_TEMPLATES.sponsor.flags;
    const answer = await put(adminB, sam.uid, { ...sam.asB, divisions: [{ division_uid: orgB.divisionUid, flags: sponsor }] });
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body.data.attributes.divisions, [{ division_uid: orgB.divisionUid, flags: sorted(sponsor) }]);
    const divisions = await divisionsOf(sam.uid);
    assert.deepEqual(divisions.find((d) => d.division === franklin)?.flags, sorted(NAVIGATOR), "A's division untouched");

    const [inB] = (await logOf(adminB, sam.userName)).filter((e: any) => e.action === 'UpdatedUser');
    assert.equal(inB.actor_name, 'Bea Admin');
    assert.deepEqual(JSON.parse(inB.after_json).divisions, [{ divisionUid: orgB.divisionUid, flags: sorted(sponsor) }]);
    const [inA] = (await logOf(adminA, sam.userName)).filter((e: any) => e.action === 'UpdatedUser');
    assert.equal(inA.actor_name, 'Bea Admin (Elsewhere Health)');
    assert.equal(JSON.parse(inA.after_json).divisions, undefined);
    assert.equal(JSON.parse(inA.after_json).email, sam.email);
  });

  it("deactivation by organisation B's admin takes the user out of B only: they still sign in and read A's patients; both logs record it", async () => {
    const sam = await sharedUser('sam-deactivate');
    const inB = await signInTo(sam.userName, orgB.divisionUid);
    const inA = await signInTo(sam.userName, franklin);

    const answer = await command(adminB, sam.uid, 'deactivate');
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body.data.attributes.divisions, []);

    errorsOf(await call(server.url, '/api/session/current', { token: inB.token }), 401);
    assert.equal((await patients(inA)).status, 200, 'the session in A goes on');
    assert.deepEqual(await divisionsOf(sam.uid), [{ division: franklin, flags: sorted(NAVIGATOR) }]);
    assert.equal((await stored(sam.uid)).is_active, true);

    const again = await login(server.url, sam.userName, PASSWORD);
    assert.equal(again.session.current_division_uid, franklin);
    const list = await patients(again);
    assert.equal(list.status, 200, list.text);
    assert.ok(list.body.meta.total > 0);
    const toB = await call(server.url, '/api/session/current', { method: 'PUT', token: again.token, body: { data: { attributes: { current_division_uid: orgB.divisionUid } } } });
    errorsOf(toB, 403);

    assert.deepEqual(errorsOf(await call(server.url, `/api/admin/users/${sam.uid}`, { token: adminB.token }), 404), [{ message: USER_NOT_FOUND }]);
    assert.equal((await call(server.url, `/api/data/public/admin-user?user_name=${sam.userName}`, { token: adminB.token })).body.meta.total, 0);
    const forA = await call(server.url, `/api/admin/users/${sam.uid}`, { token: adminA.token });
    assert.deepEqual([forA.body.data.attributes.is_active, forA.body.data.attributes.shared_with_other_organization], [true, false]);

    const [inBLog] = (await logOf(adminB, sam.userName)).filter((e: any) => e.action === 'RemovedUserFromOrganization');
    assert.equal(inBLog.actor_name, 'Bea Admin');
    assert.deepEqual(JSON.parse(inBLog.before_json), { divisions: [{ divisionUid: orgB.divisionUid, flags: sorted(NAVIGATOR) }] });
    assert.deepEqual(JSON.parse(inBLog.after_json), { divisions: [] });
    const [inALog] = (await logOf(adminA, sam.userName)).filter((e: any) => e.action === 'RemovedUserFromOrganization');
    assert.deepEqual([inALog.actor_name, inALog.before_json, inALog.after_json], ['Bea Admin (Elsewhere Health)', '', '']);
  });

  it('an inactive shared user cannot be reactivated by either organisation', async () => {
    const sam = await sharedUser('sam-inactive');
    await server.db.updateTable('app_user').set({ is_active: false }).where('user_uid', '=', sam.uid).execute();
    for (const admin of [adminB, adminA]) assert.deepEqual(errorsOf(await command(admin, sam.uid, 'reactivate'), 403), [{ message: SHARED_INACTIVE }]);
    assert.equal((await stored(sam.uid)).is_active, false);
    assert.deepEqual((await auditRowsAbout(sam.uid)).map((r) => r.action), ['CreatedUser']);
  });
});

describe("a user of organisation B only is B's admin's to edit, reset and deactivate", () => {
  it('edits the details, sends a reset link, deactivates; only B\'s log records it', async () => {
    const made = await call(server.url, '/api/admin/users', {
      token: adminB.token,
      body: { display_name: 'Bo Only', user_name: 'bo-only', email: 'bo@elsewhere.test', divisions: [{ division_uid: orgB.divisionUid, flags: NAVIGATOR }] },
      headers: { 'idempotency-key': key() },
    });
    assert.equal(made.status, 201, made.text);
    const uid = made.body.data.id as string;
    assert.equal(made.body.data.attributes.shared_with_other_organization, false);

    const edited = await put(adminB, uid, { display_name: 'Bo Renamed', user_name: 'bo-renamed', email: 'bo.renamed@elsewhere.test', divisions: [{ division_uid: orgB.divisionUid, flags: NAVIGATOR }] });
    assert.equal(edited.status, 200, edited.text);
    assert.deepEqual(await stored(uid), { user_name: 'bo-renamed', display_name: 'Bo Renamed', first_name: 'Bo', last_name: 'Renamed', email_address: 'bo.renamed@elsewhere.test', is_active: true });

    assert.equal((await command(adminB, uid, 'password-reset')).status, 200);
    assert.equal((await lastEmailTo(server.db, 'bo.renamed@elsewhere.test')).subject, 'Reset your Careweave password');
    const { token } = signInLinkIn((await lastEmailTo(server.db, 'bo.renamed@elsewhere.test')).body);
    assert.equal((await call(server.url, '/api/auth/sign-in-link', { body: { token, new_password: PASSWORD } })).status, 200);
    const bo = await login(server.url, 'bo-renamed', PASSWORD);

    const deactivated = await command(adminB, uid, 'deactivate');
    assert.equal(deactivated.body.data.attributes.is_active, false);
    errorsOf(await call(server.url, '/api/session/current', { token: bo.token }), 401);
    errorsOf(await call(server.url, '/api/auth/login', { body: { user_name: 'bo-renamed', password: PASSWORD } }), 401);
    assert.deepEqual(await divisionsOf(uid), [{ division: orgB.divisionUid, flags: sorted(NAVIGATOR) }], 'a plain deactivation keeps the divisions for a reactivation');

    const rows = await auditRowsAbout(uid);
    assert.deepEqual(rows.map((r) => r.action), ['CreatedUser', 'UpdatedUser', 'SentPasswordReset', 'DeactivatedUser']);
    assert.ok(rows.every((r) => r.org_uid === orgB.orgUid), "nothing in organisation A's log");
    assert.equal((await logOf(adminA, 'bo-renamed')).length, 0);
  });
});
