import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, errorsOf, fieldErrors, login, type DemoFacts, type LoggedIn } from './support/http';

let server: TestServer;
let facts: DemoFacts;
let nav: LoggedIn;
let identity: LoggedIn;
let patient: string;
let otherDivision: string;
let medicationAllergy: string;
let peanut: string;
let amoxicillin: string;
let other: (label: string) => Promise<string>;

const BASE = '/api/data/public/patient-allergy';
const post = (user: LoggedIn | null, attributes: Record<string, unknown>, key: string | null = randomUUID()) =>
  call(server.url, BASE, { body: { data: { type: 'patient-allergy', attributes } }, ...(user && { token: user.token }), headers: key ? { 'idempotency-key': key } : {} });
const put = (user: LoggedIn | null, id: string, attributes: Record<string, unknown>) =>
  call(server.url, `${BASE}/${id}`, { method: 'PUT', body: { data: { type: 'patient-allergy', id, attributes } }, ...(user && { token: user.token }) });
const remove = (user: LoggedIn | null, id: string) => call(server.url, `${BASE}/${id}`, { method: 'DELETE', ...(user && { token: user.token }) });
const reference = async (model: string, label: string) =>
  (await server.db.selectFrom('reference_data').select('uid').where('model', '=', model).where('label', '=', label).executeTakeFirstOrThrow()).uid;

before(async () => {
  server = await startTestServer();
  facts = await demoFacts(server.db);
  [nav, identity] = await Promise.all([login(server.url, 'navigator'), login(server.url, 'identity')]);
  const hidden = [facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
  patient = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[0]).where('patient_uid', 'not in', hidden)
    // One without the demo seed's rows, so the lists hold exactly what the tests add.
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('patient_allergy').select('patient_uid').whereRef('patient_allergy.patient_uid', '=', 'patient.patient_uid'))))
    .orderBy('first_name').executeTakeFirstOrThrow()).patient_uid;
  otherDivision = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[1]).executeTakeFirstOrThrow()).patient_uid;
  medicationAllergy = await reference('reference-allergy', 'Medication');
  peanut = await reference('reference-allergy', 'Peanut');
  amoxicillin = await reference('reference-medication', 'Amoxicillin');
  other = (label) => reference('reference-allergy', label);
});
after(async () => {
  await server?.stop();
});

describe('allergies', () => {
  it('the migration installs the allergens and medications as reference lists', async () => {
    const allergens = await call(server.url, '/api/data/reference/reference-allergy?all-data=1', { token: nav.token });
    const types = new Set(allergens.body.data.map((r: any) => r.attributes.ref_data_type));
    assert.deepEqual([...types], ['Medication', 'Drug class', 'Food', 'Environmental', 'Insect', 'Other']);
    assert.equal(allergens.body.data[0].attributes.label, 'Medication');
    const medications = await call(server.url, '/api/data/reference/reference-medication?all-data=1', { token: nav.token });
    assert.ok(medications.body.meta.total >= 300, String(medications.body.meta.total));
    const labels = medications.body.data.map((r: any) => r.attributes.label);
    assert.deepEqual(labels, [...labels].sort((a: string, b: string) => a.localeCompare(b)));
    assert.ok(labels.includes('Sertraline') && labels.includes('Albuterol'));
    const found = await call(server.url, '/api/data/reference/reference-medication?label__like=cetamin', { token: nav.token });
    assert.deepEqual(found.body.data.map((r: any) => r.attributes.label), ['Acetaminophen', 'Hydrocodone and acetaminophen', 'Oxycodone and acetaminophen']);
  });

  it('adds an allergy of type Medication and another, lists them, reads, changes and deletes one, and logs each', async () => {
    const created = await post(nav, { patient_uid: patient, allergy_uid: medicationAllergy, medication_uid: amoxicillin, comments: 'Hives' });
    assert.equal(created.status, 201, created.text);
    const id = created.body.data.id;
    assert.equal(created.body.data.type, 'patient-allergy');
    assert.equal(created.body.data.attributes.allergy_label, 'Medication');
    assert.equal(created.body.data.attributes.medication_label, 'Amoxicillin');
    const food = await post(nav, { patient_uid: patient, allergy_uid: peanut, medication_uid: amoxicillin });
    assert.equal(food.status, 201, food.text);
    assert.equal(food.body.data.attributes.medication_uid, null, 'a medication is kept only for a Medication allergy');

    const list = await call(server.url, `/api/data/public/nav-list-view-allergy?patient_uid=${patient}`, { token: nav.token });
    assert.deepEqual(list.body.data.map((r: any) => [r.attributes.allergy_label, r.attributes.medication_label]), [['Peanut', null], ['Medication', 'Amoxicillin']]);
    const stored = await call(server.url, `${BASE}?patient_uid=${patient}`, { token: nav.token });
    assert.equal(stored.status, 200, stored.text);
    assert.equal(stored.body.meta.total, 2);

    const read = await call(server.url, `${BASE}/${id}`, { token: nav.token });
    assert.equal(read.status, 200, read.text);
    assert.equal(read.body.data.attributes.comments, 'Hives');

    const shellfish = await other('Shellfish');
    const changed = await put(nav, id, { allergy_uid: shellfish, comments: 'Anaphylaxis' });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.body.data.attributes.allergy_label, 'Shellfish');
    assert.equal(changed.body.data.attributes.medication_uid, null);

    assert.equal((await remove(nav, id)).status, 204);
    errorsOf(await call(server.url, `${BASE}/${id}`, { token: nav.token }), 404);
    errorsOf(await remove(nav, id), 404);

    const audit = await server.db.selectFrom('audit_entry').select(['action', 'message', 'patient_uid']).where('target_uid', '=', id).orderBy('created_at').execute();
    assert.deepEqual(audit, [
      { action: 'AddedAllergy', message: 'Nora Navigator added the allergy Amoxicillin', patient_uid: patient },
      { action: 'ChangedAllergy', message: 'Nora Navigator changed the allergy Shellfish', patient_uid: patient },
      { action: 'DeletedAllergy', message: 'Nora Navigator deleted the allergy Shellfish', patient_uid: patient },
    ]);
  });

  it('refuses each invalid field, and an allergy already recorded, with its message, storing only the valid ones', async () => {
    const count = async () => (await server.db.selectFrom('patient_allergy').select('patient_allergy_uid').execute()).length;
    const before = await count();
    assert.deepEqual(fieldErrors(await post(nav, { patient_uid: patient, allergy_uid: '' })), { 'data.attributes.allergy_uid': 'Required' });
    assert.deepEqual(fieldErrors(await post(nav, { allergy_uid: peanut })), { 'data.attributes.patient_uid': 'Required' });
    assert.deepEqual(fieldErrors(await post(nav, { patient_uid: patient, allergy_uid: medicationAllergy })), { 'data.attributes.medication_uid': 'Required' });
    assert.deepEqual(fieldErrors(await post(nav, { patient_uid: patient, allergy_uid: medicationAllergy, medication_uid: null })), { 'data.attributes.medication_uid': 'Required' });
    assert.deepEqual(fieldErrors(await post(nav, { patient_uid: patient, allergy_uid: peanut, comments: 'x'.repeat(5001) })), { 'data.attributes.comments': 'Must be at most 5000 characters' });
    assert.deepEqual(fieldErrors(await post(nav, { patient_uid: patient, allergy_uid: 'peanut' })), { 'data.attributes.allergy_uid': 'Must be an id' });
    // A medication given as the allergy, and an allergen given as the medication, are not the lists' options.
    assert.deepEqual(fieldErrors(await post(nav, { patient_uid: patient, allergy_uid: amoxicillin })), { 'data.attributes.allergy_uid': 'Must be one of the listed options' });
    assert.deepEqual(fieldErrors(await post(nav, { patient_uid: patient, allergy_uid: medicationAllergy, medication_uid: peanut })), { 'data.attributes.medication_uid': 'Must be one of the listed options' });
    const egg = await other('Egg');
    const existing = (await post(nav, { patient_uid: patient, allergy_uid: egg })).body.data.id;
    assert.deepEqual(fieldErrors(await put(nav, existing, { allergy_uid: medicationAllergy })), { 'data.attributes.medication_uid': 'Required' });
    // The same allergen twice (Peanut was added above), or the same medication twice, is one allergy already on the record.
    assert.deepEqual(fieldErrors(await post(nav, { patient_uid: patient, allergy_uid: peanut })), { 'data.attributes.allergy_uid': 'Already recorded for this patient' });
    assert.deepEqual(fieldErrors(await put(nav, existing, { allergy_uid: peanut })), { 'data.attributes.allergy_uid': 'Already recorded for this patient' });
    const penicillin = (await post(nav, { patient_uid: patient, allergy_uid: medicationAllergy, medication_uid: amoxicillin })).body.data.id;
    assert.deepEqual(fieldErrors(await post(nav, { patient_uid: patient, allergy_uid: medicationAllergy, medication_uid: amoxicillin })), { 'data.attributes.medication_uid': 'Already recorded for this patient' });
    assert.equal((await put(nav, penicillin, { allergy_uid: medicationAllergy, medication_uid: amoxicillin, comments: 'Saving itself again is no duplicate' })).status, 200);
    assert.equal((await post(nav, { patient_uid: patient, allergy_uid: peanut }, null)).status, 400, 'an Idempotency-Key is required');
    errorsOf(await call(server.url, BASE, { token: nav.token, rawBody: '[1]', headers: { 'idempotency-key': randomUUID() } }), 400);
    assert.equal(await count(), before + 2, 'only the two valid ones');
  });

  it('the same Idempotency-Key stores one allergy', async () => {
    const key = randomUUID();
    const body = { patient_uid: patient, allergy_uid: await other('Latex'), comments: 'Double click' };
    const answers = await Promise.all([post(nav, body, key), post(nav, body, key)]);
    assert.deepEqual(answers.map((a) => a.status), [201, 201]);
    assert.equal((await server.db.selectFrom('patient_allergy').select('patient_allergy_uid').where('comments', '=', 'Double click').execute()).length, 1);
  });

  it('refusals: no session 401, a mode that does not edit records 403, an invisible patient or allergy 404 with one answer', async () => {
    const id = (await post(nav, { patient_uid: patient, allergy_uid: await other('Soy') })).body.data.id;
    assert.ok(id);
    errorsOf(await post(null, { patient_uid: patient, allergy_uid: peanut }), 401);
    errorsOf(await call(server.url, `${BASE}/${id}`), 401);
    errorsOf(await put(null, id, { allergy_uid: peanut }), 401);
    errorsOf(await remove(null, id), 401);
    errorsOf(await post(identity, { patient_uid: patient, allergy_uid: peanut }), 403);
    errorsOf(await call(server.url, `${BASE}/${id}`, { token: identity.token }), 403);
    errorsOf(await put(identity, id, { allergy_uid: peanut }), 403);
    errorsOf(await remove(identity, id), 403);
    errorsOf(await call(server.url, `/api/data/public/nav-list-view-allergy?patient_uid=${patient}`, { token: identity.token }), 403);
    for (const hidden of [otherDivision, facts.restricted.others[0], facts.adoption[0], randomUUID()]) {
      errorsOf(await post(nav, { patient_uid: hidden, allergy_uid: peanut }), 404);
      errorsOf(await call(server.url, `/api/data/public/nav-list-view-allergy?patient_uid=${hidden}`, { token: nav.token }), 404);
      errorsOf(await call(server.url, `${BASE}?patient_uid=${hidden}`, { token: nav.token }), 404);
    }
    errorsOf(await call(server.url, '/api/data/public/nav-list-view-allergy', { token: nav.token }), 400);
    // Another division's allergy: not found by id on every verb, and left as it was.
    const foreign = await server.db.insertInto('patient_allergy').values({ patient_uid: otherDivision, allergy_uid: peanut }).returning('patient_allergy_uid').executeTakeFirstOrThrow();
    for (const other of [foreign.patient_allergy_uid, randomUUID(), 'nope']) {
      assert.deepEqual(errorsOf(await call(server.url, `${BASE}/${other}`, { token: nav.token }), 404), [{ message: 'Allergy not found' }]);
      errorsOf(await put(nav, other, { allergy_uid: medicationAllergy, medication_uid: amoxicillin }), 404);
      errorsOf(await remove(nav, other), 404);
      errorsOf(await call(server.url, `/api/data/public/nav-list-view-allergy/${other}`, { token: nav.token }), 404);
    }
    const still = await server.db.selectFrom('patient_allergy').select('allergy_uid').where('patient_allergy_uid', '=', foreign.patient_allergy_uid).executeTakeFirstOrThrow();
    assert.equal(still.allergy_uid, peanut);
  });
});
