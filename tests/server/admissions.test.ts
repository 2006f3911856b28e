import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, fieldErrors, login, type DemoFacts, type LoggedIn } from './support/http';

let server: TestServer;
let facts: DemoFacts;
let nav: LoggedIn;
let community: LoggedIn;
let patient: string;
let otherDivision: string;
let admitted: string;
let discharged: string;
let facility: string;

const post = (user: LoggedIn | null, attributes: Record<string, unknown>, key: string | null = randomUUID()) =>
  call(server.url, '/api/admissions', { body: { data: { type: 'admissions', attributes } }, ...(user && { token: user.token }), headers: key ? { 'idempotency-key': key } : {} });
const put = (user: LoggedIn, id: string, attributes: Record<string, unknown>) =>
  call(server.url, `/api/admissions/${id}`, { method: 'PUT', body: { data: { type: 'admissions', id, attributes } }, token: user.token });

before(async () => {
  server = await startTestServer();
  facts = await demoFacts(server.db);
  [nav, community] = await Promise.all([login(server.url, 'navigator'), login(server.url, 'community')]);
  const hidden = [facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
  patient = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[0]).where('patient_uid', 'not in', hidden).orderBy('first_name').executeTakeFirstOrThrow()).patient_uid;
  otherDivision = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[1]).executeTakeFirstOrThrow()).patient_uid;
  const statuses = await server.db.selectFrom('reference_data').select(['uid', 'name']).where('model', '=', 'reference-status').where('ref_data_type', '=', 'Admission').execute();
  admitted = statuses.find((s) => s.name === 'admitted')!.uid;
  discharged = statuses.find((s) => s.name === 'discharged')!.uid;
  facility = (await server.db.selectFrom('facility').select('facility_uid').orderBy('facility_name').executeTakeFirstOrThrow()).facility_uid;
});
after(async () => {
  await server?.stop();
});

describe('admissions', () => {
  it('adds an admission, lists it first, shows the notes written during the stay, edits it, and logs both', async () => {
    const created = await post(nav, { patient_uid: patient, status_uid: admitted, facility_uid: facility, event_date: '2026-11-20', comments: 'Chest pain' });
    assert.equal(created.status, 201, created.text);
    const id = created.body.data.id;
    assert.equal(created.body.data.attributes.status_label, 'Admitted');
    const list = await call(server.url, `/api/patients/${patient}/admissions?page-size=100`, { token: nav.token });
    assert.equal(list.body.data[0].id, id);

    await server.db.insertInto('patient_note').values({ patient_uid: patient, note: 'Visited on the ward', created_at: new Date('2026-11-21T15:00:00Z') } as never).execute();
    await server.db.insertInto('patient_note').values({ patient_uid: patient, note: 'Before the stay', created_at: new Date('2026-11-01T15:00:00Z') } as never).execute();
    const read = await call(server.url, `/api/admissions/${id}`, { token: nav.token });
    assert.deepEqual(read.body.data.attributes.related_notes.map((n: { note: string }) => n.note), ['Visited on the ward']);

    const changed = await put(nav, id, { status_uid: discharged, facility_uid: facility, event_date: '2026-11-20', discharge_date: '2026-11-22', comments: 'Home' });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.body.data.attributes.status_label, 'Discharged');
    assert.equal(changed.body.data.attributes.discharge_date, '2026-11-22');
    assert.deepEqual(changed.body.data.attributes.related_notes.map((n: { note: string }) => n.note), ['Visited on the ward'], 'the stay ended on the 22nd');
    const audit = await server.db.selectFrom('audit_entry').select(['action', 'message']).where('target_uid', '=', id).orderBy('created_at').execute();
    assert.deepEqual(audit, [
      { action: 'AddedAdmission', message: 'Nora Navigator added an admission' },
      { action: 'ChangedAdmission', message: 'Nora Navigator changed an admission' },
    ]);
  });

  it('refuses each invalid field with its message and stores nothing', async () => {
    const before = (await server.db.selectFrom('admission').select('admission_uid').execute()).length;
    assert.deepEqual(fieldErrors(await post(nav, { patient_uid: patient, status_uid: '', event_date: '' })), {
      'data.attributes.status_uid': 'Required',
      'data.attributes.event_date': 'Required',
    });
    assert.deepEqual(fieldErrors(await post(nav, { patient_uid: patient, status_uid: admitted, event_date: '2026-11-20', discharge_date: '2026-11-19' })), {
      'data.attributes.discharge_date': 'Must be on or after the admission date',
    });
    assert.deepEqual(fieldErrors(await post(nav, { patient_uid: patient, status_uid: admitted, event_date: '2026-11-20', comments: 'x'.repeat(5001) })), {
      'data.attributes.comments': 'Must be at most 5000 characters',
    });
    // A status of another type and a made-up facility are not the lists' options.
    const episode = (await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-status').where('ref_data_type', '=', 'Episode').executeTakeFirstOrThrow()).uid;
    assert.deepEqual(fieldErrors(await post(nav, { patient_uid: patient, status_uid: episode, facility_uid: randomUUID(), event_date: '2026-11-20' })), {
      'data.attributes.status_uid': 'Must be one of the listed options',
      'data.attributes.facility_uid': 'Must be one of the listed options',
    });
    assert.deepEqual(fieldErrors(await post(nav, { status_uid: admitted, event_date: '2026-11-20' })), { 'data.attributes.patient_uid': 'Required' });
    assert.equal((await post(nav, { patient_uid: patient, status_uid: admitted, event_date: '2026-11-20' }, null)).status, 400, 'an Idempotency-Key is required');
    assert.equal((await server.db.selectFrom('admission').select('admission_uid').execute()).length, before);
  });

  it('the same Idempotency-Key stores one admission', async () => {
    const key = randomUUID();
    const body = { patient_uid: patient, status_uid: admitted, event_date: '2026-10-01', comments: 'Double click' };
    const answers = await Promise.all([post(nav, body, key), post(nav, body, key)]);
    assert.deepEqual(answers.map((a) => a.status), [201, 201]);
    assert.equal((await server.db.selectFrom('admission').select('admission_uid').where('comments', '=', 'Double click').execute()).length, 1);
  });

  it('refusals: no session 401, no admission feature 403, an invisible patient or admission 404 with one answer', async () => {
    assert.equal((await post(null, { patient_uid: patient, status_uid: admitted, event_date: '2026-11-20' })).status, 401);
    assert.equal((await post(community, { patient_uid: patient, status_uid: admitted, event_date: '2026-11-20' })).status, 403);
    assert.equal((await call(server.url, `/api/patients/${patient}/admissions`, { token: community.token })).status, 403);
    for (const hidden of [otherDivision, facts.restricted.others[0], facts.adoption[0]]) {
      assert.equal((await post(nav, { patient_uid: hidden, status_uid: admitted, event_date: '2026-11-20' })).status, 404, hidden);
      assert.equal((await call(server.url, `/api/patients/${hidden}/admissions`, { token: nav.token })).status, 404, hidden);
    }
    const foreign = await server.db.insertInto('admission').values({ patient_uid: otherDivision, status_uid: admitted, event_date: '2026-11-01' }).returning('admission_uid').executeTakeFirstOrThrow();
    for (const id of [foreign.admission_uid, randomUUID(), 'nope']) {
      const answer = await call(server.url, `/api/admissions/${id}`, { token: nav.token });
      assert.equal(answer.status, 404, id);
      assert.deepEqual(answer.body.errors, [{ message: 'Admission not found' }]);
      assert.equal((await put(nav, id, { status_uid: discharged, event_date: '2026-11-01' })).status, 404);
    }
    const still = await server.db.selectFrom('admission').select('status_uid').where('admission_uid', '=', foreign.admission_uid).executeTakeFirstOrThrow();
    assert.equal(still.status_uid, admitted);
  });
});
