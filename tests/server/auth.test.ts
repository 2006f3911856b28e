import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { hashToken } from '../../server/auth/sessions.repository';
import { LOGIN_LIMITS } from '../../server/auth/auth.routes';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, errorsOf, login } from './support/http';

let server: TestServer;
let url: string;

before(async () => {
  server = await startTestServer();
  url = server.url;
});
after(async () => {
  await server?.stop();
});
// Every test starts with clean login counters; the rate-limit tests fill them on purpose.
beforeEach(async () => {
  await server.db.deleteFrom('rate_limit').execute();
});

const loginCall = (body: unknown) => call(url, '/api/auth/login', { body });

describe('POST /api/auth/login', () => {
  it('signs in with the right password: session document, token, httpOnly cookie', async () => {
    const answer = await loginCall({ user_name: 'navigator', password: 'careweave-demo' });
    assert.equal(answer.status, 200);
    const s = answer.body.data.attributes;
    assert.equal(answer.body.data.type, 'session');
    assert.equal(answer.body.data.id, s.user_uid);
    assert.equal(s.user_name, 'navigator');
    assert.equal(s.display_name, 'Nora Navigator');
    assert.match(s.token, /^[A-Za-z0-9_-]{43}$/);
    assert.match(s.csrf_token, /^[A-Za-z0-9_-]{32}$/);
    const cookie = answer.headers.get('set-cookie') ?? '';
    assert.match(cookie, new RegExp(`^careweave_session=${s.token};`));
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Lax/);
    assert.match(cookie, /Path=\//);
    // Only the token's hash is stored.
    const stored = await server.db.selectFrom('session').select('session_id').where('session_id', '=', hashToken(s.token)).execute();
    assert.equal(stored.length, 1);
    const plain = await server.db.selectFrom('session').select('session_id').where('session_id', '=', s.token).execute();
    assert.equal(plain.length, 0);
  });

  it('accepts the user name in any letter case', async () => {
    const answer = await loginCall({ user_name: 'NAVIGATOR', password: 'careweave-demo' });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.data.attributes.user_name, 'navigator');
  });

  it('refuses a wrong password with 401 and the spec message', async () => {
    const answer = await loginCall({ user_name: 'navigator', password: 'wrong-password' });
    assert.deepEqual(errorsOf(answer, 401), [{ message: 'Invalid user name or password' }]);
    assert.equal(answer.headers.get('set-cookie'), null);
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const unknown = await loginCall({ user_name: 'nobody-here', password: 'careweave-demo' });
    const wrong = await loginCall({ user_name: 'navigator', password: 'nope' });
    assert.equal(unknown.status, 401);
    assert.equal(unknown.text, wrong.text);
  });

  it('answers missing fields with 422 and field errors', async () => {
    const answer = await loginCall({});
    assert.deepEqual(errorsOf(answer, 422), [
      { field: 'user_name', message: 'Required' },
      { field: 'password', message: 'Required' },
    ]);
    const blank = await loginCall({ user_name: '   ', password: 'x' });
    assert.deepEqual(errorsOf(blank, 422), [{ field: 'user_name', message: 'Required' }]);
    const notObject = await call(url, '/api/auth/login', { rawBody: '"navigator"' });
    assert.deepEqual(errorsOf(notObject, 400), [{ message: 'Request body must be a JSON object' }]);
  });

  it(`answers 429 with retry-after after ${LOGIN_LIMITS.perUser} failures for one user name, even with the right password`, async () => {
    for (let i = 0; i < LOGIN_LIMITS.perUser; i++) {
      // Letter case does not give an attacker a fresh counter.
      const answer = await loginCall({ user_name: i % 2 ? 'SPONSOR' : 'sponsor', password: `wrong-${i}` });
      assert.equal(answer.status, 401, `attempt ${i + 1}`);
    }
    const blocked = await loginCall({ user_name: 'sponsor', password: 'careweave-demo' });
    assert.deepEqual(errorsOf(blocked, 429), [{ message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.' }]);
    assert.equal(blocked.headers.get('retry-after'), String(LOGIN_LIMITS.windowSeconds));
    // Other user names from the same address still get in.
    assert.equal((await loginCall({ user_name: 'hwc', password: 'careweave-demo' })).status, 200);
  });

  it('a successful sign-in clears the user name counter', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perUser - 1; i++) assert.equal((await loginCall({ user_name: 'cit', password: 'bad' })).status, 401);
    assert.equal((await loginCall({ user_name: 'cit', password: 'careweave-demo' })).status, 200);
    for (let i = 0; i < LOGIN_LIMITS.perUser - 1; i++) assert.equal((await loginCall({ user_name: 'cit', password: 'bad' })).status, 401);
    assert.equal((await loginCall({ user_name: 'cit', password: 'careweave-demo' })).status, 200);
  });

  it(`answers 429 after ${LOGIN_LIMITS.perAddress} failures from one address across user names`, async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      const answer = await loginCall({ user_name: `spray-${i}`, password: 'guess' });
      assert.equal(answer.status, 401, `attempt ${i + 1}`);
    }
    const blocked = await loginCall({ user_name: 'identity', password: 'careweave-demo' });
    assert.equal(errorsOf(blocked, 429).length, 1);
    assert.equal(blocked.headers.get('retry-after'), String(LOGIN_LIMITS.windowSeconds));
    // The navigator signed in from this address before: a sprayer here does not lock her out.
    assert.equal((await loginCall({ user_name: 'navigator', password: 'careweave-demo' })).status, 200);
  });
});

describe('POST /api/auth/logout', () => {
  it('deletes the session: the token stops working and the cookie is cleared', async () => {
    const me = await login(url, 'community');
    assert.equal((await call(url, '/api/session/current', { token: me.token })).status, 200);
    const out = await call(url, '/api/auth/logout', { method: 'POST', token: me.token });
    assert.equal(out.status, 204);
    assert.match(out.headers.get('set-cookie') ?? '', /^careweave_session=;.*Expires=Thu, 01 Jan 1970/);
    const after = await call(url, '/api/session/current', { token: me.token });
    assert.deepEqual(errorsOf(after, 401), [{ message: 'Your session has expired or you are not signed in.' }]);
    const rows = await server.db.selectFrom('session').select('session_id').where('session_id', '=', hashToken(me.token)).execute();
    assert.equal(rows.length, 0);
  });

  it('is 401 without a session', async () => {
    errorsOf(await call(url, '/api/auth/logout', { method: 'POST' }), 401);
  });
});

describe('POST /api/auth/change-password', () => {
  it('refuses a wrong current password with a 422 on current_password', async () => {
    const me = await login(url, 'hwc');
    const answer = await call(url, '/api/auth/change-password', { token: me.token, body: { current_password: 'not-it', new_password: 'a-long-new-password' } });
    assert.deepEqual(errorsOf(answer, 422), [{ field: 'current_password', message: 'Current password is incorrect' }]);
  });

  it('checks the fields: both required, new one at least 10 characters', async () => {
    const me = await login(url, 'hwc');
    const empty = await call(url, '/api/auth/change-password', { token: me.token, body: {} });
    assert.deepEqual(errorsOf(empty, 422), [
      { field: 'current_password', message: 'Required' },
      { field: 'new_password', message: 'Required' },
    ]);
    const short = await call(url, '/api/auth/change-password', { token: me.token, body: { current_password: 'careweave-demo', new_password: 'short' } });
    assert.deepEqual(errorsOf(short, 422), [{ field: 'new_password', message: 'Must be at least 10 characters' }]);
  });

  it('changes the password: the new one signs in, the old one does not', async () => {
    const me = await login(url, 'hwc');
    const answer = await call(url, '/api/auth/change-password', { token: me.token, body: { current_password: 'careweave-demo', new_password: 'hwc-new-password-1' } });
    assert.equal(answer.status, 204);
    assert.equal(answer.text, '');
    assert.equal((await loginCall({ user_name: 'hwc', password: 'careweave-demo' })).status, 401);
    await login(url, 'hwc', 'hwc-new-password-1');
  });

  it('is 401 without a session', async () => {
    errorsOf(await call(url, '/api/auth/change-password', { body: { current_password: 'a', new_password: 'bbbbbbbbbbbb' } }), 401);
  });
});

describe('cookie authentication and CSRF', () => {
  it('reads with the cookie alone', async () => {
    const me = await login(url, 'navigator');
    const answer = await call(url, '/api/session/current', { cookie: me.cookie });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.data.attributes.user_name, 'navigator');
  });

  it('refuses a cookie write without or with a wrong x-csrf-token (403) and accepts the right one', async () => {
    const me = await login(url, 'cit-supervisor');
    const body = { current_password: 'careweave-demo', new_password: 'supervisor-pass-2' };
    const without = await call(url, '/api/auth/change-password', { cookie: me.cookie, body });
    assert.deepEqual(errorsOf(without, 403), [{ message: 'Missing or invalid CSRF token' }]);
    const wrong = await call(url, '/api/auth/change-password', { cookie: me.cookie, csrf: 'x'.repeat(32), body });
    assert.deepEqual(errorsOf(wrong, 403), [{ message: 'Missing or invalid CSRF token' }]);
    const ok = await call(url, '/api/auth/change-password', { cookie: me.cookie, csrf: me.csrf, body });
    assert.equal(ok.status, 204);
    // Logout is a write too.
    errorsOf(await call(url, '/api/auth/logout', { method: 'POST', cookie: me.cookie }), 403);
    assert.equal((await call(url, '/api/auth/logout', { method: 'POST', cookie: me.cookie, csrf: me.csrf })).status, 204);
    errorsOf(await call(url, '/api/session/current', { cookie: me.cookie }), 401);
  });

  it('does not accept another session’s CSRF token', async () => {
    const a = await login(url, 'navigator');
    const b = await login(url, 'director');
    errorsOf(await call(url, '/api/auth/logout', { method: 'POST', cookie: a.cookie, csrf: b.csrf }), 403);
  });

  it('needs no CSRF token with a bearer token', async () => {
    const me = await login(url, 'director');
    assert.equal((await call(url, '/api/auth/logout', { method: 'POST', token: me.token })).status, 204);
  });
});
