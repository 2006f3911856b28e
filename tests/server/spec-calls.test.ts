import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, errorsOf, fieldErrors, login, type DemoFacts, type LoggedIn } from './support/http';

/**
 * Spec 000 section 7's last calls (issue 33): a patient's current inbound
 * referral, the matches check, and another user of the organisation, each
 * with the refusals of the patient guard and the organisation.
 */

let server: TestServer;
let facts: DemoFacts;
let nav: LoggedIn;

before(async () => {
  server = await startTestServer();
  facts = await demoFacts(server.db);
  nav = await login(server.url, 'navigator');
});
after(async () => {
  await server?.stop();
});

describe('GET /api/patients/{id}/current-inbound-referral', () => {
  it('answers the newest inbound referral with its labels, null without one, 404 for a record the caller may not open', async () => {
    const referred = await server.db
      .selectFrom('inbound_referral as r')
      .innerJoin('patient as p', 'p.patient_uid', 'r.patient_uid')
      .select(['r.patient_uid'])
      .where('p.division_uid', '=', facts.divisionUids[0])
      .where('p.restricted_flag', '=', '0')
      .groupBy('r.patient_uid')
      .having((eb) => eb.fn.countAll(), '>', 1)
      // Each with a referral source (a referral from another division or an EHR names none: its sender is requested_by).
      .having((eb) => eb(eb.fn.count('r.referral_source_uid'), '=', eb.fn.countAll()))
      .executeTakeFirstOrThrow();
    const newest = await server.db.selectFrom('inbound_referral').select(['referral_uid', 'referral_date']).where('patient_uid', '=', referred.patient_uid).orderBy('referral_date', 'desc').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const answer = await call(server.url, `/api/patients/${referred.patient_uid}/current-inbound-referral`, { token: nav.token });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.data.id, newest.referral_uid);
    assert.equal(answer.body.data.attributes.referral_date, newest.referral_date);
    assert.equal(typeof answer.body.data.attributes.referral_source_label, 'string');

    const fresh = await server.db.insertInto('patient').values({ division_uid: facts.divisionUids[0], first_name: 'No', last_name: 'Referral' }).returning('patient_uid').executeTakeFirstOrThrow();
    assert.deepEqual((await call(server.url, `/api/patients/${fresh.patient_uid}/current-inbound-referral`, { token: nav.token })).body, { data: null });
    for (const id of [facts.restricted.others[0], facts.adoption[0], crypto.randomUUID(), 'nope']) {
      errorsOf(await call(server.url, `/api/patients/${id}/current-inbound-referral`, { token: nav.token }), 404);
    }
  });
});

describe('POST /api/patients/matches', () => {
  it('finds the patients of the division with the name and birth date, with the same rules as possible-duplicates', async () => {
    const known = await server.db.selectFrom('patient').select(['patient_uid', 'first_name', 'last_name', 'birth_date']).where('division_uid', '=', facts.divisionUids[0]).where('restricted_flag', '=', '0').where('birth_date', 'is not', null).orderBy('last_name').executeTakeFirstOrThrow();
    const birth = String(known.birth_date).slice(0, 10);
    const body = { first_name: known.first_name.toUpperCase(), last_name: known.last_name, birth_date: birth };
    const answer = await call(server.url, '/api/patients/matches', { token: nav.token, body });
    assert.equal(answer.status, 200, answer.text);
    assert.ok(answer.body.data.some((d: { id: string }) => d.id === known.patient_uid));
    const viaGet = await call(server.url, `/api/patients/possible-duplicates?${new URLSearchParams(body)}`, { token: nav.token });
    assert.deepEqual(answer.body, viaGet.body);
    assert.deepEqual(fieldErrors(await call(server.url, '/api/patients/matches', { token: nav.token, body: { last_name: 'x'.repeat(101) } })), { first_name: 'Required', last_name: 'Must be at most 100 characters' });
    const identity = await login(server.url, 'identity');
    errorsOf(await call(server.url, '/api/patients/matches', { token: identity.token, body }), 403);
  });
});

describe('GET /api/app-user/{id}', () => {
  it('names a user of the caller’s organisation, and nobody else', async () => {
    const director = await server.db.selectFrom('app_user').select('user_uid').where('user_name', '=', 'director').executeTakeFirstOrThrow();
    const answer = await call(server.url, `/api/app-user/${director.user_uid}`, { token: nav.token });
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(Object.keys(answer.body.data.attributes).sort(), ['display_name', 'email_address', 'first_name', 'is_active', 'last_name', 'user_uid']);
    assert.equal(answer.body.data.attributes.display_name, 'Dana Director');
    const stranger = await server.db.insertInto('app_user').values({ user_name: 'stranger', display_name: 'Stranger', email_address: 'stranger@elsewhere.test' }).returning('user_uid').executeTakeFirstOrThrow();
    for (const id of [stranger.user_uid, crypto.randomUUID(), 'not-an-id']) errorsOf(await call(server.url, `/api/app-user/${id}`, { token: nav.token }), 404);
    errorsOf(await call(server.url, `/api/app-user/${director.user_uid}`), 401);
  });
});

describe('the CIT home’s left panel (spec 001 section 1)', () => {
  it('lists a CIT user’s own recent patients, newest first; modes without a left panel are refused', async () => {
    const cit = await login(server.url, 'cit');
    const patients = await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[0]).where('restricted_flag', '=', '0').where('adoption_case', '=', false).orderBy('last_name').limit(2).execute();
    const recent = async () => (await call(server.url, `/api/data/public/list_view_cs_recent_patients?user_uid=${cit.session.user_uid}&page=1&page-size=4&sort=-updated-date`, { token: cit.token })).body.data.map((d: { id: string }) => d.id);
    assert.deepEqual(await recent(), []);
    for (const p of patients) assert.equal((await call(server.url, '/api/audit', { token: cit.token, body: { patient_uid: p.patient_uid, action: 'ViewedPatient' } })).status, 201);
    assert.deepEqual(await recent(), [patients[1].patient_uid, patients[0].patient_uid]);
    errorsOf(await call(server.url, `/api/data/public/list_view_cs_recent_patients?user_uid=${nav.session.user_uid}`, { token: cit.token }), 403);
    errorsOf(await call(server.url, '/api/data/public/list_view_cs_recent_patients', { token: nav.token }), 403);
  });
});
