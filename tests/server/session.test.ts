import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { FLAGS, flagsFrom } from '../../shared/permissions';
import { hashToken, sessionCache } from '../../server/auth/sessions.repository';
import { DEMO_USERS } from '../../server/db/seed/demo-users';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, errorsOf, login, type DemoFacts } from './support/http';

let server: TestServer;
let url: string;
let facts: DemoFacts;

before(async () => {
  server = await startTestServer();
  url = server.url;
  facts = await demoFacts(server.db);
});
after(async () => {
  await server?.stop();
});

/** The session attributes of docs/api.md (token only on sign-in and division switch), plus org_uid. */
const SESSION_KEYS = [
  'accessible_divisions',
  'authentication_service',
  'csrf_token',
  'current_division_uid',
  'display_name',
  'expires_at',
  'flags',
  'idle_timeout_seconds',
  'org_uid',
  'theme',
  'user_email_address',
  'user_name',
  'user_uid',
];

// These tests change sessions behind the server's back; drop its short-lived copies so the change shows at once.
const setSession = async (token: string, values: { expires: string; lastSeen: string }) => {
  await sql`update session set expires_at = now() + ${values.expires}::interval, last_seen_at = now() + ${values.lastSeen}::interval
       where session_id = ${hashToken(token)}`.execute(server.db);
  sessionCache.clear();
};

const expiresOf = async (token: string) =>
  (await server.db.selectFrom('session').select('expires_at').where('session_id', '=', hashToken(token)).executeTakeFirstOrThrow()).expires_at;

describe('GET /api/session/current', () => {
  it('has every field of docs/api.md with the right values', async () => {
    const me = await login(url, 'navigator');
    const answer = await call(url, '/api/session/current', { token: me.token });
    assert.equal(answer.status, 200);
    const { data } = answer.body;
    assert.equal(data.type, 'session');
    const s = data.attributes;
    assert.deepEqual(Object.keys(s).sort(), SESSION_KEYS);
    assert.deepEqual(Object.keys(me.session).sort(), [...SESSION_KEYS, 'token'].sort());
    assert.equal(data.id, s.user_uid);
    assert.equal(s.user_name, 'navigator');
    assert.equal(s.display_name, 'Nora Navigator');
    assert.equal(s.user_email_address, 'navigator@careweave.test');
    assert.equal(s.authentication_service, 'careweave');
    assert.equal(s.csrf_token, me.csrf);
    assert.equal(s.current_division_uid, facts.divisionUids[0]);
    const org = await server.db.selectFrom('organization').select('org_uid').executeTakeFirstOrThrow();
    assert.equal(s.org_uid, org.org_uid);
    assert.deepEqual(s.accessible_divisions, [
      { division_uid: facts.divisionUids[0], division_name: 'Franklin County Care', org_uid: org.org_uid },
      { division_uid: facts.divisionUids[1], division_name: 'Summit County Care', org_uid: org.org_uid },
    ]);
    assert.deepEqual(s.theme, { setting_value: '{"color":{"primary":"#0d6efd"}}' });
    assert.equal(s.idle_timeout_seconds, 3600);
    const left = (Date.parse(s.expires_at) - Date.now()) / 1000;
    assert.ok(left > 3590 && left <= 3601, `expires in ${left}s`);
    assert.deepEqual(Object.keys(s.flags).sort(), [...FLAGS].sort());
  });

  for (const user of DEMO_USERS) {
    it(`gives ${user.userName} exactly the flags of the division`, async () => {
      const me = await login(url, user.userName);
      const s = (await call(url, '/api/session/current', { token: me.token })).body.data.attributes;
      assert.deepEqual(s.flags, { ...flagsFrom(user.flags), ownCredentialService: true });
      assert.equal(s.accessible_divisions.length, user.both ? 2 : 1);
    });
  }

  it('spot-checks flags by name', async () => {
    const nav = (await login(url, 'navigator')).session.flags;
    assert.equal(nav.hasAppNavigator, true);
    assert.equal(nav.navigatorAdmin, false);
    assert.equal(nav.identityViewRestricted, false);
    const admin = (await login(url, 'admin')).session.flags;
    assert.equal(admin.navigatorAdmin, true);
    assert.equal(admin.identityViewRestricted, true);
    const health = (await login(url, 'identity-health')).session.flags;
    assert.equal(health.isIdentityHealthcareUser, true);
    assert.equal(health.hasAppNavigator, false);
  });

  it('uses a stored theme', async () => {
    await server.db.updateTable('app_user').set({ theme: JSON.stringify({ color: { primary: '#aa3300' } }) }).where('user_name', '=', 'sponsor').execute();
    const me = await login(url, 'sponsor');
    assert.deepEqual(me.session.theme, { setting_value: '{"color":{"primary":"#aa3300"}}' });
  });

  it('is 401 without a token, with an unknown token and with a malformed header', async () => {
    errorsOf(await call(url, '/api/session/current'), 401);
    errorsOf(await call(url, '/api/session/current', { token: 'x'.repeat(43) }), 401);
    errorsOf(await call(url, '/api/session/current', { headers: { authorization: 'Basic bmF2aWdhdG9yOng=' } }), 401);
    errorsOf(await call(url, '/api/session/current', { cookie: 'careweave_session=nope' }), 401);
  });
});

describe('idle expiry', () => {
  it('a session past its expiry is 401 everywhere', async () => {
    const me = await login(url, 'navigator');
    await setSession(me.token, { expires: '-1 second', lastSeen: '-61 minutes' });
    assert.deepEqual(errorsOf(await call(url, '/api/session/current', { token: me.token }), 401), [
      { message: 'Your session has expired or you are not signed in.' },
    ]);
    errorsOf(await call(url, '/api/queues', { token: me.token }), 401);
    errorsOf(await call(url, '/api/session/current', { cookie: me.cookie }), 401);
  });

  it('GET /session/current slides the expiry to 60 minutes from now', async () => {
    const me = await login(url, 'navigator');
    await setSession(me.token, { expires: '5 minutes', lastSeen: '-55 minutes' });
    const before = await expiresOf(me.token);
    assert.ok(before.getTime() - Date.now() < 6 * 60_000);
    const answer = await call(url, '/api/session/current', { token: me.token });
    assert.equal(answer.status, 200);
    const stored = await expiresOf(me.token);
    const left = (stored.getTime() - Date.now()) / 1000;
    assert.ok(left > 3590 && left <= 3601, `expires in ${left}s`);
    assert.equal(answer.body.data.attributes.expires_at, stored.toISOString());
  });

  it('any other authenticated call slides it too', async () => {
    const me = await login(url, 'navigator');
    await setSession(me.token, { expires: '5 minutes', lastSeen: '-55 minutes' });
    assert.equal((await call(url, '/api/queues', { token: me.token })).status, 200);
    const left = ((await expiresOf(me.token)).getTime() - Date.now()) / 1000;
    assert.ok(left > 3590 && left <= 3601, `expires in ${left}s`);
  });

  it('a deactivated user’s session stops working within the session cache time (1 s)', async () => {
    const me = await login(url, 'cit');
    assert.equal((await call(url, '/api/session/current', { token: me.token })).status, 200);
    await server.db.updateTable('app_user').set({ is_active: false }).where('user_name', '=', 'cit').execute();
    await new Promise((r) => setTimeout(r, 1100));
    try {
      errorsOf(await call(url, '/api/session/current', { token: me.token }), 401);
    } finally {
      await server.db.updateTable('app_user').set({ is_active: true }).where('user_name', '=', 'cit').execute();
    }
  });
});

describe('absolute lifetime (SESSION_MAX_HOURS, 12 by default)', () => {
  const signedInAgo = async (token: string, hours: number) => {
    await sql`update session set created_at = now() - make_interval(hours => ${hours}), last_seen_at = now() - interval '1 minute'
         where session_id = ${hashToken(token)}`.execute(server.db);
    sessionCache.clear();
  };

  it('activity slides the idle expiry but never past 12 hours from sign-in', async () => {
    const me = await login(url, 'director');
    await signedInAgo(me.token, 11);
    assert.equal((await call(url, '/api/session/current', { token: me.token })).status, 200);
    const cap = (await expiresOf(me.token)).getTime();
    const signedIn = (await server.db.selectFrom('session').select('created_at').where('session_id', '=', hashToken(me.token)).executeTakeFirstOrThrow()).created_at.getTime();
    assert.ok(Math.abs(cap - (signedIn + 12 * 3_600_000)) < 2000, 'expires 12 h after sign-in, not 60 min from now');
    await signedInAgo(me.token, 12);
    await call(url, '/api/session/current', { token: me.token });
    sessionCache.clear();
    errorsOf(await call(url, '/api/session/current', { token: me.token }), 401);
  });

  it('a division switch keeps the sign-in time', async () => {
    const me = await login(url, 'director');
    await signedInAgo(me.token, 5);
    const switched = await call(url, '/api/session/current', { method: 'PUT', token: me.token, body: { data: { attributes: { current_division_uid: facts.divisionUids[1] } } } });
    assert.equal(switched.status, 200, switched.text);
    const row = await server.db.selectFrom('session').select('created_at').where('session_id', '=', hashToken(switched.body.data.attributes.token)).executeTakeFirstOrThrow();
    assert.ok(Date.now() - row.created_at.getTime() > 4.9 * 3_600_000);
  });
});

describe('PUT /api/session/current (division switch)', () => {
  const switchBody = (division: unknown) => ({ data: { attributes: { current_division_uid: division } } });

  it('switches to an accessible division with a new token; the old token stops working', async () => {
    const me = await login(url, 'navigator');
    const answer = await call(url, '/api/session/current', { method: 'PUT', token: me.token, body: switchBody(facts.divisionUids[1]) });
    assert.equal(answer.status, 200);
    const s = answer.body.data.attributes;
    assert.equal(s.current_division_uid, facts.divisionUids[1]);
    assert.match(s.token, /^[A-Za-z0-9_-]{43}$/);
    assert.notEqual(s.token, me.token);
    assert.notEqual(s.csrf_token, me.csrf);
    assert.match(answer.headers.get('set-cookie') ?? '', new RegExp(`^careweave_session=${s.token};`));
    errorsOf(await call(url, '/api/session/current', { token: me.token }), 401);
    const now = await call(url, '/api/session/current', { token: s.token });
    assert.equal(now.body.data.attributes.current_division_uid, facts.divisionUids[1]);
    // What the new token reads is the new division's.
    const queues = await call(url, '/api/queues', { token: s.token });
    const ids = (await server.db.selectFrom('queue').select('queue_uid').where('division_uid', '=', facts.divisionUids[1]).where('parent_queue_uid', 'is', null).execute()).map((q) => q.queue_uid);
    assert.deepEqual(queues.body.data.map((q: { id: string }) => q.id).sort(), ids.sort());
    // And back again.
    const back = await call(url, '/api/session/current', { method: 'PUT', token: s.token, body: switchBody(facts.divisionUids[0]) });
    assert.equal(back.status, 200);
    assert.equal(back.body.data.attributes.current_division_uid, facts.divisionUids[0]);
  });

  it('is 403 for a division the user cannot access, and the session stays as it was', async () => {
    const me = await login(url, 'identity');
    const answer = await call(url, '/api/session/current', { method: 'PUT', token: me.token, body: switchBody(facts.divisionUids[1]) });
    assert.deepEqual(errorsOf(answer, 403), [{ message: 'You do not have access to that division' }]);
    const still = await call(url, '/api/session/current', { token: me.token });
    assert.equal(still.status, 200);
    assert.equal(still.body.data.attributes.current_division_uid, facts.divisionUids[0]);
    errorsOf(await call(url, '/api/session/current', { method: 'PUT', token: me.token, body: switchBody('00000000-0000-0000-0000-000000000000') }), 403);
    errorsOf(await call(url, '/api/session/current', { method: 'PUT', token: me.token, body: switchBody("' or 1=1 --") }), 403);
  });

  it('answers a malformed body with 422 field errors (400 when not an object)', async () => {
    const me = await login(url, 'navigator');
    const put = (body: unknown) => call(url, '/api/session/current', { method: 'PUT', token: me.token, body });
    assert.deepEqual(errorsOf(await put({}), 422), [{ field: 'data', message: 'Required' }]);
    assert.deepEqual(errorsOf(await put({ data: { attributes: {} } }), 422), [{ field: 'data.attributes.current_division_uid', message: 'Required' }]);
    assert.deepEqual(errorsOf(await put(switchBody('')), 422), [{ field: 'data.attributes.current_division_uid', message: 'Required' }]);
    assert.equal(errorsOf(await put(switchBody(42)), 422)[0].field, 'data.attributes.current_division_uid');
    assert.deepEqual(errorsOf(await put([1, 2]), 400), [{ message: 'Request body must be a JSON object' }]);
    // Nothing changed.
    assert.equal((await call(url, '/api/session/current', { token: me.token })).status, 200);
  });

  it('is 401 without a session and 403 for a cookie switch without the CSRF token', async () => {
    errorsOf(await call(url, '/api/session/current', { method: 'PUT', body: switchBody(facts.divisionUids[1]) }), 401);
    const me = await login(url, 'navigator');
    errorsOf(await call(url, '/api/session/current', { method: 'PUT', cookie: me.cookie, body: switchBody(facts.divisionUids[1]) }), 403);
    const ok = await call(url, '/api/session/current', { method: 'PUT', cookie: me.cookie, csrf: me.csrf, body: switchBody(facts.divisionUids[1]) });
    assert.equal(ok.status, 200);
  });

  it('a session whose division was revoked stops working', async () => {
    const me = await login(url, 'director');
    const sw = await call(url, '/api/session/current', { method: 'PUT', token: me.token, body: switchBody(facts.divisionUids[1]) });
    const token = sw.body.data.attributes.token;
    const director = await server.db.selectFrom('app_user').select('user_uid').where('user_name', '=', 'director').executeTakeFirstOrThrow();
    await server.db.deleteFrom('user_division').where('user_uid', '=', director.user_uid).where('division_uid', '=', facts.divisionUids[1]).execute();
    sessionCache.clear();
    errorsOf(await call(url, '/api/session/current', { token }), 401);
  });
});
