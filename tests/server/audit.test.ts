import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, errorsOf, login, type DemoFacts, type LoggedIn } from './support/http';

let server: TestServer;
let url: string;
let facts: DemoFacts;
let nav: LoggedIn;
let visiblePatient: string;

before(async () => {
  server = await startTestServer();
  url = server.url;
  facts = await demoFacts(server.db);
  nav = await login(url, 'navigator');
  const hidden = [facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
  visiblePatient = (
    await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[0]).where('patient_uid', 'not in', hidden).orderBy('patient_uid').limit(1).executeTakeFirstOrThrow()
  ).patient_uid;
});
after(async () => {
  await server?.stop();
});

const audit = (body: unknown, auth: { token?: string; cookie?: string; csrf?: string } = { token: nav.token }) => call(url, '/api/audit', { ...auth, body });
const entriesFor = (patientUid: string) => server.db.selectFrom('audit_entry').selectAll().where('patient_uid', '=', patientUid).orderBy('created_at').execute();

describe('POST /api/audit', () => {
  it('records the entry with the caller, the current division and the time', async () => {
    const before = Date.now();
    const answer = await audit({ patient_uid: visiblePatient, action: 'ViewedPatient' });
    assert.equal(answer.status, 201);
    const { data } = answer.body;
    assert.equal(data.type, 'audit');
    assert.match(data.id, /^[0-9a-f-]{36}$/);
    const rows = await entriesFor(visiblePatient);
    assert.equal(rows.length, 1);
    const [row] = rows;
    assert.equal(row.audit_uid, data.id);
    assert.equal(row.action, 'ViewedPatient');
    assert.equal(row.user_uid, nav.session.user_uid);
    assert.equal(row.division_uid, facts.divisionUids[0]);
    assert.ok(Math.abs(row.created_at.getTime() - before) < 5_000, `created_at ${row.created_at.toISOString()}`);
    assert.deepEqual(data.attributes, {
      audit_uid: row.audit_uid,
      patient_uid: visiblePatient,
      action: 'ViewedPatient',
      user_uid: nav.session.user_uid,
      division_uid: facts.divisionUids[0],
      created_at: row.created_at.toISOString(),
    });
  });

  it('records in the division the session is in after a switch', async () => {
    const me = await login(url, 'navigator');
    const sw = await call(url, '/api/session/current', { method: 'PUT', token: me.token, body: { data: { attributes: { current_division_uid: facts.divisionUids[1] } } } });
    const p2 = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[1]).orderBy('patient_uid').limit(1).executeTakeFirstOrThrow()).patient_uid;
    const answer = await audit({ patient_uid: p2, action: 'ReferralAppt' }, { token: sw.body.data.attributes.token });
    assert.equal(answer.status, 201);
    const [row] = await entriesFor(p2);
    assert.equal(row.division_uid, facts.divisionUids[1]);
    assert.equal(row.action, 'ReferralAppt');
  });

  it('answers missing or bad fields with 422 and writes nothing', async () => {
    const count = async () => (await server.db.selectFrom('audit_entry').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = await count();
    assert.deepEqual(errorsOf(await audit({}), 422), [
      { field: 'patient_uid', message: 'Required' },
      { field: 'action', message: 'Required' },
    ]);
    assert.deepEqual(errorsOf(await audit({ patient_uid: visiblePatient }), 422), [{ field: 'action', message: 'Required' }]);
    assert.deepEqual(errorsOf(await audit({ patient_uid: visiblePatient, action: "x'; drop table audit_entry; --" }), 422), [{ field: 'action', message: 'Must be an action name' }]);
    assert.deepEqual(errorsOf(await audit({ patient_uid: visiblePatient, action: 'A'.repeat(65) }), 422), [{ field: 'action', message: 'Must be an action name' }]);
    assert.equal(errorsOf(await audit({ patient_uid: 42, action: 'ViewedPatient' }), 422)[0].field, 'patient_uid');
    assert.deepEqual(errorsOf(await audit(['ViewedPatient']), 400), [{ message: 'Request body must be a JSON object' }]);
    assert.equal(await count(), before);
  });

  it('is 404 for a patient the caller may not see: other division, restricted, adoption, unknown, not an id', async () => {
    const otherDivision = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[1]).orderBy('patient_uid', 'desc').limit(1).executeTakeFirstOrThrow()).patient_uid;
    for (const id of [otherDivision, ...facts.restricted.others, ...facts.adoption, '00000000-0000-0000-0000-000000000000', 'not-an-id', "' or 1=1 --"]) {
      assert.deepEqual(errorsOf(await audit({ patient_uid: id, action: 'ViewedPatient' }), 404), [{ message: 'Patient not found' }], id);
    }
    for (const id of [otherDivision, ...facts.restricted.others, ...facts.adoption]) assert.deepEqual(await entriesFor(id), []);
    // Her own restricted case is visible, so it can be audited.
    assert.equal((await audit({ patient_uid: facts.restricted.mine, action: 'ViewedPatient' })).status, 201);
    // identity-health may see adoption cases.
    const health = await login(url, 'identity-health');
    assert.equal((await audit({ patient_uid: facts.adoption[0], action: 'ViewedPatient' }, { token: health.token })).status, 201);
  });

  it('is 401 without a session', async () => {
    errorsOf(await audit({ patient_uid: visiblePatient, action: 'ViewedPatient' }, {}), 401);
    errorsOf(await audit({ patient_uid: visiblePatient, action: 'ViewedPatient' }, { token: 'expired-or-forged' }), 401);
  });

  it('needs the CSRF token with the cookie', async () => {
    const me = await login(url, 'director');
    const body = { patient_uid: visiblePatient, action: 'CookieCheck' };
    assert.deepEqual(errorsOf(await audit(body, { cookie: me.cookie }), 403), [{ message: 'Missing or invalid CSRF token' }]);
    errorsOf(await audit(body, { cookie: me.cookie, csrf: nav.csrf }), 403);
    assert.equal((await entriesFor(visiblePatient)).filter((r) => r.action === 'CookieCheck').length, 0);
    const ok = await audit(body, { cookie: me.cookie, csrf: me.csrf });
    assert.equal(ok.status, 201);
    assert.equal(ok.body.data.attributes.user_uid, me.session.user_uid);
  });
});
