import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, fieldErrors, login, type DemoFacts, type LoggedIn, patientWithout } from './support/http';

let server: TestServer;
let facts: DemoFacts;
let nav: LoggedIn;
let cit: LoggedIn;
let patient: string;
let otherDivision: string;

const payload = (patientUid: string, attributes: Record<string, unknown>) => ({
  data: { type: 'notes', attributes, relationships: { patient: { data: { type: 'patients', id: patientUid } } } },
});
const post = (user: LoggedIn | null, body: unknown, key: string | null = randomUUID()) =>
  call(server.url, '/api/notes', { body, ...(user && { token: user.token }), headers: key ? { 'idempotency-key': key } : {} });
const list = (user: LoggedIn, patientUid: string) => call(server.url, `/api/data/public/patient_note?patient_uid=${patientUid}&is_archived=false`, { token: user.token });

before(async () => {
  server = await startTestServer();
  facts = await demoFacts(server.db);
  [nav, cit] = await Promise.all([login(server.url, 'navigator'), login(server.url, 'cit')]);
  // One without the demo's notes, so its list and activity log hold only what the tests add.
  patient = await patientWithout(server.db, facts, 'patient_note');
  otherDivision = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[1]).executeTakeFirstOrThrow()).patient_uid;
});
after(async () => {
  await server?.stop();
});

describe('patient notes', () => {
  it('adds a note with the author, lists it first and records the change in the activity log', async () => {
    const answer = await post(nav, payload(patient, { note: '  Called the school about the bus pass.  ', activity_date: '2026-11-20', session_duration_minutes: 25 }));
    assert.equal(answer.status, 201, answer.text);
    const note = answer.body.data.attributes;
    assert.equal(note.note, 'Called the school about the bus pass.');
    assert.equal(note.note_type, 'Patient Note');
    assert.equal(note.activity_date, '2026-11-20');
    assert.equal(note.session_duration_minutes, 25);
    assert.equal(note.author_last_name, 'Navigator');
    const rows = (await list(nav, patient)).body.data;
    assert.equal(rows[0].id, answer.body.data.id, 'newest first');
    const audit = await server.db.selectFrom('audit_entry').select(['action', 'message', 'target_uid']).where('patient_uid', '=', patient).where('action', '=', 'AddedNote').execute();
    assert.deepEqual(audit, [{ action: 'AddedNote', message: `${note.author_first_name} Navigator added a note`, target_uid: answer.body.data.id }]);
  });

  it('refuses each invalid field with its message and stores nothing', async () => {
    const before = (await list(nav, patient)).body.meta.total;
    assert.deepEqual(fieldErrors(await post(nav, payload(patient, { note: '   ', activity_date: '2026-11-20' }))), { 'data.attributes.note': 'Required' });
    assert.deepEqual(fieldErrors(await post(nav, payload(patient, { note: 'x'.repeat(5001), activity_date: '2026-02-30' }))), {
      'data.attributes.note': 'Must be at most 5000 characters',
      'data.attributes.activity_date': 'Must be a date',
    });
    assert.deepEqual(Object.keys(fieldErrors(await post(nav, payload(patient, { note: 'n', activity_date: '2026-11-20', session_duration_minutes: 1441 })))), ['data.attributes.session_duration_minutes']);
    assert.equal((await post(nav, payload(patient, { note: 'n', activity_date: '2026-11-20' }), null)).status, 400, 'an Idempotency-Key is required');
    assert.equal((await list(nav, patient)).body.meta.total, before);
  });

  it('the same Idempotency-Key stores one note', async () => {
    const key = randomUUID();
    const body = payload(patient, { note: 'Double click', activity_date: '2026-11-21' });
    const answers = await Promise.all([post(nav, body, key), post(nav, body, key), post(nav, body, key)]);
    assert.deepEqual(answers.map((a) => a.status), [201, 201, 201]);
    assert.equal(new Set(answers.map((a) => a.body.data.id)).size, 1);
    const stored = await server.db.selectFrom('patient_note').select('note_uid').where('patient_uid', '=', patient).where('note', '=', 'Double click').execute();
    assert.equal(stored.length, 1);
  });

  it('a note is deactivated, never deleted: gone from the list and the details, logged', async () => {
    const id = (await post(nav, payload(patient, { note: 'To deactivate', activity_date: '2026-11-21' }))).body.data.id;
    assert.equal((await call(server.url, `/api/notes/${id}`, { token: nav.token })).body.data.attributes.note, 'To deactivate');
    assert.equal((await call(server.url, `/api/notes/${id}`, { method: 'DELETE', token: nav.token })).status, 204);
    assert.equal((await call(server.url, `/api/notes/${id}`, { token: nav.token })).status, 404);
    assert.equal((await call(server.url, `/api/notes/${id}`, { method: 'DELETE', token: nav.token })).status, 404, 'only once');
    assert.ok(!(await list(nav, patient)).body.data.some((r: { id: string }) => r.id === id));
    const row = await server.db.selectFrom('patient_note').select('is_archived').where('note_uid', '=', id).executeTakeFirstOrThrow();
    assert.equal(row.is_archived, true);
    const audit = await server.db.selectFrom('audit_entry').select('action').where('target_uid', '=', id).orderBy('created_at').execute();
    assert.deepEqual(audit.map((a) => a.action), ['AddedNote', 'DeactivatedNote']);
  });

  it('refusals: no session 401, CIT 403, a patient or note the caller may not see 404 with one answer', async () => {
    assert.equal((await post(null, payload(patient, { note: 'n', activity_date: '2026-11-21' }))).status, 401);
    assert.equal((await post(cit, payload(patient, { note: 'n', activity_date: '2026-11-21' }))).status, 403);
    for (const hidden of [otherDivision, facts.restricted.others[0], facts.adoption[0], '00000000-0000-4000-8000-000000000000']) {
      assert.equal((await post(nav, payload(hidden, { note: 'n', activity_date: '2026-11-21' }))).status, 404, hidden);
      assert.equal((await list(nav, hidden)).status, 404, hidden);
    }
    assert.equal((await call(server.url, '/api/data/public/patient_note', { token: nav.token })).status, 400, 'the list names its patient');
    // A note of another division's patient: the same 404 as a note that does not exist.
    await server.db.insertInto('patient_note').values({ patient_uid: otherDivision, note: 'Summit note' }).execute();
    const foreign = await server.db.selectFrom('patient_note').select('note_uid').where('patient_uid', '=', otherDivision).executeTakeFirstOrThrow();
    for (const id of [foreign.note_uid, randomUUID(), 'not-a-uuid']) {
      const answer = await call(server.url, `/api/notes/${id}`, { token: nav.token });
      assert.equal(answer.status, 404, id);
      assert.deepEqual(answer.body.errors, [{ message: 'Note not found' }]);
      assert.equal((await call(server.url, `/api/notes/${id}`, { method: 'DELETE', token: nav.token })).status, 404);
    }
    const still = await server.db.selectFrom('patient_note').select('is_archived').where('note_uid', '=', foreign.note_uid).executeTakeFirstOrThrow();
    assert.equal(still.is_archived, false);
  });
});
