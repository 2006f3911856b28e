import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { COMMAND_ACTOR } from '../../server/admin/admin-audit';
import { createSmartApp } from '../../server/smart-apps/smart-apps.repository';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { AUTHORIZATION_ENDED, CHOOSE_A_PATIENT, NOT_FOR_APPS, type SmartAppView } from '../../shared/schemas/smart-apps';
import { call, demoFacts, errorsOf, login, type DemoFacts, type LoggedIn } from './support/http';
import { createOtherOrganization } from './support/other-org';
import { CookieBrowser, SmartApp } from './support/smart-app';

/**
 * Issue 35 section 2: Careweave as the authorization server of a
 * user-facing SMART app (standalone launch: authorization code with PKCE).
 * The app is made with fhirclient, SMART Health IT's own client library;
 * the user's part (sign-in, the consent page's answer) is what the shell's
 * page sends.
 */

let server: TestServer;
let facts: DemoFacts;
let orgUid: string;
let navigator: LoggedIn;
let app: SmartApp;
let registered: SmartAppView;
let chosen: string;
let otherVisible: string;
/** PUBLIC_URL: where the app finds Careweave (its FHIR base is the launch's `iss`). */
let publicUrl: string;

const PATIENT_SCOPES = 'openid profile launch/patient offline_access patient/Patient.rs patient/Condition.rs';

/** Starts a launch in a fresh browser, up to the consent page: its uid. */
async function begin(scope: string, target = app): Promise<{ browser: CookieBrowser; uid: string }> {
  const browser = new CookieBrowser();
  const toAuthorize = await browser.get(`${target.url}/launch?scope=${encodeURIComponent(scope)}`);
  assert.equal(toAuthorize.status, 302, toAuthorize.text);
  assert.ok(toAuthorize.location!.startsWith(`${publicUrl}/oauth/authorize?`), toAuthorize.location!);
  const toConsent = await browser.get(toAuthorize.location!);
  assert.equal(toConsent.status, 303, toConsent.text);
  const match = /\/authorize-app\/([\w-]+)$/.exec(toConsent.location!);
  assert.ok(match, `the consent page: ${toConsent.location}`);
  return { browser, uid: match[1] };
}

/** The user's answer, then the browser back through the provider to the app's callback. */
async function finish(browser: CookieBrowser, redirectTo: string, target = app): Promise<void> {
  const toApp = await browser.get(redirectTo);
  assert.equal(toApp.status, 303, toApp.text);
  assert.ok(toApp.location!.startsWith(`${target.url}/callback?`), toApp.location!);
  await browser.get(toApp.location!);
}

const decide = (user: LoggedIn, uid: string, body: Record<string, unknown>) => call(server.url, `/api/smart-apps/authorizations/${uid}`, { token: user.token, body });

async function launch(scope: string, patientUid?: string, user = navigator): Promise<void> {
  const { browser, uid } = await begin(scope);
  const allowed = await decide(user, uid, { decision: 'allow', patient_uid: patientUid });
  assert.equal(allowed.status, 200, allowed.text);
  await finish(browser, allowed.body.data.redirect_to);
}

before(async () => {
  server = await startTestServer();
  publicUrl = new URL(((await (await fetch(`${server.url}/fhir/.well-known/smart-configuration`)).json()) as { token_endpoint: string }).token_endpoint).origin;
  facts = await demoFacts(server.db);
  orgUid = (await server.db.selectFrom('division').select('org_uid').where('division_uid', '=', facts.divisionUids[0]).executeTakeFirstOrThrow()).org_uid;
  navigator = await login(server.url, 'navigator');
  app = await new SmartApp(`${publicUrl}/fhir`).start();
  registered = await server.db.transaction().execute((trx) =>
    createSmartApp(trx, COMMAND_ACTOR, orgUid, { name: 'Growth Chart', redirectUris: `${app.url}/callback`, scopes: 'patient/*.rs user/Patient.rs', isActive: true }),
  );
  app.clientId = registered.clientId;
  const hidden = [facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
  const visible = await server.db
    .selectFrom('patient')
    .select('patient_uid')
    .where('division_uid', '=', facts.divisionUids[0])
    .where('patient_uid', 'not in', hidden)
    .where('patient_uid', 'in', server.db.selectFrom('patient_diagnosis').select('patient_uid'))
    .orderBy('patient_uid')
    .limit(2)
    .execute();
  [chosen, otherVisible] = visible.map((p) => p.patient_uid);
});
after(async () => {
  await app?.stop();
  await server?.stop();
});

describe('SMART App Launch, standalone, with Careweave as the authorization server', () => {
  it('smart-configuration names the authorize and token endpoints, PKCE and the launch capabilities', async () => {
    const config = (await (await fetch(`${server.url}/fhir/.well-known/smart-configuration`)).json()) as Record<string, any>;
    assert.equal(config.authorization_endpoint, `${publicUrl}/oauth/authorize`);
    assert.equal(config.token_endpoint, `${publicUrl}/oauth/token`);
    assert.deepEqual(config.code_challenge_methods_supported, ['S256']);
    for (const c of ['launch-standalone', 'client-public', 'context-standalone-patient', 'permission-patient', 'permission-user']) assert.ok(config.capabilities.includes(c), c);
  });

  it('the consent page lists what the app asks; allowing with a patient gives fhirclient a token for that patient only', async () => {
    const { browser, uid } = await begin(`${PATIENT_SCOPES} patient/Task.cruds system/Patient.rs`);
    const asked = await call(server.url, `/api/smart-apps/authorizations/${uid}`, { token: navigator.token });
    assert.equal(asked.status, 200, asked.text);
    const view = asked.body.data;
    assert.equal(view.app_name, 'Growth Chart');
    assert.equal(view.needs_patient, true);
    assert.ok(view.scopes.some((s: any) => s.scope === 'offline_access'), 'offline access is listed with what it means');
    assert.deepEqual(view.refused.sort(), ['patient/Task.cruds', 'system/Patient.rs']);
    assert.ok(view.scopes.some((s: any) => s.scope === 'patient/Condition.rs' && s.text === "Read and search the chosen patient's diagnoses"), JSON.stringify(view.scopes));

    const none = await decide(navigator, uid, { decision: 'allow' });
    assert.equal(none.status, 422);
    assert.deepEqual(errorsOf(none, 422), [{ field: 'patient_uid', message: CHOOSE_A_PATIENT }]);
    const restricted = await decide(navigator, uid, { decision: 'allow', patient_uid: facts.restricted.others[0] });
    assert.equal(restricted.status, 404, 'a restricted case the navigator may not open cannot be chosen');
    const ownCase = await call(server.url, `/api/patients/${facts.restricted.mine}`, { token: navigator.token });
    assert.equal(ownCase.status, 200, 'the navigator opens their own restricted case in the shell');
    const forApp = await decide(navigator, uid, { decision: 'allow', patient_uid: facts.restricted.mine });
    assert.equal(forApp.status, 422, 'but never in an app: restricted cases are invisible to every FHIR client');
    assert.deepEqual(errorsOf(forApp, 422), [{ field: 'patient_uid', message: NOT_FOR_APPS }]);
    const summit = await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[1]).executeTakeFirstOrThrow();
    assert.equal((await decide(navigator, uid, { decision: 'allow', patient_uid: summit.patient_uid })).status, 404, 'nor one of another division');

    const allowed = await decide(navigator, uid, { decision: 'allow', patient_uid: chosen });
    assert.equal(allowed.status, 200, allowed.text);
    await finish(browser, allowed.body.data.redirect_to);
    assert.equal(app.error, null);
    const client = app.client!;
    assert.equal(client.patient.id, chosen);
    assert.equal(client.state.tokenResponse?.need_patient_banner, true);
    assert.ok(client.state.tokenResponse?.refresh_token, 'offline_access gives a refresh token');
    const scope = String(client.state.tokenResponse?.scope).split(' ');
    assert.ok(scope.includes('patient/Condition.rs') && !scope.includes('patient/Task.cruds'), scope.join(' '));

    const patient = (await client.patient.read()) as { id: string; resourceType: string };
    assert.equal(patient.id, chosen);
    const conditions = (await client.request('Condition')) as { entry?: { resource: { subject: { reference: string } } }[] };
    assert.ok(conditions.entry?.length, 'the chosen patient has diagnoses');
    for (const e of conditions.entry!) assert.equal(e.resource.subject.reference, `Patient/${chosen}`, 'a patient scope reads the chosen patient only');
    await assert.rejects(client.request(`Patient/${otherVisible}`), /404|not found/i, 'another patient the navigator could open is not this launch\'s');

    const entry = await server.db
      .selectFrom('audit_entry')
      .select(['user_uid', 'message', 'service_method'])
      .where('patient_uid', '=', chosen)
      .where('action', '=', 'ViewedPatient')
      .where('service_method', '=', 'GET /fhir/Patient/:id')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    assert.equal(entry.user_uid, navigator.session.user_uid ?? entry.user_uid);
    assert.match(entry.message ?? '', /\(Growth Chart\)/, 'the audit entry names the user and the app');

    await client.refresh();
    assert.equal(((await client.patient.read()) as { id: string }).id, chosen, 'a refreshed token keeps the launch');
  });

  it('a user scope reads every patient the user may open, and none the user may not', async () => {
    await launch('openid user/Patient.rs');
    const client = app.client!;
    assert.equal(client.patient.id, null);
    assert.equal(((await client.request(`Patient/${otherVisible}`)) as { id: string }).id, otherVisible);
    await assert.rejects(client.request(`Patient/${facts.restricted.others[0]}`), /404|not found/i);
    await assert.rejects(client.request(`Patient/${facts.restricted.mine}`), /404|not found/i, "the navigator's own restricted case is not an app's either");
    const found = (await client.request(`Patient?_id=${facts.restricted.mine}`)) as { entry?: unknown[] };
    assert.equal(found.entry?.length ?? 0, 0);
    const summit = await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[1]).executeTakeFirstOrThrow();
    await assert.rejects(client.request(`Patient/${summit.patient_uid}`), /404|not found/i);
    await assert.rejects(client.request('Condition'), /403|scope/i, 'user/Patient.rs grants no diagnoses');
  });

  it('denying sends the app access_denied; the request cannot be answered twice', async () => {
    const { browser, uid } = await begin(PATIENT_SCOPES);
    const denied = await decide(navigator, uid, { decision: 'deny' });
    assert.equal(denied.status, 200);
    await finish(browser, denied.body.data.redirect_to);
    assert.equal(app.client, null);
    assert.match(app.error ?? '', /did not allow/);
    const again = await decide(navigator, uid, { decision: 'allow', patient_uid: chosen });
    assert.equal(again.status, 404);
    assert.deepEqual(errorsOf(again, 404), [{ message: AUTHORIZATION_ENDED }]);
  });

  it('refuses the consent calls signed out (401), to another organisation (404), and a launch without PKCE or for another server', async () => {
    const { uid } = await begin(PATIENT_SCOPES);
    assert.equal((await call(server.url, `/api/smart-apps/authorizations/${uid}`)).status, 401);
    const other = await createOtherOrganization(server.db);
    const outsider = await login(server.url, other.userName);
    assert.equal((await call(server.url, `/api/smart-apps/authorizations/${uid}`, { token: outsider.token })).status, 404);
    assert.equal((await call(server.url, '/api/smart-apps/authorizations/not-a-request', { token: navigator.token })).status, 404);

    const noPkce = await new CookieBrowser().get(
      `${publicUrl}/oauth/authorize?response_type=code&client_id=${registered.clientId}&redirect_uri=${encodeURIComponent(`${app.url}/callback`)}&scope=openid&state=abc`,
    );
    assert.equal(noPkce.status, 303);
    assert.match(noPkce.location!, /error=invalid_request/);
    assert.match(noPkce.location!, /requires\+PKCE/);

    const elsewhere = await new CookieBrowser().get(
      `${publicUrl}/oauth/authorize?response_type=code&client_id=${registered.clientId}&redirect_uri=${encodeURIComponent(`${app.url}/callback`)}&scope=openid&state=abc&aud=${encodeURIComponent('https://other.example/fhir')}&code_challenge=x&code_challenge_method=S256`,
    );
    assert.equal(elsewhere.status, 400, 'a token for another FHIR server (aud) is refused');
    assert.match(elsewhere.text, /not this Careweave server/);
  });

  it('the answer only works in the browser that began the request', async () => {
    const { uid } = await begin(PATIENT_SCOPES);
    const allowed = await decide(navigator, uid, { decision: 'allow', patient_uid: chosen });
    const elsewhere = await new CookieBrowser().get(allowed.body.data.redirect_to);
    assert.notEqual(elsewhere.status, 303, 'no code for a browser without the request\'s cookie');
  });

  it('a token stops at once when the user is deactivated or the app turned off', async () => {
    await launch(PATIENT_SCOPES, chosen);
    const token = app.client!.state.tokenResponse!.access_token!;
    const read = async () => (await fetch(`${publicUrl}/fhir/Patient/${chosen}`, { headers: { authorization: `Bearer ${token}` } })).status;
    assert.equal(await read(), 200);
    await server.db.updateTable('smart_app').set({ is_active: false }).where('client_id', '=', registered.clientId).execute();
    assert.equal(await read(), 401, 'the app turned off');
    await server.db.updateTable('smart_app').set({ is_active: true }).where('client_id', '=', registered.clientId).execute();
    assert.equal(await read(), 200);
    const user = await server.db.selectFrom('app_user').select('user_uid').where('user_name', '=', 'navigator').executeTakeFirstOrThrow();
    await server.db.updateTable('app_user').set({ is_active: false }).where('user_uid', '=', user.user_uid).execute();
    try {
      assert.equal(await read(), 401, 'the user deactivated');
    } finally {
      await server.db.updateTable('app_user').set({ is_active: true }).where('user_uid', '=', user.user_uid).execute();
    }
  });
});
