import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, errorsOf, fieldErrors, login, type DemoFacts, type LoggedIn, patientWithout } from './support/http';

let server: TestServer;
let facts: DemoFacts;
let nav: LoggedIn;
let cit: LoggedIn;
let identity: LoggedIn;
let hwc: LoggedIn;
let patient: string;
let otherDivision: string;
/** A provider of the demo organisation with two locations, one with one, and one of another organisation. */
let twoPlaces: { provider: string; locations: string[] };
let onePlace: { provider: string; location: string };
let foreignProvider: string;
let foreignLocation: string;

const member = (attributes: Record<string, unknown>) => ({ data: { type: 'provider-patients', attributes } });
const postMember = (user: LoggedIn | null, attributes: Record<string, unknown>, key: string | null = randomUUID()) =>
  call(server.url, '/api/provider-patients', { body: member(attributes), ...(user && { token: user.token }), headers: key ? { 'idempotency-key': key } : {} });
const putMember = (user: LoggedIn, id: string, attributes: Record<string, unknown>) => call(server.url, `/api/provider-patients/${id}`, { method: 'PUT', body: member(attributes), token: user.token });

const GIVER = {
  first_name: 'Ana',
  last_name: 'Lopez',
  relationship: 'Parent',
  preferred_phone_type: 'N/A',
  home_phone: '',
  mobile_phone: '',
  email: '',
  is_primary: false,
  is_current: true,
  roles: [] as string[],
  other_roles: '',
  interpreter_id: '',
  interpreter_language: '',
  comment: '',
  patient_consents: false,
};
const giver = (attributes: Record<string, unknown>, id?: string) => ({ data: { type: 'care-givers', ...(id && { id }), attributes: { ...GIVER, ...attributes } } });
const postGiver = (user: LoggedIn | null, patientUid: string, attributes: Record<string, unknown>, key: string | null = randomUUID()) =>
  call(server.url, `/api/patients/${patientUid}/care-givers`, { body: giver(attributes), ...(user && { token: user.token }), headers: key ? { 'idempotency-key': key } : {} });
const putGiver = (user: LoggedIn, patientUid: string, id: string, attributes: Record<string, unknown>) =>
  call(server.url, `/api/patients/${patientUid}/care-givers`, { method: 'PUT', body: giver(attributes, id), token: user.token });

before(async () => {
  server = await startTestServer();
  facts = await demoFacts(server.db);
  [nav, cit, identity, hwc] = await Promise.all([login(server.url, 'navigator'), login(server.url, 'cit'), login(server.url, 'identity'), login(server.url, 'hwc')]);
  // A patient with no seeded care team, so the lists hold only what these tests add.
  patient = await patientWithout(server.db, facts, 'provider_patient', 'desc');
  otherDivision = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[1]).executeTakeFirstOrThrow()).patient_uid;
  const locations = await server.db
    .selectFrom('provider_location as l')
    .innerJoin('provider as p', 'p.provider_uid', 'l.provider_uid')
    .select(['p.display_name', 'l.provider_uid', 'l.provider_location_uid'])
    .orderBy('l.provider_location_label')
    .execute();
  const of = (name: string) => locations.filter((l) => l.display_name === name);
  twoPlaces = { provider: of('Dr. Priya Raman')[0].provider_uid, locations: of('Dr. Priya Raman').map((l) => l.provider_location_uid) };
  onePlace = { provider: of('Tanya Brooks, LPC')[0].provider_uid, location: of('Tanya Brooks, LPC')[0].provider_location_uid };
  const org = await server.db.insertInto('organization').values({ org_name: 'Elsewhere Health', name: 'Elsewhere Health' }).returning('org_uid').executeTakeFirstOrThrow();
  foreignProvider = (await server.db.insertInto('provider').values({ display_name: 'Dr. Far Away', org_uid: org.org_uid }).returning('provider_uid').executeTakeFirstOrThrow()).provider_uid;
  foreignLocation = (await server.db.insertInto('provider_location').values({ provider_uid: foreignProvider, provider_location_label: 'Far Clinic' }).returning('provider_location_uid').executeTakeFirstOrThrow()).provider_location_uid;
});
after(async () => {
  await server?.stop();
});

describe('care team members', () => {
  it('adds a member, lists it for the patient and by provider, edits it to inactive, and logs both', async () => {
    const created = await postMember(nav, { patient_uid: patient, provider_uid: twoPlaces.provider, preferred_location_uid: twoPlaces.locations[1], care_team: true, is_pcp: true, is_primary: false });
    assert.equal(created.status, 201, created.text);
    const id = created.body.data.id;
    const a = created.body.data.attributes;
    assert.equal(a.display_name, 'Dr. Priya Raman');
    assert.equal(a.provider_role_label, 'Physician');
    assert.equal(a.provider_location_label, 'Riverside Pediatrics Hilltop');
    assert.deepEqual([a.care_team, a.is_pcp, a.is_primary], [true, true, false]);

    const list = await call(server.url, `/api/patients/${patient}/provider-patients`, { token: nav.token });
    assert.deepEqual(list.body.data.map((r: { id: string }) => r.id), [id]);
    const byProvider = await call(server.url, `/api/provider-patients?provider_uid=${twoPlaces.provider}&care_team=true&page-size=100`, { token: nav.token });
    assert.ok(byProvider.body.data.some((r: { id: string }) => r.id === id));
    assert.ok(byProvider.body.data.every((r: { attributes: { care_team: boolean; provider_uid: string } }) => r.attributes.care_team && r.attributes.provider_uid === twoPlaces.provider));
    const byPatient = await call(server.url, `/api/provider-patients?patient_uid=${patient}`, { token: nav.token });
    assert.deepEqual(byPatient.body.data.map((r: { id: string }) => r.id), [id]);

    const changed = await putMember(nav, id, { provider_uid: twoPlaces.provider, preferred_location_uid: '', care_team: false, is_pcp: false, is_primary: true });
    assert.equal(changed.status, 200, changed.text);
    assert.deepEqual([changed.body.data.attributes.care_team, changed.body.data.attributes.is_pcp, changed.body.data.attributes.preferred_location_uid], [false, false, null]);
    const read = await call(server.url, `/api/provider-patients/${id}`, { token: cit.token });
    assert.equal(read.status, 200, 'CIT staff read the care team');
    const audit = await server.db.selectFrom('audit_entry').select(['action', 'message']).where('target_uid', '=', id).orderBy('created_at').execute();
    assert.deepEqual(audit, [
      { action: 'AddedCareTeamMember', message: 'Nora Navigator added a care team member' },
      { action: 'ChangedCareTeamMember', message: 'Nora Navigator changed a care team member' },
    ]);
  });

  it('a provider reads with its locations (one location is all the form needs to pre-select)', async () => {
    const one = await call(server.url, `/api/providers/${onePlace.provider}`, { token: nav.token });
    assert.equal(one.status, 200, one.text);
    assert.deepEqual(one.body.data.attributes.locations.map((l: { provider_location_uid: string }) => l.provider_location_uid), [onePlace.location]);
    const two = await call(server.url, `/api/providers/${twoPlaces.provider}`, { token: nav.token });
    assert.equal(two.body.data.attributes.locations.length, 2);
    for (const id of [foreignProvider, randomUUID(), 'nope']) assert.deepEqual(errorsOf(await call(server.url, `/api/providers/${id}`, { token: nav.token }), 404), [{ message: 'Provider not found' }]);
    const role = (await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-provider-role').where('name', '=', 'counselor').executeTakeFirstOrThrow()).uid;
    const counselors = await call(server.url, `/api/providers/mv?provider_role_uid=${role}`, { token: nav.token });
    assert.ok(counselors.body.data.length >= 2);
    assert.ok(counselors.body.data.every((p: { attributes: { provider_role_label: string } }) => p.attributes.provider_role_label === 'Counselor'));
    assert.equal((await call(server.url, '/api/providers/mv?provider_role_uid=x', { token: nav.token })).status, 400);
  });

  it('refuses each invalid field with its message and stores nothing', async () => {
    const count = async () => (await server.db.selectFrom('provider_patient').select('provider_patient_uid').execute()).length;
    const before = await count();
    const valid = { patient_uid: patient, provider_uid: onePlace.provider, preferred_location_uid: onePlace.location, care_team: true, is_pcp: false, is_primary: false };
    assert.deepEqual(fieldErrors(await postMember(nav, { ...valid, provider_uid: '' })), { 'data.attributes.provider_uid': 'Required' });
    assert.deepEqual(fieldErrors(await postMember(nav, { ...valid, patient_uid: undefined })), { 'data.attributes.patient_uid': 'Required' });
    assert.deepEqual(fieldErrors(await postMember(nav, { ...valid, provider_uid: 'x', preferred_location_uid: 'y' })), {
      'data.attributes.provider_uid': 'Must be one of the listed options',
      'data.attributes.preferred_location_uid': 'Must be one of the listed options',
    });
    // A provider of another organisation is not on the list, nor is another provider's location.
    assert.deepEqual(fieldErrors(await postMember(nav, { ...valid, provider_uid: foreignProvider, preferred_location_uid: foreignLocation })), { 'data.attributes.provider_uid': 'Must be one of the listed options' });
    assert.deepEqual(fieldErrors(await postMember(nav, { ...valid, preferred_location_uid: twoPlaces.locations[0] })), { 'data.attributes.preferred_location_uid': 'Must be one of the listed options' });
    assert.equal((await postMember(nav, { ...valid, care_team: 'yes' })).status, 422);
    assert.equal((await postMember(nav, valid, null)).status, 400, 'an Idempotency-Key is required');
    assert.equal(await count(), before);

    const first = await postMember(nav, valid);
    assert.equal(first.status, 201);
    assert.deepEqual(fieldErrors(await postMember(nav, valid)), { 'data.attributes.provider_uid': 'Is already on the care team' });
    // Changing another member to a provider already on the team is refused too.
    const raman = await server.db.selectFrom('provider_patient').select('provider_patient_uid').where('patient_uid', '=', patient).where('provider_uid', '=', twoPlaces.provider).executeTakeFirstOrThrow();
    assert.deepEqual(fieldErrors(await putMember(nav, raman.provider_patient_uid, valid)), { 'data.attributes.provider_uid': 'Is already on the care team' });
  });

  it('the same Idempotency-Key adds one member', async () => {
    const key = randomUUID();
    const hsu = (await server.db.selectFrom('provider').select('provider_uid').where('display_name', '=', 'Dr. James Hsu').executeTakeFirstOrThrow()).provider_uid;
    const body = { patient_uid: patient, provider_uid: hsu, preferred_location_uid: '', care_team: true, is_pcp: false, is_primary: false };
    const answers = await Promise.all([postMember(nav, body, key), postMember(nav, body, key)]);
    assert.deepEqual(answers.map((a) => a.status), [201, 201]);
    assert.equal(answers[0].body.data.id, answers[1].body.data.id);
  });

  it('refusals: no session 401, a read-only mode 403, an invisible patient or member 404 with one answer', async () => {
    const valid = { patient_uid: patient, provider_uid: onePlace.provider, preferred_location_uid: '', care_team: true, is_pcp: false, is_primary: false };
    assert.equal((await postMember(null, valid)).status, 401);
    assert.equal((await call(server.url, `/api/patients/${patient}/provider-patients`)).status, 401);
    assert.equal((await postMember(cit, valid)).status, 403, 'CIT staff read the care team but do not change it');
    assert.equal((await call(server.url, `/api/patients/${patient}/provider-patients`, { token: hwc.token })).status, 403, 'Handle with Care staff open no records');
    assert.equal((await call(server.url, `/api/providers/${onePlace.provider}`, { token: cit.token })).status, 403);
    for (const hidden of [otherDivision, facts.restricted.others[0], facts.adoption[0]]) {
      assert.equal((await postMember(nav, { ...valid, patient_uid: hidden })).status, 404, hidden);
      assert.equal((await call(server.url, `/api/patients/${hidden}/provider-patients`, { token: nav.token })).status, 404, hidden);
      assert.equal((await call(server.url, `/api/provider-patients?patient_uid=${hidden}`, { token: nav.token })).status, 404, hidden);
    }
    const foreign = await server.db.insertInto('provider_patient').values({ patient_uid: otherDivision, provider_uid: onePlace.provider }).returning('provider_patient_uid').executeTakeFirstOrThrow();
    const everyone = await call(server.url, `/api/provider-patients?provider_uid=${onePlace.provider}&page-size=100`, { token: nav.token });
    assert.ok(!everyone.body.data.some((r: { id: string }) => r.id === foreign.provider_patient_uid), 'another division’s rows are not listed');
    for (const id of [foreign.provider_patient_uid, randomUUID(), 'nope']) {
      assert.deepEqual(errorsOf(await call(server.url, `/api/provider-patients/${id}`, { token: nav.token }), 404), [{ message: 'Care team member not found' }]);
      assert.equal((await putMember(nav, id, valid)).status, 404);
    }
    const still = await server.db.selectFrom('provider_patient').select('care_team').where('provider_patient_uid', '=', foreign.provider_patient_uid).executeTakeFirstOrThrow();
    assert.equal(still.care_team, true);
    assert.equal((await call(server.url, '/api/provider-patients?page-size=0', { token: nav.token })).status, 400);
    assert.equal((await call(server.url, '/api/provider-patients?care_team=maybe', { token: nav.token })).status, 400);
  });
});

describe('care givers', () => {
  it('adds an interpreter care giver with the defaults, reads it, edits roles to Other, and logs both', async () => {
    const created = await postGiver(nav, patient, { roles: ['Emergency Contact', 'Interpreter'], interpreter_id: ' INT-77 ', interpreter_language: 'Somali', preferred_phone_type: 'Mobile', mobile_phone: '6145550101', email: 'ana@example.test' });
    assert.equal(created.status, 201, created.text);
    const id = created.body.data.id;
    const a = created.body.data.attributes;
    assert.deepEqual(a.roles, ['Interpreter', 'Emergency Contact'], 'roles keep the spec order');
    assert.deepEqual([a.interpreter_id, a.interpreter_language, a.is_current, a.is_primary], ['INT-77', 'Somali', true, false]);
    assert.equal((await server.db.selectFrom('care_giver').select('roles').where('care_giver_uid', '=', id).executeTakeFirstOrThrow()).roles, 'Interpreter,Emergency Contact', 'stored comma-joined');

    const changed = await putGiver(nav, patient, id, { roles: ['Other'], other_roles: 'Yard work,, Laundry ', interpreter_id: 'INT-77', interpreter_language: 'Somali', is_current: false });
    assert.equal(changed.status, 200, changed.text);
    const c = changed.body.data.attributes;
    assert.deepEqual([c.roles, c.other_roles, c.interpreter_id, c.interpreter_language, c.is_current], [['Other'], 'Yard work, Laundry', null, null, false]);
    const list = await call(server.url, `/api/patients/${patient}/care-givers`, { token: cit.token });
    assert.deepEqual(list.body.data.map((g: { id: string }) => g.id), [id]);
    const one = await call(server.url, `/api/patients/${patient}/care-givers/${id}`, { token: nav.token });
    assert.equal(one.body.data.attributes.first_name, 'Ana');
    const audit = await server.db.selectFrom('audit_entry').select(['action', 'message']).where('target_uid', '=', id).orderBy('created_at').execute();
    assert.deepEqual(audit, [
      { action: 'AddedCareGiver', message: 'Nora Navigator added a care giver' },
      { action: 'ChangedCareGiver', message: 'Nora Navigator changed a care giver' },
    ]);
  });

  it('refuses each invalid field with its message and stores nothing', async () => {
    const count = async () => (await server.db.selectFrom('care_giver').select('care_giver_uid').where('patient_uid', '=', patient).execute()).length;
    const before = await count();
    assert.deepEqual(fieldErrors(await postGiver(nav, patient, { first_name: ' ', last_name: '', relationship: '' })), {
      'data.attributes.first_name': 'Required',
      'data.attributes.last_name': 'Required',
      'data.attributes.relationship': 'Required',
    });
    assert.deepEqual(fieldErrors(await postGiver(nav, patient, { relationship: 'Neighbour', preferred_phone_type: 'Pager', roles: ['Chauffeur'] })), {
      'data.attributes.relationship': 'Must be one of the listed options',
      'data.attributes.preferred_phone_type': 'Must be one of the listed options',
      'data.attributes.roles.0': 'Must be one of the listed options',
    });
    assert.deepEqual(fieldErrors(await postGiver(nav, patient, { email: 'not-an-email', home_phone: '555-1234', mobile_phone: '12345' })), {
      'data.attributes.email': 'Must be a valid email address',
      'data.attributes.home_phone': 'Must be a 10-digit phone number',
      'data.attributes.mobile_phone': 'Must be a 10-digit phone number',
    });
    assert.deepEqual(fieldErrors(await postGiver(nav, patient, { preferred_phone_type: 'Home' })), { 'data.attributes.home_phone': 'Required' });
    assert.deepEqual(fieldErrors(await postGiver(nav, patient, { preferred_phone_type: 'Mobile' })), { 'data.attributes.mobile_phone': 'Required' });
    assert.deepEqual(fieldErrors(await postGiver(nav, patient, { roles: ['Other', 'Interpreter'] })), {
      'data.attributes.other_roles': 'Required',
      'data.attributes.interpreter_language': 'Required',
    });
    assert.deepEqual(fieldErrors(await postGiver(nav, patient, { first_name: 'x'.repeat(101), comment: 'x'.repeat(5001), other_roles: 'x'.repeat(201), roles: ['Other'] })), {
      'data.attributes.first_name': 'Must be at most 100 characters',
      'data.attributes.comment': 'Must be at most 5000 characters',
      'data.attributes.other_roles': 'Must be at most 200 characters',
    });
    assert.equal((await postGiver(nav, patient, {}, null)).status, 400, 'an Idempotency-Key is required');
    assert.equal(await count(), before);
    // The roles' extra fields are ignored when their role is not chosen.
    const plain = await postGiver(nav, patient, { first_name: 'Bo', interpreter_language: 'French', other_roles: 'Chess' });
    assert.equal(plain.status, 201, plain.text);
    assert.deepEqual([plain.body.data.attributes.interpreter_language, plain.body.data.attributes.other_roles, plain.body.data.attributes.preferred_phone_type], [null, null, 'N/A']);
    assert.deepEqual(fieldErrors(await putGiver(nav, patient, undefined as unknown as string, {})), { 'data.id': 'Required' });
  });

  it('refusals: no session 401, a read-only mode 403, an invisible patient or care giver 404', async () => {
    assert.equal((await postGiver(null, patient, {})).status, 401);
    assert.equal((await postGiver(cit, patient, {})).status, 403);
    assert.equal((await call(server.url, `/api/patients/${patient}/care-givers`, { token: hwc.token })).status, 403);
    assert.equal((await call(server.url, `/api/patients/${patient}/care-givers`, { token: identity.token })).status, 200, 'identity users read a record they may see');
    for (const hidden of [otherDivision, facts.restricted.others[0], facts.adoption[0]]) {
      assert.equal((await postGiver(nav, hidden, {})).status, 404, hidden);
      assert.equal((await call(server.url, `/api/patients/${hidden}/care-givers`, { token: nav.token })).status, 404, hidden);
    }
    const foreign = await server.db.insertInto('care_giver').values({ patient_uid: otherDivision, first_name: 'Far', last_name: 'Away', relationship: 'Friend' }).returning('care_giver_uid').executeTakeFirstOrThrow();
    for (const id of [foreign.care_giver_uid, randomUUID(), 'nope']) {
      // Another patient's care giver, even one of a visible patient's path, is not this patient's.
      assert.deepEqual(errorsOf(await call(server.url, `/api/patients/${patient}/care-givers/${id}`, { token: nav.token }), 404), [{ message: 'Care giver not found' }]);
      assert.equal((await putGiver(nav, patient, id, { first_name: 'Changed' })).status, 404);
    }
    assert.equal((await putGiver(nav, otherDivision, foreign.care_giver_uid, { first_name: 'Changed' })).status, 404);
    assert.equal((await server.db.selectFrom('care_giver').select('first_name').where('care_giver_uid', '=', foreign.care_giver_uid).executeTakeFirstOrThrow()).first_name, 'Far');
  });
});
