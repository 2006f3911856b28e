import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, errorsOf, fieldErrors, login, type DemoFacts, type LoggedIn } from './support/http';

let server: TestServer;
let facts: DemoFacts;
let nav: LoggedIn;
let cit: LoggedIn;
let patient: string;
let otherDivision: string;
let sertraline: string;
let albuterol: string;
let oral: string;
let inhaled: string;

const BASE = '/api/data/public/patient-medication';
const post = (user: LoggedIn | null, attributes: Record<string, unknown>, key: string | null = randomUUID()) =>
  call(server.url, BASE, { body: { data: { type: 'patient-medication', attributes } }, ...(user && { token: user.token }), headers: key ? { 'idempotency-key': key } : {} });
const put = (user: LoggedIn | null, id: string, attributes: Record<string, unknown>) =>
  call(server.url, `${BASE}/${id}`, { method: 'PUT', body: { data: { type: 'patient-medication', id, attributes } }, ...(user && { token: user.token }) });
const reference = async (model: string, label: string) =>
  (await server.db.selectFrom('reference_data').select('uid').where('model', '=', model).where('label', '=', label).executeTakeFirstOrThrow()).uid;
const listOf = (user: LoggedIn, patientUid: string) => call(server.url, `/api/data/public/nav-list-view-medication?patient_uid=${patientUid}`, { token: user.token });

before(async () => {
  server = await startTestServer();
  facts = await demoFacts(server.db);
  [nav, cit] = await Promise.all([login(server.url, 'navigator'), login(server.url, 'cit')]);
  const hidden = [facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
  patient = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[0]).where('patient_uid', 'not in', hidden)
    // One without the demo seed's rows, so the lists hold exactly what the tests add.
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('patient_medication').select('patient_uid').whereRef('patient_medication.patient_uid', '=', 'patient.patient_uid'))))
    .orderBy('last_name').executeTakeFirstOrThrow()).patient_uid;
  otherDivision = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[1]).executeTakeFirstOrThrow()).patient_uid;
  sertraline = await reference('reference-medication', 'Sertraline');
  albuterol = await reference('reference-medication', 'Albuterol');
  oral = await reference('reference-medication-route', 'Oral');
  inhaled = await reference('reference-medication-route', 'Inhaled');
});
after(async () => {
  await server?.stop();
});

describe('medications', () => {
  it('adds a medication with every field of spec 001 section 3, lists it, reads it, changes it and logs both', async () => {
    const full = {
      patient_uid: patient,
      medication_uid: sertraline,
      dosage: '50 mg',
      frequency: 'Once a day',
      started_date: '2026-09-01',
      finished_date: null,
      is_primary: true,
      is_prescription: true,
      is_still_taking: true,
      medication_route_uids: [oral],
      patient_reported_improvement: 'Yes',
      relief_rating: 'Moderate',
      relief_duration: 'Long term',
      comments: 'Sleeps better',
    };
    const created = await post(nav, full);
    assert.equal(created.status, 201, created.text);
    const id = created.body.data.id;
    const { patient_medication_uid, created_at, updated_at, ...attributes } = created.body.data.attributes;
    assert.equal(patient_medication_uid, id);
    assert.ok(created_at && updated_at);
    assert.deepEqual(attributes, { ...full, medication_label: 'Sertraline', medication_route_labels: ['Oral'] });

    const inhaler = await post(nav, { patient_uid: patient, medication_uid: albuterol, started_date: '2026-10-01', medication_route_uids: [inhaled, oral, inhaled] });
    assert.equal(inhaler.status, 201, inhaler.text);
    assert.deepEqual(inhaler.body.data.attributes.medication_route_labels, ['Oral', 'Inhaled'], 'each route once, in the list order');
    assert.equal(inhaler.body.data.attributes.is_primary, false);

    const list = await listOf(nav, patient);
    assert.deepEqual(list.body.data.map((r: any) => r.attributes.medication_label), ['Sertraline', 'Albuterol'], 'primary first, then the latest started');
    assert.deepEqual(list.body.data[0].attributes.medication_route_labels, ['Oral']);
    const primary = await call(server.url, `${BASE}?patient_uid=${patient}&is_primary=true`, { token: nav.token });
    assert.deepEqual(primary.body.data.map((r: any) => r.id), [id]);

    const read = await call(server.url, `${BASE}/${id}`, { token: nav.token });
    assert.equal(read.status, 200, read.text);
    assert.equal(read.body.data.attributes.dosage, '50 mg');

    const changed = await put(nav, id, { medication_uid: sertraline, dosage: '100 mg', started_date: '2026-09-01', finished_date: '2026-11-20', is_still_taking: false, medication_route_uids: [oral, inhaled], relief_rating: 'None', relief_duration: 'No relief', patient_reported_improvement: 'No' });
    assert.equal(changed.status, 200, changed.text);
    const after = changed.body.data.attributes;
    assert.deepEqual([after.dosage, after.finished_date, after.is_still_taking, after.is_primary, after.medication_route_labels, after.relief_rating, after.relief_duration, after.patient_reported_improvement, after.comments],
      ['100 mg', '2026-11-20', false, false, ['Oral', 'Inhaled'], 'None', 'No relief', 'No', null]);
    const cleared = await put(nav, id, { medication_uid: sertraline, medication_route_uids: [] });
    assert.deepEqual(cleared.body.data.attributes.medication_route_labels, []);

    const audit = await server.db.selectFrom('audit_entry').select(['action', 'message', 'patient_uid']).where('target_uid', '=', id).orderBy('created_at').execute();
    assert.deepEqual(audit, [
      { action: 'AddedMedication', message: 'Nora Navigator added the medication Sertraline', patient_uid: patient },
      { action: 'ChangedMedication', message: 'Nora Navigator changed the medication Sertraline', patient_uid: patient },
      { action: 'ChangedMedication', message: 'Nora Navigator changed the medication Sertraline', patient_uid: patient },
    ]);
  });

  it('refuses each invalid field with its message and stores nothing', async () => {
    const count = async () => (await server.db.selectFrom('patient_medication').select('patient_medication_uid').execute()).length;
    const before = await count();
    const valid = { patient_uid: patient, medication_uid: sertraline };
    assert.deepEqual(fieldErrors(await post(nav, { patient_uid: patient, medication_uid: '' })), { 'data.attributes.medication_uid': 'Required' });
    assert.deepEqual(fieldErrors(await post(nav, { medication_uid: sertraline })), { 'data.attributes.patient_uid': 'Required' });
    assert.deepEqual(fieldErrors(await post(nav, { ...valid, started_date: '2026-10-02', finished_date: '2026-10-01' })), { 'data.attributes.finished_date': 'Must be on or after the start date' });
    assert.deepEqual(fieldErrors(await post(nav, { ...valid, started_date: '2026-02-30' })), { 'data.attributes.started_date': 'Must be a date' });
    assert.deepEqual(fieldErrors(await post(nav, { ...valid, dosage: 'x'.repeat(101), frequency: 'y'.repeat(101), comments: 'z'.repeat(5001) })), {
      'data.attributes.dosage': 'Must be at most 100 characters',
      'data.attributes.frequency': 'Must be at most 100 characters',
      'data.attributes.comments': 'Must be at most 5000 characters',
    });
    assert.deepEqual(fieldErrors(await post(nav, { ...valid, patient_reported_improvement: 'Maybe', relief_rating: 'Huge', relief_duration: 'Forever' })), {
      'data.attributes.patient_reported_improvement': 'Must be one of Yes, No',
      'data.attributes.relief_rating': 'Must be one of Small, Moderate, Large, None',
      'data.attributes.relief_duration': 'Must be one of Short term, Long term, No relief',
    });
    assert.deepEqual(fieldErrors(await post(nav, { ...valid, is_primary: 'yes' })), { 'data.attributes.is_primary': 'Must be true or false' });
    assert.deepEqual(fieldErrors(await post(nav, { ...valid, medication_route_uids: ['oral'] })), { 'data.attributes.medication_route_uids.0': 'Must be an id' });
    // A route given as the medication, and a medication given as a route, are not the lists' options.
    assert.deepEqual(fieldErrors(await post(nav, { ...valid, medication_uid: oral, medication_route_uids: [sertraline] })), {
      'data.attributes.medication_uid': 'Must be one of the listed options',
      'data.attributes.medication_route_uids': 'Must be one of the listed options',
    });
    assert.equal((await post(nav, valid, null)).status, 400, 'an Idempotency-Key is required');
    assert.equal(await count(), before);
  });

  it('the same Idempotency-Key stores one medication', async () => {
    const key = randomUUID();
    const body = { patient_uid: patient, medication_uid: albuterol, comments: 'Double click' };
    const answers = await Promise.all([post(nav, body, key), post(nav, body, key)]);
    assert.deepEqual(answers.map((a) => a.status), [201, 201]);
    assert.equal((await server.db.selectFrom('patient_medication').select('patient_medication_uid').where('comments', '=', 'Double click').execute()).length, 1);
  });

  it('refusals: no session 401, a mode that does not edit records 403, an invisible patient or medication 404 with one answer', async () => {
    const id = (await post(nav, { patient_uid: patient, medication_uid: albuterol })).body.data.id;
    errorsOf(await post(null, { patient_uid: patient, medication_uid: albuterol }), 401);
    errorsOf(await call(server.url, `${BASE}/${id}`), 401);
    errorsOf(await put(null, id, { medication_uid: albuterol }), 401);
    errorsOf(await post(cit, { patient_uid: patient, medication_uid: albuterol }), 403);
    errorsOf(await call(server.url, `${BASE}/${id}`, { token: cit.token }), 403);
    errorsOf(await put(cit, id, { medication_uid: albuterol }), 403);
    errorsOf(await listOf(cit, patient), 403);
    for (const hidden of [otherDivision, facts.restricted.others[0], facts.adoption[0], randomUUID()]) {
      errorsOf(await post(nav, { patient_uid: hidden, medication_uid: albuterol }), 404);
      errorsOf(await listOf(nav, hidden), 404);
      errorsOf(await call(server.url, `${BASE}?patient_uid=${hidden}`, { token: nav.token }), 404);
    }
    const foreign = await server.db.insertInto('patient_medication').values({ patient_uid: otherDivision, medication_uid: albuterol, is_primary: false, is_prescription: false, is_still_taking: true }).returning('patient_medication_uid').executeTakeFirstOrThrow();
    for (const other of [foreign.patient_medication_uid, randomUUID(), 'nope']) {
      assert.deepEqual(errorsOf(await call(server.url, `${BASE}/${other}`, { token: nav.token }), 404), [{ message: 'Medication not found' }]);
      errorsOf(await put(nav, other, { medication_uid: sertraline }), 404);
      errorsOf(await call(server.url, `/api/data/public/nav-list-view-medication/${other}`, { token: nav.token }), 404);
    }
    const still = await server.db.selectFrom('patient_medication').select('medication_uid').where('patient_medication_uid', '=', foreign.patient_medication_uid).executeTakeFirstOrThrow();
    assert.equal(still.medication_uid, albuterol);
    errorsOf(await call(server.url, BASE, { method: 'DELETE', token: nav.token }), 404);
  });
});
