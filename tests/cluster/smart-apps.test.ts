import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { COMMAND_ACTOR } from '../../server/admin/admin-audit';
import { createSmartApp } from '../../server/smart-apps/smart-apps.repository';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, login } from '../server/support/http';
import { CookieBrowser } from '../server/support/smart-app';
import { REDIS_URL, startServerProcess, type Started } from './support/processes';

/**
 * Issue 35 section 2 across processes (issue 36): a SMART app's launch begun
 * on one server process is answered on another and its code traded on a
 * third, and the token reads on any. Behind one PUBLIC_URL, as behind a load
 * balancer; here each process has its own port, so each step is sent to the
 * one the test chooses. Proves the provider's state is the database's and
 * every process signs its cookies with the same keys.
 */

const PUBLIC_URL = 'http://127.0.0.1:9';
const REDIRECT = 'http://127.0.0.1:9/app/callback';

let a: TestServer;
let b: Started;
let clientId: string;
let patientUid: string;

/** The same address on another process. */
const on = (url: string, base: string) => `${base}${new URL(url).pathname}${new URL(url).search}`;

before(async () => {
  const env = { REDIS_URL, PUBLIC_URL };
  a = await startTestServer(env);
  b = await startServerProcess(a.connectionString, env);
  const facts = await demoFacts(a.db);
  const division = await a.db.selectFrom('division').select('org_uid').where('division_uid', '=', facts.divisionUids[0]).executeTakeFirstOrThrow();
  clientId = (
    await a.db.transaction().execute((trx) => createSmartApp(trx, COMMAND_ACTOR, division.org_uid, { name: 'Cluster App', redirectUris: REDIRECT, scopes: 'patient/*.rs', isActive: true }))
  ).clientId;
  const hidden = [facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
  patientUid = (await a.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[0]).where('patient_uid', 'not in', hidden).orderBy('patient_uid').executeTakeFirstOrThrow()).patient_uid;
});
after(async () => {
  await b?.stop();
  await a?.stop();
});

describe('a SMART app launch across server processes', () => {
  it('begun on one process, allowed on another, its code traded on the first, its token read on the second', async () => {
    const verifier = crypto.randomBytes(32).toString('base64url');
    const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
    const query = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, scope: 'launch/patient patient/Patient.rs', state: 'cluster', code_challenge: challenge, code_challenge_method: 'S256' });
    const browser = new CookieBrowser();

    const toConsent = await browser.get(`${a.url}/oauth/authorize?${query}`);
    assert.equal(toConsent.status, 303, toConsent.text);
    const uid = /\/authorize-app\/([\w-]+)$/.exec(toConsent.location!)![1];

    const navigator = await login(b.url, 'navigator');
    const allowed = await call(b.url, `/api/smart-apps/authorizations/${uid}`, { token: navigator.token, body: { decision: 'allow', patient_uid: patientUid } });
    assert.equal(allowed.status, 200, allowed.text);

    const toApp = await browser.get(on(allowed.body.data.redirect_to, b.url));
    assert.equal(toApp.status, 303, toApp.text);
    const code = new URL(toApp.location!).searchParams.get('code');
    assert.ok(code, toApp.location!);

    const token = await fetch(`${a.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: clientId, code_verifier: verifier }),
    });
    const answer = (await token.json()) as { access_token?: string; patient?: string };
    assert.equal(token.status, 200, JSON.stringify(answer));
    assert.equal(answer.patient, patientUid);

    for (const url of [a.url, b.url]) {
      const read = await fetch(`${url}/fhir/Patient/${patientUid}`, { headers: { authorization: `Bearer ${answer.access_token}` } });
      assert.equal(read.status, 200, url);
    }
  });
});
