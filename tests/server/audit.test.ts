import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
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
    await server.db
      .selectFrom('patient')
      .select('patient_uid')
      .where('division_uid', '=', facts.divisionUids[0])
      .where('patient_uid', 'not in', hidden)
      // One the demo's history has written no entry for: the test counts the entries it writes.
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('audit_entry').select('audit_uid').whereRef('audit_entry.patient_uid', '=', 'patient.patient_uid'))))
      .orderBy('patient_uid')
      .limit(1)
      .executeTakeFirstOrThrow()
  ).patient_uid;
});
after(async () => {
  await server?.stop();
});

const audit = (body: unknown, auth: { token?: string; cookie?: string; csrf?: string } = { token: nav.token }, pageView?: string) =>
  call(url, '/api/audit', { ...auth, body, headers: pageView ? { 'x-page-view': pageView } : {} });
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
      page_view_id: null,
      service_method: 'POST /api/audit',
      target_type: 'patients',
      target_uid: visiblePatient,
      message: 'Nora Navigator viewed the record',
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
    // Only the spec's actions: nothing made up, and nothing only the server writes.
    for (const action of ['SearchCheck', 'viewedpatient', ' ViewedPatient', 'DownloadedCitPdf', "x'; drop table audit_entry; --", 'A'.repeat(65), 42]) {
      assert.deepEqual(errorsOf(await audit({ patient_uid: visiblePatient, action }), 422), [{ field: 'action', message: 'Must be one of ViewedPatient, ReferralAppt' }], String(action));
    }
    assert.equal(errorsOf(await audit({ patient_uid: 42, action: 'ViewedPatient' }), 422)[0].field, 'patient_uid');
    assert.deepEqual(errorsOf(await audit(['ViewedPatient']), 400), [{ message: 'Request body must be a JSON object' }]);
    assert.equal(await count(), before);
  });

  it('is 404 for a patient the caller may not see: other division, restricted, adoption, unknown, not an id', async () => {
    const otherDivision = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[1]).orderBy('patient_uid', 'desc').limit(1).executeTakeFirstOrThrow()).patient_uid;
    for (const id of [otherDivision, ...facts.restricted.others, ...facts.adoption, '00000000-0000-0000-0000-000000000000', 'not-an-id', "' or 1=1 --"]) {
      assert.deepEqual(errorsOf(await audit({ patient_uid: id, action: 'ViewedPatient' }), 404), [{ message: 'Patient not found' }], id);
    }
    // Nothing of the caller's (the demo's past emergency accesses are the CIT supervisor's).
    for (const id of [otherDivision, ...facts.restricted.others, ...facts.adoption]) assert.deepEqual((await entriesFor(id)).filter((r) => r.user_uid === nav.session.user_uid), []);
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
    const body = { patient_uid: visiblePatient, action: 'ReferralAppt' };
    assert.deepEqual(errorsOf(await audit(body, { cookie: me.cookie }), 403), [{ message: 'Missing or invalid CSRF token' }]);
    errorsOf(await audit(body, { cookie: me.cookie, csrf: nav.csrf }), 403);
    assert.equal((await entriesFor(visiblePatient)).filter((r) => r.user_uid === me.session.user_uid).length, 0);
    const ok = await audit(body, { cookie: me.cookie, csrf: me.csrf });
    assert.equal(ok.status, 201);
    assert.equal(ok.body.data.attributes.user_uid, me.session.user_uid);
  });

  it('without a page view, every call is an entry of its own', async () => {
    const before = (await entriesFor(visiblePatient)).length;
    for (let i = 0; i < 2; i++) assert.equal((await audit({ patient_uid: visiblePatient, action: 'ReferralAppt' })).status, 201);
    assert.equal((await entriesFor(visiblePatient)).length, before + 2);
  });

  it('within a page view, each action is written once: a repeat answers 200 with the first entry', async () => {
    const patient = facts.restricted.mine;
    const before = (await entriesFor(patient)).length;
    const pageView = crypto.randomUUID();
    const first = await audit({ patient_uid: patient, action: 'ViewedPatient' }, undefined, pageView);
    assert.equal(first.status, 201);
    assert.equal(first.body.data.attributes.page_view_id, pageView);
    const again = await audit({ patient_uid: patient, action: 'ViewedPatient' }, undefined, pageView);
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, first.body);
    // Another action of the same page, and the same action of the next page load, are new entries.
    assert.equal((await audit({ patient_uid: patient, action: 'ReferralAppt' }, undefined, pageView)).status, 201);
    assert.equal((await audit({ patient_uid: patient, action: 'ReferralAppt' }, undefined, pageView)).status, 200);
    assert.equal((await audit({ patient_uid: patient, action: 'ViewedPatient' }, undefined, crypto.randomUUID())).status, 201);
    const written = (await entriesFor(patient)).slice(before);
    assert.deepEqual(written.map((r) => r.action), ['ViewedPatient', 'ReferralAppt', 'ViewedPatient']);
  });
});

describe('GET /api/patients/{id}/audit-messages', () => {
  let patient: string;
  let director: LoggedIn;
  const messages = (patientUid: string, query = '', token = nav.token) => call(url, `/api/patients/${patientUid}/audit-messages${query}`, { token });

  before(async () => {
    director = await login(url, 'director');
    patient = (
      await server.db
        .selectFrom('patient')
        .select('patient_uid')
        .where('division_uid', '=', facts.divisionUids[0])
        .where('patient_uid', 'not in', [visiblePatient, facts.restricted.mine, ...facts.restricted.others, ...facts.adoption])
        // One the demo's history has written no entry for (its patients' ids are new each seed): the tests count every entry.
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('audit_entry').select('audit_uid').whereRef('audit_entry.patient_uid', '=', 'patient.patient_uid'))))
        .orderBy('patient_uid')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).patient_uid;
    // Entries from before migration 014 have no message: one of the spec's actions and one of the made-up names accepted then.
    await sql`
      insert into audit_entry (patient_uid, action, user_uid, division_uid, created_at)
      values (${patient}, 'SearchCheck', ${director.session.user_uid}, ${facts.divisionUids[0]}, now() - interval '2 days'),
             (${patient}, 'ViewedPatient', ${director.session.user_uid}, ${facts.divisionUids[0]}, now() - interval '1 day')`.execute(server.db);
    assert.equal((await audit({ patient_uid: patient, action: 'ViewedPatient' })).status, 201);
    assert.equal((await audit({ patient_uid: patient, action: 'ReferralAppt' }, { token: director.token })).status, 201);
  });

  it("lists the patient's entries newest first, each with its formatted message", async () => {
    const answer = await messages(patient);
    assert.equal(answer.status, 200, answer.text);
    const stored = await sql<{ audit_uid: string; created_at: Date }>`select audit_uid, created_at from audit_entry where patient_uid = ${patient} order by created_at desc`.execute(server.db);
    assert.deepEqual(answer.body.meta, { total: 4, page: 1, page_size: 10 });
    assert.deepEqual(answer.body.data.map((r: { id: string }) => r.id), stored.rows.map((r) => r.audit_uid));
    assert.deepEqual(answer.body.data[0], {
      type: 'audit-messages',
      id: stored.rows[0].audit_uid,
      attributes: {
        message_date: stored.rows[0].created_at.toISOString(),
        formatted_message: 'Dana Director opened Referrals & Appointments',
        service_method: 'POST /api/audit',
        target_type: 'patients',
        target_uid: patient,
        action: 'ReferralAppt',
        user_display_name: 'Dana Director',
      },
    });
    assert.deepEqual(
      answer.body.data.map((r: { attributes: Record<string, unknown> }) => [r.attributes.action, r.attributes.formatted_message, r.attributes.service_method]),
      [
        ['ReferralAppt', 'Dana Director opened Referrals & Appointments', 'POST /api/audit'],
        ['ViewedPatient', 'Nora Navigator viewed the record', 'POST /api/audit'],
        ['ViewedPatient', 'Dana Director viewed the record', null],
        ['SearchCheck', 'Dana Director recorded SearchCheck', null],
      ],
    );
  });

  it('pages with page and page-size (at most 500)', async () => {
    const all = (await messages(patient)).body.data.map((r: { id: string }) => r.id);
    const first = await messages(patient, '?page-size=3');
    assert.deepEqual(first.body.data.map((r: { id: string }) => r.id), all.slice(0, 3));
    assert.deepEqual(first.body.meta, { total: 4, page: 1, page_size: 3 });
    const second = await messages(patient, '?page=2&page-size=3');
    assert.deepEqual(second.body.data.map((r: { id: string }) => r.id), all.slice(3));
    assert.deepEqual(second.body.meta, { total: 4, page: 2, page_size: 3 });
    assert.equal((await messages(patient, '?page-size=500')).status, 200);
    assert.deepEqual(errorsOf(await messages(patient, '?page-size=501'), 400), [{ field: 'page-size', message: 'page-size must be a whole number from 1 to 500' }]);
    errorsOf(await messages(patient, '?page=0'), 400);
  });

  it('is 404 for a patient the caller may not see, 401 without a session, 403 without a patient-record mode', async () => {
    for (const id of [...facts.restricted.others, ...facts.adoption, 'not-an-id']) assert.deepEqual(errorsOf(await messages(id), 404), [{ message: 'Patient not found' }], id);
    assert.deepEqual(errorsOf(await call(url, `/api/patients/${patient}/audit-messages`), 401), [{ message: 'Your session has expired or you are not signed in.' }]);
    const hwc = await login(url, 'hwc');
    errorsOf(await messages(patient, '', hwc.token), 403);
  });
});
