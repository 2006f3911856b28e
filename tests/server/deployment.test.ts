import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { checkBinding, loadConfig, parseTrustProxy } from '../../server/config';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, login } from './support/http';

describe('configuration an operator sets', () => {
  it('TRUST_PROXY is a hop count or a list of addresses, never "trust anyone"', () => {
    assert.equal(parseTrustProxy(undefined), false);
    assert.equal(parseTrustProxy('0'), false);
    assert.equal(parseTrustProxy('1'), 1);
    assert.equal(parseTrustProxy('2'), 2);
    assert.equal(parseTrustProxy('10.0.0.1, 10.1.0.0/16'), '10.0.0.1, 10.1.0.0/16');
    assert.throws(() => parseTrustProxy('true'), /hop count/);
  });

  it('HOST defaults to loopback; a demo install refuses another HOST unless told', () => {
    assert.equal(loadConfig({}).host, '127.0.0.1');
    assert.throws(() => checkBinding(loadConfig({ HOST: '0.0.0.0' })), /DEMO_SEED=0/);
    assert.doesNotThrow(() => checkBinding(loadConfig({ HOST: '0.0.0.0', DEMO_SEED: '0' })));
    assert.doesNotThrow(() => checkBinding(loadConfig({ HOST: '0.0.0.0', ALLOW_DEMO_ON_NETWORK: '1' })));
    assert.doesNotThrow(() => checkBinding(loadConfig({ HOST: '::1' })));
  });
});

describe('behind a proxy', () => {
  let proxied: TestServer;
  let direct: TestServer;
  before(async () => {
    [proxied, direct] = await Promise.all([startTestServer({ TRUST_PROXY: '1', PUBLIC_URL: 'https://care.example.org/' }), startTestServer()]);
  });
  after(async () => {
    await Promise.all([proxied?.stop(), direct?.stop()]);
  });

  const sessionCookie = async (server: TestServer, headers: Record<string, string>) => {
    const answer = await call(server.url, '/api/auth/login', { body: { user_name: 'navigator', password: 'careweave-demo' }, headers });
    return answer.headers.getSetCookie().find((c) => c.startsWith('careweave_session='))!;
  };

  it('the session cookie is Secure when the request came over HTTPS through a trusted proxy', async () => {
    assert.match(await sessionCookie(proxied, { 'x-forwarded-proto': 'https' }), /; Secure/);
    assert.doesNotMatch(await sessionCookie(proxied, {}), /; Secure/);
    // A caller that is not a trusted proxy cannot claim HTTPS (nor an address).
    assert.doesNotMatch(await sessionCookie(direct, { 'x-forwarded-proto': 'https' }), /; Secure/);
  });

  it('links handed out are built from PUBLIC_URL, whatever Host the request names', async () => {
    const supervisor = await login(proxied.url, 'cit-supervisor');
    const [event] = (
      await sql<{ medical_event_uid: string; patient_uid: string }>`
        select m.medical_event_uid, m.patient_uid from medical_event m
          join reference_data r on r.uid = m.medical_event_type_uid join patient p on p.patient_uid = m.patient_uid
         where r.name = 'cit' and p.division_uid = ${supervisor.session.current_division_uid} limit 1`.execute(proxied.db)
    ).rows;
    const answer = await call(proxied.url, `/api/data/public/patient/${event.patient_uid}/medical-events/${event.medical_event_uid}/pdf`, {
      token: supervisor.token,
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    assert.equal(answer.status, 200, answer.text);
    assert.ok(answer.body.data.link.startsWith('https://care.example.org/api/cit-pdf?token='), answer.body.data.link);
  });
});
