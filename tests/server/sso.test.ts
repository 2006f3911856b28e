import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import type Provider from 'oidc-provider';
import { SignJWT, importJWK } from 'jose';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { createDemoProvider, newSigningKey } from '../../server/demo-oidc/demo-provider';
import { DEMO_IDP } from '../../server/demo-oidc/demo-idp';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-users';
import { SSO_CALLBACK_PATH } from '../../server/sso/sso.routes';
import { call } from './support/http';
import { RedirectBrowser } from './support/redirect-browser';
import { withClock } from './support/clock';

/**
 * Issue 34 section 2 and 3: staff single sign-on through real OpenID
 * providers (oidc-provider): the demo county's, served by the test server
 * itself, and one the test runs beside it so it can misbehave on purpose.
 */

let server: TestServer;
let orgUid: string;
let demoIdp: string;

/** Careweave's own pages (the shell) end a flow: the test reads where it would have gone. */
const careweavePage = (url: URL) => url.host === new URL(server.app.server.address() ? publicUrl() : '').host && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/demo/');
const publicUrl = () => (server as unknown as { config?: { publicUrl: string } }).config?.publicUrl ?? publicBase;
let publicBase: string;

async function signInThrough(idpUid: string, account: string, password = DEMO_PASSWORD, browser = new RedirectBrowser()) {
  const page = await browser.follow(`${server.url}/api/auth/sso/${idpUid}`, {}, careweavePage);
  if (careweavePage(page.url)) return { browser, landed: page.url };
  assert.equal(page.response.status, 200, `the provider's sign-in page, at ${page.url}`);
  const html = await page.response.text();
  const done = await browser.submit(page.url, html, { login: account, password }, careweavePage);
  assert.ok(careweavePage(done.url), `ended at ${done.url} (${done.response.status}): ${(await done.response.text()).slice(0, 300)}`);
  return { browser, landed: done.url };
}

const sessionOf = async (browser: RedirectBrowser) => {
  const cookie = browser.cookie(new URL(publicBase).host, 'careweave_session');
  if (!cookie) return null;
  const answer = await call(publicBase, '/api/session/current', { cookie: `careweave_session=${cookie}` });
  return answer.status === 200 ? answer.body.data.attributes : null;
};

const refusals = (reason: string) =>
  server.db.selectFrom('admin_audit_entry').selectAll().where('action', '=', 'RefusedSignIn').where('org_uid', '=', orgUid).execute().then((rows) => rows.filter((r) => (r.after as { reason: string }).reason === reason));

before(async () => {
  server = await startTestServer();
  publicBase = `http://localhost:${new URL(server.url).port}`;
  orgUid = (await server.db.selectFrom('organization').select('org_uid').where('org_name', '=', 'Careweave Demo Health').executeTakeFirstOrThrow()).org_uid;
  demoIdp = (await server.db.selectFrom('identity_provider').select('idp_uid').where('client_id', '=', DEMO_IDP.clientId).executeTakeFirstOrThrow()).idp_uid;
});
after(() => server?.stop());

describe('single sign-on through the demo county provider', () => {
  it('offers the provider on the sign-in page', async () => {
    const answer = await call(server.url, '/api/auth/providers');
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.data.map((p: { id: string; attributes: { display_name: string } }) => [p.id, p.attributes.display_name]), [[demoIdp, DEMO_IDP.name]]);
  });

  it('signs the navigator in with no Careweave password: an ordinary session with their flags', async () => {
    const { browser, landed } = await signInThrough(demoIdp, 'navigator');
    assert.equal(landed.pathname, '/home');
    const session = await sessionOf(browser);
    assert.equal(session?.user_name, 'navigator');
    assert.equal(session?.flags.hasAppNavigator, true);
    const federation = await server.db.selectFrom('session_federation').selectAll().where('kind', '=', 'sso').execute();
    assert.ok(federation.some((f) => f.source_uid === demoIdp && f.id_token), 'the id_token is kept on the server for sign-out');
  });
});

/**
 * A county provider the test runs on its own port, as a hospital or county
 * would: real oidc-provider, with a hook that makes it misbehave the way a
 * broken or hostile one would (an id_token for someone else, an expired one).
 */
describe('refusals, each a clear page and an admin audit entry', () => {
  let county: Provider;
  let countyServer: http.Server;
  let countyIdp: string;
  let tamper: ((token: Record<string, unknown>) => Record<string, unknown>) | null = null;
  let key: Record<string, unknown>;

  before(async () => {
    key = await newSigningKey();
    countyServer = http.createServer();
    await new Promise<void>((resolve) => countyServer.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(countyServer.address() as net.AddressInfo).port}`;
    county = await createDemoProvider({
      issuer,
      clients: [{ client_id: 'careweave', client_secret: 'county-secret', redirect_uris: [`${publicBase}${SSO_CALLBACK_PATH}`], grant_types: ['authorization_code'], response_types: ['code'] }],
        title: 'Test County',
      accounts: async () => [{ id: 'nora', password: 'county-pass', label: 'Nora', claims: { email: 'navigator@careweave.test', email_verified: true, name: 'Nora Navigator' } }],
      claims: { email: ['email', 'email_verified'], profile: ['name'] },
      signingKey: key,
    });
    // What a broken provider would send: the real id_token's claims, changed, signed with the provider's own key.
    county.use(async (ctx, next) => {
      await next();
      const body = ctx.body as Record<string, unknown> | undefined;
      if (ctx.path === '/token' && tamper && typeof body?.id_token === 'string') {
        const claims = JSON.parse(Buffer.from(body.id_token.split('.')[1], 'base64url').toString());
        body.id_token = await new SignJWT(tamper(claims)).setProtectedHeader({ alg: 'RS256', kid: key.kid as string }).sign(await importJWK(key as never, 'RS256'));
      }
    });
    countyServer.on('request', county.callback());
    countyIdp = (
      await server.db
        .insertInto('identity_provider')
        .values({ org_uid: orgUid, display_name: 'Test County', issuer, client_id: 'careweave', client_secret: 'county-secret' })
        .returning('idp_uid')
        .executeTakeFirstOrThrow()
    ).idp_uid;
  });
  after(() => new Promise<void>((resolve) => countyServer.close(() => resolve())));

  /** Signs in at the county and stops at Careweave's callback, so the test decides what to do with it. */
  async function callbackFromCounty(beforeCallback?: () => Promise<void>) {
    const browser = new RedirectBrowser();
    const page = await browser.follow(`${server.url}/api/auth/sso/${countyIdp}`);
    await beforeCallback?.();
    const atCallback = await browser.submit(page.url, await page.response.text(), { login: 'nora', password: 'county-pass' }, (url) => url.pathname === SSO_CALLBACK_PATH);
    assert.equal(atCallback.url.pathname, SSO_CALLBACK_PATH);
    return { browser, callback: atCallback.url };
  }

  const problemOf = (response: Response) => {
    assert.equal(response.status, 303);
    const to = new URL(response.headers.get('location')!, publicBase);
    assert.equal(to.pathname, '/login');
    return [to.searchParams.get('problem'), to.searchParams.get('about')];
  };

  it('signs in through the county when nothing is wrong (the baseline of the cases below)', async () => {
    const { browser, callback } = await callbackFromCounty();
    const answer = await browser.request(callback.href);
    assert.equal(answer.status, 303);
    assert.equal(answer.headers.get('location'), '/home');
    assert.equal((await sessionOf(browser))?.user_name, 'navigator');
  });

  it('a replayed callback (the same state and code again) signs nobody in', async () => {
    const { browser, callback } = await callbackFromCounty();
    assert.equal((await browser.request(callback.href)).status, 303);
    const replay = new RedirectBrowser();
    assert.deepEqual(problemOf(await replay.request(callback.href)), ['state', 'the sign-in service']);
    assert.equal(await sessionOf(replay), null);
  });

  it('the provider refuses an authorization request that carries no PKCE challenge (a missing verifier never gets a code)', async () => {
    const auth = new URL(`${publicBase}${DEMO_IDP.path}/auth`);
    auth.search = new URLSearchParams({ client_id: DEMO_IDP.clientId, response_type: 'code', scope: 'openid email', redirect_uri: `${publicBase}${SSO_CALLBACK_PATH}`, state: 's', nonce: 'n' }).toString();
    const answer = await new RedirectBrowser().request(auth.href);
    assert.equal(answer.status, 303);
    const back = new URL(answer.headers.get('location')!);
    assert.equal(back.pathname, SSO_CALLBACK_PATH);
    assert.equal(back.searchParams.get('error'), 'invalid_request');
    assert.match(back.searchParams.get('error_description') ?? '', /requires PKCE/);
    // Careweave, given that answer, says the sign-in was stopped, and signs nobody in.
    assert.deepEqual(problemOf(await new RedirectBrowser().request(back.href)), ['state', 'the sign-in service']);
  });

  it('a state Careweave never gave, or none, is refused, and the organisations that sign in through a provider hear of it', async () => {
    const logged = (await refusals('state')).length;
    const browser = new RedirectBrowser();
    assert.deepEqual(problemOf(await browser.request(`${publicBase}${SSO_CALLBACK_PATH}?state=forged&code=anything`)), ['state', 'the sign-in service']);
    assert.deepEqual(problemOf(await browser.request(`${publicBase}${SSO_CALLBACK_PATH}?code=anything`)), ['state', 'the sign-in service']);
    assert.equal((await refusals('state')).length, logged + 2);
  });

  it('a callback after the flow\'s 10 minutes is refused', async () => {
    await withClock(async (move) => {
      const { browser, callback } = await callbackFromCounty();
      move(10 * 60_000 + 1000);
      assert.deepEqual(problemOf(await browser.request(callback.href)), ['state', 'the sign-in service']);
    });
  });

  it('a PKCE verifier that is not the one the challenge was made from is refused by the provider', async () => {
    const before = (await refusals('token')).length;
    const { browser, callback } = await callbackFromCounty(() => server.db.updateTable('auth_flow').set({ code_verifier: 'x'.repeat(43) }).execute().then(() => undefined));
    assert.deepEqual(problemOf(await browser.request(callback.href)), ['token', 'Test County']);
    assert.equal(await sessionOf(browser), null);
    const logged = await refusals('token');
    assert.equal(logged.length, before + 1);
    assert.equal(logged.at(-1)!.target_uid, countyIdp);
  });

  for (const [name, change] of [
    ['an id_token for another audience', (c: Record<string, unknown>) => ({ ...c, aud: 'someone-else' })],
    ['an expired id_token', (c: Record<string, unknown>) => ({ ...c, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 })],
    ['an id_token with another nonce', (c: Record<string, unknown>) => ({ ...c, nonce: 'replayed' })],
    ['an id_token from another issuer', (c: Record<string, unknown>) => ({ ...c, iss: 'https://elsewhere.example' })],
  ] as const) {
    it(`${name} signs nobody in`, async () => {
      const before = (await refusals('token')).length;
      tamper = change;
      try {
        const { browser, callback } = await callbackFromCounty();
        assert.deepEqual(problemOf(await browser.request(callback.href)), ['token', 'Test County']);
        assert.equal(await sessionOf(browser), null);
      } finally {
        tamper = null;
      }
      assert.equal((await refusals('token')).length, before + 1);
    });
  }

  it('an id_token that expired by Careweave\'s clock (the one injected clock) is refused', async () => {
    await withClock(async (move) => {
      const { browser, callback } = await callbackFromCounty();
      // The flow still lives (9 of its 10 minutes); the token's hour does not reach past Careweave's now.
      tamper = (c) => ({ ...c, exp: Math.floor(Date.now() / 1000) + 60 });
      move(9 * 60_000);
      try {
        assert.deepEqual(problemOf(await browser.request(callback.href)), ['token', 'Test County']);
      } finally {
        tamper = null;
      }
    });
  });
});

describe('who the provider vouches for', () => {
  const userUid = async (name: string) => (await server.db.selectFrom('app_user').select('user_uid').where('user_name', '=', name).executeTakeFirstOrThrow()).user_uid;

  it('a deactivated Careweave user is refused even with a valid id_token', async () => {
    const uid = await userUid('community');
    await server.db.updateTable('app_user').set({ is_active: false }).where('user_uid', '=', uid).execute();
    try {
      const before = (await refusals('inactive')).length;
      const { browser, landed } = await signInThrough(demoIdp, 'community');
      assert.equal(landed.pathname, '/login');
      assert.equal(landed.searchParams.get('problem'), 'inactive');
      assert.equal(await sessionOf(browser), null);
      assert.equal((await refusals('inactive')).length, before + 1);
    } finally {
      await server.db.updateTable('app_user').set({ is_active: true }).where('user_uid', '=', uid).execute();
    }
  });

  it('someone the provider knows and Careweave does not is refused, and nobody is created', async () => {
    const users = await server.db.selectFrom('app_user').select('user_uid').execute();
    const { browser, landed } = await signInThrough(demoIdp, 'new-hire');
    assert.equal(landed.searchParams.get('problem'), 'unknown-user');
    assert.equal(landed.searchParams.get('about'), DEMO_IDP.name);
    assert.equal(await sessionOf(browser), null);
    assert.equal((await server.db.selectFrom('app_user').select('user_uid').execute()).length, users.length);
  });

  it('with just-in-time users on, the new hire gets the role their group maps to, in the chosen division, logged', async () => {
    const division = (await server.db.selectFrom('division').select('division_uid').where('division_name', '=', 'Summit County Care').executeTakeFirstOrThrow()).division_uid;
    await server.db
      .updateTable('identity_provider')
      .set({ jit_role_template: 'navigator', jit_division_uid: division, group_claim: 'groups', group_roles: JSON.stringify({ Navigator: 'community' }) })
      .where('idp_uid', '=', demoIdp)
      .execute();
    try {
      const { browser, landed } = await signInThrough(demoIdp, 'new-hire');
      assert.equal(landed.pathname, '/home');
      const session = await sessionOf(browser);
      assert.equal(session?.user_email_address, 'new-hire@careweave.test');
      assert.equal(session?.current_division_uid, division);
      assert.equal(session?.flags.hasAppCommunity, true, 'the group Navigator maps to the community template');
      assert.equal(session?.flags.hasAppNavigator, false);
      assert.equal(session?.flags.navigatorAdmin, false);
      const logged = await server.db.selectFrom('admin_audit_entry').selectAll().where('action', '=', 'ProvisionedUser').execute();
      assert.equal(logged.length, 1);
      assert.equal((logged[0].after as { role_template: string }).role_template, 'community');
      // The second sign-in finds the user made by the first.
      const again = await signInThrough(demoIdp, 'new-hire');
      assert.equal(again.landed.pathname, '/home');
      assert.equal((await server.db.selectFrom('app_user').select('user_uid').where('email_address', '=', 'new-hire@careweave.test').execute()).length, 1);
    } finally {
      await server.db.updateTable('identity_provider').set({ jit_role_template: null, jit_division_uid: null, group_claim: null, group_roles: '{}' }).where('idp_uid', '=', demoIdp).execute();
    }
  });

  it('goes back to the page asked for, never to another site', async () => {
    const browser = new RedirectBrowser();
    const page = await browser.follow(`${server.url}/api/auth/sso/${demoIdp}?return_to=${encodeURIComponent('/patients')}`);
    const done = await browser.submit(page.url, await page.response.text(), { login: 'navigator', password: DEMO_PASSWORD }, careweavePage);
    assert.equal(done.url.pathname, '/patients');
    for (const evil of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const b = new RedirectBrowser();
      const p = await b.follow(`${server.url}/api/auth/sso/${demoIdp}?return_to=${encodeURIComponent(evil)}`);
      const d = await b.submit(p.url, await p.response.text(), { login: 'navigator', password: DEMO_PASSWORD }, careweavePage);
      assert.equal(d.url.href, `${publicBase}/home`, evil);
    }
  });

  it('a provider that does not answer gives a clear page within its timeout, not a hang', async () => {
    const silent = net.createServer(() => {}); // accepts, never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
    const idp = (await server.db.insertInto('identity_provider').values({ org_uid: orgUid, display_name: 'Silent County', issuer, client_id: 'x' }).returning('idp_uid').executeTakeFirstOrThrow()).idp_uid;
    try {
      const answer = await new RedirectBrowser().request(`${server.url}/api/auth/sso/${idp}`);
      assert.equal(answer.status, 303);
      const to = new URL(answer.headers.get('location')!, publicBase);
      assert.deepEqual([to.searchParams.get('problem'), to.searchParams.get('about')], ['provider', 'Silent County']);
      assert.equal((await refusals('provider')).filter((r) => r.target_uid === idp).length, 1);
    } finally {
      await server.db.deleteFrom('identity_provider').where('idp_uid', '=', idp).execute();
      silent.close();
    }
  });
});

describe('password sign-in and sign-out beside single sign-on', () => {
  it('an organisation that turned passwords off refuses them, but for the administrator it keeps them for', async () => {
    await server.db.updateTable('organization').set({ password_login: false }).where('org_uid', '=', orgUid).execute();
    try {
      const refused = await call(server.url, '/api/auth/login', { body: { user_name: 'navigator', password: DEMO_PASSWORD } });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.errors[0].message, 'Your organisation signs in through its own service: use the button above.');
      assert.equal(refused.headers.getSetCookie().some((c) => c.startsWith('careweave_session=')), false);
      const wrong = await call(server.url, '/api/auth/login', { body: { user_name: 'navigator', password: 'wrong-password' } });
      assert.equal(wrong.status, 401, 'a wrong password is still only "invalid"');
      await server.db.updateTable('app_user').set({ password_fallback: true }).where('user_name', '=', 'admin').execute();
      assert.equal((await call(server.url, '/api/auth/login', { body: { user_name: 'admin', password: DEMO_PASSWORD } })).status, 200);
      // Single sign-on still works for everyone.
      const { landed } = await signInThrough(demoIdp, 'navigator');
      assert.equal(landed.pathname, '/home');
    } finally {
      await server.db.updateTable('organization').set({ password_login: true }).where('org_uid', '=', orgUid).execute();
      await server.db.updateTable('app_user').set({ password_fallback: false }).where('user_name', '=', 'admin').execute();
    }
  });

  it('signing out ends the Careweave session and offers the provider\'s end-session address', async () => {
    const { browser } = await signInThrough(demoIdp, 'navigator');
    const session = await sessionOf(browser);
    const cookie = `careweave_session=${browser.cookie(new URL(publicBase).host, 'careweave_session')}`;
    const out = await call(publicBase, '/api/auth/logout', { method: 'POST', cookie, csrf: session.csrf_token });
    assert.equal(out.status, 200);
    const end = new URL(out.body.data.attributes.end_session_url);
    assert.equal(`${end.origin}${end.pathname}`, `${publicBase}${DEMO_IDP.path}/session/end`);
    assert.equal(end.searchParams.get('post_logout_redirect_uri'), `${publicBase}/login`);
    assert.ok(end.searchParams.get('id_token_hint'));
    assert.equal(out.body.data.attributes.provider_name, DEMO_IDP.name);
    assert.equal(await sessionOf(browser), null);
    // The provider accepts it: its sign-out page, not an error.
    const page = await browser.follow(end.href);
    assert.equal(page.response.status, 200);
    assert.match(await page.response.text(), /logout|sign-?out/i);
  });

  it('a password session signs out with no provider to offer', async () => {
    const login = await call(server.url, '/api/auth/login', { body: { user_name: 'director', password: DEMO_PASSWORD } });
    const out = await call(server.url, '/api/auth/logout', { method: 'POST', token: login.body.data.attributes.token });
    assert.equal(out.status, 204);
  });
});
