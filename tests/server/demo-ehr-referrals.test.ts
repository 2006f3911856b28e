import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, login, type LoggedIn } from './support/http';

/**
 * Issue 35 in the demo: Riverside General sends Gravity referrals from its
 * page through Careweave's FHIR API over HTTP (its own key, published at its
 * JWKS URL), and shows each Task's status as Careweave's navigators set it.
 */
let server: TestServer;
let nav: LoggedIn;

const refer = (patient: string, service: string) =>
  fetch(`${server.url}/demo/ehr/refer`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ patient, service }) });
const sent = async () => (await (await fetch(`${server.url}/demo/ehr/referrals`)).json()) as { id: string; patient: string | null; service: string; status: string; businessStatus: string | null }[];

before(async () => {
  server = await startTestServer();
  nav = await login(server.url, 'navigator');
});
after(() => server?.stop());

describe('the demo EHR as a Gravity referral source', () => {
  it('lists the demo’s two referrals; a new one for Marcus Ellery (his MRN known) lands on his record, and the answer shows on the EHR', async () => {
    const before = await sent();
    assert.deepEqual(before.map((r) => [r.patient, r.status]).sort(), [['Jordan Lee Avery', 'received'], ['Marcus James Ellery', 'received']]);

    const answer = await refer('rg-4f7a21', 'housing');
    assert.equal(answer.status, 200, await answer.clone().text());
    const mine = (await sent()).find((r) => r.service === 'Referral to housing service');
    assert.ok(mine, 'the new referral, with the service asked for');
    assert.equal(mine.patient, 'Marcus James Ellery');
    const marcus = await server.db.selectFrom('patient').select('patient_uid').where('first_name', '=', 'Marcus').where('last_name', '=', 'Ellery').executeTakeFirstOrThrow();
    const stored = await server.db.selectFrom('fhir_referral').select(['patient_uid', 'what_for']).where('referral_uid', '=', mine.id).executeTakeFirstOrThrow();
    assert.deepEqual(stored, { patient_uid: marcus.patient_uid, what_for: 'Referral to housing service' }, 'matched by his MRN: on his record');

    const accepted = await call(server.url, `/api/ehr-referrals/${mine.id}/status`, { method: 'PUT', body: { data: { type: 'ehr-referrals', id: mine.id, attributes: { status: 'accepted' } } }, token: nav.token });
    assert.equal(accepted.status, 200, accepted.text);
    assert.deepEqual(
      (await sent()).filter((r) => r.id === mine.id).map((r) => [r.status, r.businessStatus]),
      [['accepted', 'Accepted']],
    );
  });

  it('refuses an unknown patient or service', async () => {
    assert.equal((await refer('nobody', 'food')).status, 422);
    assert.equal((await refer('rg-4f7a21', 'haircut')).status, 422);
  });
});
