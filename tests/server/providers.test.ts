import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { NAVIGATOR_LIST_LIMIT } from '../../shared/constants';
import { call, errorsOf, login, type LoggedIn } from './support/http';
import { createOtherOrganization, type OtherOrganization } from './support/other-org';

let server: TestServer;
let url: string;
let nav: LoggedIn;
let other: OtherOrganization;
let orgUid: string;

before(async () => {
  server = await startTestServer();
  url = server.url;
  nav = await login(url, 'navigator');
  orgUid = nav.session.accessible_divisions[0].org_uid;
  other = await createOtherOrganization(server.db);
});
after(async () => {
  await server?.stop();
});

const providers = (query: string, token = nav.token) => call(url, `/api/providers/mv${query}`, { token });

/** The demo organisation's providers straight from the database, as the call shows them. */
async function truth(roleType?: string, usersOnly = false) {
  let q = server.db
    .selectFrom('provider as p')
    .leftJoin('reference_data as r', 'r.uid', 'p.provider_role_uid')
    .select(['p.provider_uid', 'p.display_name', 'p.user_uid', 'p.provider_role_uid', 'r.label as provider_role_label'])
    .where('p.org_uid', '=', orgUid)
    .orderBy('p.display_name');
  if (roleType) q = q.where('r.ref_data_type', '=', roleType);
  if (usersOnly) q = q.where('p.user_uid', 'is not', null);
  return (await q.execute()).map((p) => ({ type: 'providers', id: p.provider_uid, attributes: p }));
}

describe('GET /api/providers/mv', () => {
  it('lists the navigators of my organisation as the reassign list asks (spec 002 "Others")', async () => {
    const answer = await providers(`?limit=${NAVIGATOR_LIST_LIMIT}&org_users_only=true&organization-id=${orgUid}&role_type=Navigator`);
    assert.equal(answer.status, 200);
    const expected = await truth('Navigator', true);
    assert.deepEqual(expected.map((p) => p.attributes.display_name), ['Ada Admin', 'Dana Director', 'Nora Navigator']);
    assert.deepEqual(answer.body, { data: expected, meta: { total: 3 } });
  });

  it('without role_type lists every provider of my organisation; org_users_only leaves out those without a login', async () => {
    const all = await providers('');
    assert.deepEqual(all.body.data, await truth());
    assert.ok(all.body.data.some((p: any) => p.attributes.provider_role_label === 'Physician' && p.attributes.user_uid === null));
    const users = await providers('?org_users_only=1');
    assert.deepEqual(users.body.data, await truth(undefined, true));
  });

  it('matches role_type case-insensitively and searches names with q (every word must match)', async () => {
    assert.deepEqual((await providers('?role_type=navigator')).body.data, await truth('Navigator'));
    assert.deepEqual((await providers('?q=dana')).body.data.map((p: any) => p.attributes.display_name), ['Dana Director']);
    assert.deepEqual((await providers('?q=nora%20nav&role_type=Navigator')).body.data.map((p: any) => p.attributes.display_name), ['Nora Navigator']);
    assert.deepEqual((await providers('?q=%25')).body.data, [], 'a typed % matches itself');
    assert.equal((await providers('?q=raman')).body.data.length, 1);
    assert.equal((await providers('?q=raman&reviewer_only=true')).body.data.length, 0, 'a physician without a login reviews nothing');
  });

  it('reviewer_only lists only the users who review CIT contact sheets, and searches them with q', async () => {
    const reviewers = await server.db
      .selectFrom('provider as p')
      .innerJoin('user_division as ud', 'ud.user_uid', 'p.user_uid')
      .select('p.display_name')
      .distinct()
      .where('p.org_uid', '=', orgUid)
      .where(sql<boolean>`'citSupervisoryApproval' = any (ud.permissions)`)
      .orderBy('p.display_name')
      .execute();
    assert.ok(reviewers.length > 0, 'the demo has a CIT supervisor with a provider record');
    const names = (await providers('?reviewer_only=true')).body.data.map((p: any) => p.attributes.display_name);
    assert.deepEqual(names, reviewers.map((r) => r.display_name));
    assert.ok(!names.includes('Nora Navigator'));
    assert.deepEqual((await providers('?reviewer_only=true&q=nora')).body.data, []);
  });

  it('honours limit from 1 to 9999 and refuses anything else', async () => {
    assert.equal((await providers('?limit=1')).body.data.length, 1);
    for (const bad of ['0', '10000', 'abc', '-1', '1.5']) {
      const errors = errorsOf(await providers(`?limit=${bad}`), 400);
      assert.deepEqual(errors, [{ field: 'limit', message: 'limit must be a whole number from 1 to 9999' }], bad);
    }
  });

  it('never lists another organisation: its id is a 403, a malformed id a 400', async () => {
    assert.deepEqual(errorsOf(await providers(`?organization-id=${other.orgUid}`), 403), [{ message: 'You may only list providers of your own organization' }]);
    errorsOf(await providers('?organization-id=nope'), 400);
    const ids = (await providers('')).body.data.map((p: any) => p.id);
    assert.ok(!ids.includes(other.navigatorUid));
  });

  it("a user of the other organisation sees only that organisation's providers", async () => {
    const them = await login(url, other.userName);
    const answer = await providers('?role_type=Navigator&org_users_only=true', them.token);
    assert.deepEqual(answer.body.data.map((p: any) => p.id), [other.navigatorUid]);
    errorsOf(await providers(`?organization-id=${orgUid}`, them.token), 403);
  });

  it('is 401 without a session', async () => {
    errorsOf(await call(url, '/api/providers/mv'), 401);
  });
});
