import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { SignJWT, importJWK } from 'jose';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { DemoEhr, DEMO_EHR, demoEhrRoutes } from '../../server/demo-oidc/demo-ehr';
import { DEMO_EHR_MRN_SYSTEM } from '../../server/demo-oidc/demo-ehr-data';
import { mountProvider } from '../../server/smart-apps/mount-provider';
import { newSigningKey } from '../../server/demo-oidc/demo-provider';
import { call } from './support/http';
import { RedirectBrowser } from './support/redirect-browser';

/**
 * Issue 34 section 1: Careweave launched by an EHR (SMART on FHIR, EHR
 * launch). The EHRs are real authorization servers (oidc-provider): the
 * demo's Riverside General, served by the test server itself, and a second
 * one the test runs on its own port so that it can misbehave.
 */

let server: TestServer;
let publicBase: string;
let orgUid: string;

const careweavePage = (url: URL) => url.host === new URL(publicBase).host && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/demo/') && !url.pathname.startsWith('/smart/');

/** A clinician of the EHR at `ehrBase` presses "Open Careweave" on a chart; the browser follows the launch to its end. */
async function launch(ehrBase: string, patient: string, practitioner: string, browser = new RedirectBrowser()) {
  const made = await call(ehrBase, `${DEMO_EHR.path}/launch`, { body: { patient, practitioner } });
  assert.equal(made.status, 200, made.text);
  const start = `${publicBase}/smart/launch?${new URLSearchParams({ iss: made.body.iss, launch: made.body.launch })}`;
  const end = await browser.follow(start, {}, careweavePage);
  assert.ok(careweavePage(end.url), `ended at ${end.url} (${end.response.status}): ${(await end.response.text()).slice(0, 300)}`);
  return { browser, landed: end.url };
}

const sessionOf = async (browser: RedirectBrowser) => {
  const cookie = browser.cookie(new URL(publicBase).host, 'careweave_session');
  if (!cookie) return null;
  const answer = await call(publicBase, '/api/session/current', { cookie: `careweave_session=${cookie}` });
  return answer.status === 200 ? { ...answer.body.data.attributes, cookie: `careweave_session=${cookie}` } : null;
};

const patientUid = async (first: string, last: string) =>
  (await server.db.selectFrom('patient').select('patient_uid').where('first_name', '=', first).where('last_name', '=', last).orderBy('created_at').executeTakeFirstOrThrow()).patient_uid;

const problem = (landed: URL) => [landed.pathname, landed.searchParams.get('problem'), landed.searchParams.get('about')];

before(async () => {
  server = await startTestServer();
  publicBase = `http://localhost:${new URL(server.url).port}`;
  orgUid = (await server.db.selectFrom('organization').select('org_uid').where('org_name', '=', 'Careweave Demo Health').executeTakeFirstOrThrow()).org_uid;
});
after(() => server?.stop());

describe('an EHR launch from the demo EHR (Riverside General)', () => {
  it('opens the matched patient\'s face sheet, signed in as the approved Careweave user, with no password', async () => {
    const { browser, landed } = await launch(server.url, 'rg-4f7a21', 'nora');
    assert.equal(landed.pathname, `/patients/${await patientUid('Marcus', 'Ellery')}/face-sheet`);
    const session = await sessionOf(browser);
    assert.equal(session?.user_name, 'navigator');
    // The EHR's tokens stay on the server.
    const federation = await server.db.selectFrom('session_federation').selectAll().where('kind', '=', 'smart').executeTakeFirstOrThrow();
    assert.ok(federation.access_token);
    assert.equal(JSON.stringify(session).includes(federation.access_token!), false);
    // The record opens through the ordinary guard.
    const record = await call(publicBase, `/api/patients/${await patientUid('Marcus', 'Ellery')}`, { cookie: session!.cookie });
    assert.equal(record.status, 200);
  });

  it('an unmatched patient opens Add Patient filled from the EHR, and the new record gets the MRN', async () => {
    const { browser, landed } = await launch(server.url, 'rg-8c3e90', 'nora');
    assert.equal(`${landed.pathname}${landed.search}`, '/patients/add?from=ehr');
    const session = (await sessionOf(browser))!;
    const prefill = await call(publicBase, '/api/smart/launch-patient', { cookie: session.cookie });
    assert.equal(prefill.status, 200);
    const a = prefill.body.data.attributes;
    assert.deepEqual(
      [a.first_name, a.middle_name, a.last_name, a.birth_date, a.gender, a.mobile_phone, a.address1, a.address2, a.city, a.state, a.post_code, a.mrn, a.ehr_name],
      ['Jordan', 'Lee', 'Avery', '1990-04-12', 'female', '6145550142', '44 E Long St', 'Apt 3', 'Columbus', 'OH', '43215', 'RG100058', DEMO_EHR.name],
    );
    // Add Patient saved a record (here: one of the division's, as the test does not retype the form), then links it.
    const made = await patientUid('Jasmine', 'Carter');
    const link = await call(publicBase, '/api/smart/launch-patient/link', { cookie: session.cookie, csrf: session.csrf_token, body: { patient_uid: made } });
    assert.equal(link.status, 204, link.text);
    assert.deepEqual(await server.db.selectFrom('patient_identifier').select(['system', 'value']).where('patient_uid', '=', made).execute(), [{ system: DEMO_EHR_MRN_SYSTEM, value: 'RG100058' }]);
    // The next launch on the same chart opens that record.
    const again = await launch(server.url, 'rg-8c3e90', 'nora');
    assert.equal(again.landed.pathname, `/patients/${made}/face-sheet`);
  });

  it('a restricted child never matches: the navigator is offered Add Patient, never the hidden record', async () => {
    const hidden = await patientUid('Theodore', 'Blackwood');
    assert.equal((await server.db.selectFrom('patient_identifier').select('value').where('patient_uid', '=', hidden).executeTakeFirstOrThrow()).value, 'RG100031');
    const { landed } = await launch(server.url, 'rg-2d5b64', 'nora');
    assert.equal(`${landed.pathname}${landed.search}`, '/patients/add?from=ehr');
  });

  it('a user who may neither open nor add the patient is refused with a clear page and an audit entry', async () => {
    const hwc = (await server.db.selectFrom('app_user').select('user_uid').where('user_name', '=', 'hwc').executeTakeFirstOrThrow()).user_uid;
    const ehr = (await server.db.selectFrom('ehr_registration').select('ehr_uid').where('client_id', '=', DEMO_EHR.clientId).executeTakeFirstOrThrow()).ehr_uid;
    await server.db.updateTable('external_user_link').set({ user_uid: hwc }).where('source', '=', ehr).where('subject', '=', 'Practitioner/cory').execute();
    const { browser, landed } = await launch(server.url, 'rg-2d5b64', 'cory');
    assert.deepEqual(problem(landed), ['/login', 'no-patient', DEMO_EHR.name]);
    assert.equal(await sessionOf(browser), null);
    const logged = await server.db.selectFrom('admin_audit_entry').selectAll().where('action', '=', 'RefusedSignIn').where('target_type', '=', 'ehr').execute();
    assert.ok(logged.some((r) => (r.after as { reason: string }).reason === 'no-patient'));
  });

  it('a clinician nobody linked yet is asked to wait for an administrator: a pending link, an audit entry, no user, no session', async () => {
    const users = (await server.db.selectFrom('app_user').select('user_uid').execute()).length;
    const { browser, landed } = await launch(server.url, 'rg-4f7a21', 'pat');
    assert.deepEqual(problem(landed), ['/login', 'ehr-user', DEMO_EHR.name]);
    assert.equal(await sessionOf(browser), null);
    const link = await server.db.selectFrom('external_user_link').selectAll().where('subject', '=', 'Practitioner/pat').executeTakeFirstOrThrow();
    assert.deepEqual([link.status, link.user_uid, link.display_name], ['pending', null, 'Pat Newcomb, MD, Emergency Medicine']);
    assert.equal((await server.db.selectFrom('app_user').select('user_uid').execute()).length, users);
    const logged = await server.db.selectFrom('admin_audit_entry').selectAll().where('target_type', '=', 'user-link').where('org_uid', '=', orgUid).execute();
    assert.equal(logged.length, 1);
    // A second launch neither duplicates the link nor signs in.
    const second = await launch(server.url, 'rg-4f7a21', 'pat');
    assert.equal(second.landed.searchParams.get('problem'), 'ehr-user');
    assert.equal((await server.db.selectFrom('external_user_link').select('link_uid').where('subject', '=', 'Practitioner/pat').execute()).length, 1);
  });

  it('an unregistered iss is refused with a page naming it, and nothing is fetched from it', async () => {
    let asked = 0;
    const stranger = http.createServer((_req, res) => {
      asked += 1;
      res.end('{}');
    });
    await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
    const iss = `http://127.0.0.1:${(stranger.address() as net.AddressInfo).port}/fhir`;
    try {
      const answer = await new RedirectBrowser().request(`${publicBase}/smart/launch?iss=${encodeURIComponent(iss)}&launch=abc`);
      assert.equal(answer.status, 303);
      const to = new URL(answer.headers.get('location')!, publicBase);
      assert.deepEqual(problem(to), ['/login', 'unregistered-ehr', iss]);
      assert.equal(asked, 0);
      const logged = await server.db.selectFrom('admin_audit_entry').selectAll().where('action', '=', 'RefusedSignIn').where('org_uid', '=', orgUid).execute();
      assert.ok(logged.some((r) => (r.after as { issuer?: string }).issuer === iss));
    } finally {
      stranger.close();
    }
  });

  it('a replayed callback signs nobody in', async () => {
    const made = await call(server.url, `${DEMO_EHR.path}/launch`, { body: { patient: 'rg-4f7a21', practitioner: 'nora' } });
    const browser = new RedirectBrowser();
    const atCallback = await browser.follow(`${publicBase}/smart/launch?${new URLSearchParams({ iss: made.body.iss, launch: made.body.launch })}`, {}, (u) => u.pathname === '/smart/callback');
    assert.equal(atCallback.url.pathname, '/smart/callback');
    assert.equal((await browser.request(atCallback.url.href)).status, 303);
    const replay = await new RedirectBrowser().request(atCallback.url.href);
    assert.deepEqual(problem(new URL(replay.headers.get('location')!, publicBase)), ['/login', 'state', 'the EHR']);
  });
});

/** An EHR the test runs on its own port, so it can send what a broken or hostile one would. */
describe('a misbehaving EHR', () => {
  let app: FastifyInstance;
  let ehrBase: string;
  let tamper: ((claims: Record<string, unknown>) => Record<string, unknown>) | null = null;
  let ehrUid: string;

  before(async () => {
    const key = await newSigningKey();
    app = Fastify();
    const ehr = new DemoEhr(() => ehrBase, () => publicBase, key);
    await mountProvider(app, DEMO_EHR.authPath, () => ehr.authorizationServer());
    await app.register(demoEhrRoutes(ehr), {} as never);
    await app.listen({ port: 0, host: '127.0.0.1' });
    ehrBase = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
    (await ehr.authorizationServer()).use(async (ctx, next) => {
      await next();
      const body = ctx.body as Record<string, unknown> | undefined;
      if (ctx.path === '/token' && tamper && typeof body?.id_token === 'string') {
        const claims = JSON.parse(Buffer.from(body.id_token.split('.')[1], 'base64url').toString());
        body.id_token = await new SignJWT(tamper(claims)).setProtectedHeader({ alg: 'RS256', kid: key.kid as string }).sign(await importJWK(key as never, 'RS256'));
      }
    });
    const division = (await server.db.selectFrom('division').select('division_uid').where('division_name', '=', 'Franklin County Care').executeTakeFirstOrThrow()).division_uid;
    ehrUid = (
      await server.db
        .insertInto('ehr_registration')
        .values({ org_uid: orgUid, display_name: 'Lakeside EHR', issuer: `${ehrBase}${DEMO_EHR.fhirPath}`, client_id: DEMO_EHR.clientId, client_secret: DEMO_EHR.clientSecret, mrn_system: DEMO_EHR_MRN_SYSTEM, division_uid: division })
        .returning('ehr_uid')
        .executeTakeFirstOrThrow()
    ).ehr_uid;
    const navigator = (await server.db.selectFrom('app_user').select('user_uid').where('user_name', '=', 'navigator').executeTakeFirstOrThrow()).user_uid;
    await server.db.insertInto('external_user_link').values({ org_uid: orgUid, source: ehrUid, subject: 'Practitioner/nora', user_uid: navigator, status: 'approved' }).execute();
  });
  after(() => app?.close());

  it('launches when nothing is wrong (the baseline of the cases below)', async () => {
    const { landed } = await launch(ehrBase, 'rg-4f7a21', 'nora');
    assert.equal(landed.pathname, `/patients/${await patientUid('Marcus', 'Ellery')}/face-sheet`);
  });

  for (const [name, change] of [
    ['a fhirUser of another server (forged)', (c: Record<string, unknown>) => ({ ...c, fhirUser: 'https://evil.example/fhir/Practitioner/nora' })],
    ['a fhirUser that names no resource', (c: Record<string, unknown>) => ({ ...c, fhirUser: 'nora' })],
    ['an id_token for another audience', (c: Record<string, unknown>) => ({ ...c, aud: 'another-app' })],
    ['an expired id_token', (c: Record<string, unknown>) => ({ ...c, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 })],
  ] as const) {
    it(`${name} opens nothing`, async () => {
      tamper = change;
      try {
        const { browser, landed } = await launch(ehrBase, 'rg-4f7a21', 'nora');
        assert.deepEqual(problem(landed), ['/login', 'token', 'Lakeside EHR']);
        assert.equal(await sessionOf(browser), null);
      } finally {
        tamper = null;
      }
    });
  }

  it('an EHR that is down gives a clear page, not a hang', async () => {
    const made = await call(ehrBase, `${DEMO_EHR.path}/launch`, { body: { patient: 'rg-4f7a21', practitioner: 'nora' } });
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const iss = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}/fhir`;
    const down = (await server.db.insertInto('ehr_registration').values({ org_uid: orgUid, display_name: 'Down EHR', issuer: iss, client_id: 'x', mrn_system: 'urn:x', division_uid: (await server.db.selectFrom('ehr_registration').select('division_uid').where('ehr_uid', '=', ehrUid).executeTakeFirstOrThrow()).division_uid }).returning('ehr_uid').executeTakeFirstOrThrow()).ehr_uid;
    try {
      const answer = await new RedirectBrowser().request(`${publicBase}/smart/launch?iss=${encodeURIComponent(iss)}&launch=${made.body.launch}`);
      assert.deepEqual(problem(new URL(answer.headers.get('location')!, publicBase)), ['/login', 'provider', 'Down EHR']);
    } finally {
      await server.db.deleteFrom('ehr_registration').where('ehr_uid', '=', down).execute();
      silent.close();
    }
  });
});
