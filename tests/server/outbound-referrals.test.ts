import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { ONE_TARGET_ONLY, RESTRICTED_NOT_REFERRED, STATUS_SET_BY_RECEIVER } from '../../shared/schemas/outbound-referrals';
import { TARGET_FIXED } from '../../server/outbound-referrals/outbound-referrals.routes';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, errorsOf, fieldErrors, login, type DemoFacts, type LoggedIn } from './support/http';

let server: TestServer;
let facts: DemoFacts;
let nav: LoggedIn;
let cit: LoggedIn;
let identity: LoggedIn;
/** Two ordinary Franklin County patients with birth dates. */
let patient: string;
let second: string;
let otherDivision: string;
let specialty: string;
let status: Record<string, string>;
let facility: string;
let provider: string;
let summit: string;

const post = (user: LoggedIn | null, attributes: Record<string, unknown>, key: string | null = randomUUID()) =>
  call(server.url, '/api/outbound-referrals', { body: { data: { type: 'outbound-referrals', attributes } }, ...(user && { token: user.token }), headers: key ? { 'idempotency-key': key } : {} });
const put = (user: LoggedIn, id: string, attributes: Record<string, unknown>) =>
  call(server.url, `/api/outbound-referrals/${id}`, { method: 'PUT', body: { data: { type: 'outbound-referrals', id, attributes } }, token: user.token });
const answer = (user: LoggedIn, id: string, statusUid: string) =>
  call(server.url, `/api/outbound-referrals/${id}/status`, { method: 'PUT', body: { data: { type: 'outbound-referrals', id, attributes: { status_uid: statusUid } } }, token: user.token });
const waiting = (user: LoggedIn) => call(server.url, '/api/incoming-referrals', { token: user.token });
const link = (user: LoggedIn, id: string, attributes: Record<string, unknown>, key = randomUUID()) =>
  call(server.url, `/api/incoming-referrals/${id}/link`, { body: { data: { type: 'incoming-referrals', attributes } }, token: user.token, headers: { 'idempotency-key': key } });
const list = (user: LoggedIn, patientUid: string) => call(server.url, `/api/data/public/nav-list-view-outbound-referral?patient_uid=${patientUid}`, { token: user.token });
const toFacility = (extra: Record<string, unknown> = {}) => ({ patient_uid: patient, specialty_uid: specialty, event_date: '2026-11-20', to_type: 'facility', to_facility_uid: facility, priority: 'routine', status_uid: status.Pending, ...extra });

/** The navigator signed in to Summit County Care (the demo navigator works in both divisions). */
async function inSummit(): Promise<LoggedIn> {
  const me = await login(server.url, 'navigator');
  const switched = await call(server.url, '/api/session/current', { method: 'PUT', token: me.token, body: { data: { attributes: { current_division_uid: summit } } } });
  assert.equal(switched.status, 200, switched.text);
  return { ...me, token: switched.body.data.attributes.token };
}

before(async () => {
  server = await startTestServer();
  facts = await demoFacts(server.db);
  [nav, cit, identity] = await Promise.all([login(server.url, 'navigator'), login(server.url, 'cit'), login(server.url, 'identity')]);
  const hidden = [facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
  [patient, second] = (
    await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[0]).where('patient_uid', 'not in', hidden).where('birth_date', 'is not', null).orderBy('last_name').orderBy('first_name').limit(2).execute()
  ).map((p) => p.patient_uid);
  otherDivision = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[1]).executeTakeFirstOrThrow()).patient_uid;
  specialty = (await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-provider-role').where('label', '=', 'Psychiatrist').executeTakeFirstOrThrow()).uid;
  const statuses = await server.db.selectFrom('reference_data').select(['uid', 'label']).where('model', '=', 'reference-status').where('ref_data_type', '=', 'outbound referral').execute();
  status = Object.fromEntries(statuses.map((s) => [s.label, s.uid]));
  facility = (await server.db.selectFrom('facility').select('facility_uid').where('facility_name', '=', 'Riverside General Hospital').executeTakeFirstOrThrow()).facility_uid;
  provider = (await server.db.selectFrom('provider').select('provider_uid').where('display_name', '=', 'Dr. Priya Raman').executeTakeFirstOrThrow()).provider_uid;
  summit = facts.divisionUids[1];
});
after(async () => {
  await server?.stop();
});

describe('outbound referrals', () => {
  it('every install has the statuses and specialties', () => {
    assert.deepEqual(Object.keys(status).sort(), ['Closed', 'Declined', 'Enrolled', 'Pending', 'Scheduled']);
  });

  it('refers to a facility, lists it with its names, records the answer and its time, and logs both', async () => {
    const created = await post(nav, toFacility({ reason: 'Anxiety after placement change', notes: 'Prefers afternoons' }));
    assert.equal(created.status, 201, created.text);
    const id = created.body.data.id;
    assert.equal(created.body.data.attributes.to_name, 'Riverside General Hospital');
    assert.equal(created.body.data.attributes.status_label, 'Pending');
    assert.equal(created.body.data.attributes.from_provider_name, 'Nora Navigator', 'the referring provider is the caller');
    const rows = await list(nav, patient);
    assert.equal(rows.status, 200, rows.text);
    const listed = rows.body.data.find((r: { id: string }) => r.id === id);
    assert.deepEqual(
      { ...listed.attributes, status_changed_at: undefined, created_at: undefined },
      {
        outbound_referral_uid: id, patient_uid: patient, event_date: '2026-11-20', specialty_uid: specialty, provider_role_name: 'Psychiatrist', status_uid: status.Pending,
        status_label: 'Pending', status_changed_at: undefined, to_type: 'facility', to_name: 'Riverside General Hospital', priority: 'routine', priority_label: 'Routine',
        reason: 'Anxiety after placement change', from_provider_name: 'Nora Navigator', created_at: undefined,
      },
    );
    const sentAt = listed.attributes.status_changed_at;

    const changed = await put(nav, id, toFacility({ patient_uid: undefined, to_type: 'provider', to_facility_uid: null, to_provider_uid: provider, status_uid: status.Enrolled, priority: 'urgent', notes: 'Prefers afternoons' }));
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.body.data.attributes.to_name, 'Dr. Priya Raman');
    assert.equal(changed.body.data.attributes.status_label, 'Enrolled');
    assert.equal(changed.body.data.attributes.priority_label, 'Urgent');
    assert.ok(new Date(changed.body.data.attributes.status_changed_at) > new Date(sentAt), 'a new status has a new time');
    const read = await call(server.url, `/api/outbound-referrals/${id}`, { token: nav.token });
    assert.equal(read.body.data.attributes.notes, 'Prefers afternoons');
    const audit = await server.db.selectFrom('audit_entry').select(['patient_uid', 'action', 'message']).where('target_uid', '=', id).orderBy('created_at').execute();
    assert.deepEqual(audit, [
      { patient_uid: patient, action: 'AddedOutboundReferral', message: 'Nora Navigator added an outbound referral' },
      { patient_uid: patient, action: 'ChangedOutboundReferral', message: 'Nora Navigator changed an outbound referral' },
    ]);
  });

  it('refuses each invalid field with its message and stores nothing', async () => {
    const count = async () => (await server.db.selectFrom('outbound_referral').select('outbound_referral_uid').execute()).length;
    const before = await count();
    assert.deepEqual(fieldErrors(await post(nav, { patient_uid: patient, specialty_uid: '', event_date: '', to_type: '', priority: '' })), {
      'data.attributes.specialty_uid': 'Required',
      'data.attributes.event_date': 'Required',
      'data.attributes.to_type': 'Required',
      'data.attributes.priority': 'Required',
    });
    assert.deepEqual(fieldErrors(await post(nav, toFacility({ event_date: '2026-02-30' }))), { 'data.attributes.event_date': 'Must be a date' });
    assert.deepEqual(fieldErrors(await post(nav, toFacility({ to_facility_uid: null, status_uid: null }))), {
      'data.attributes.to_facility_uid': 'Required',
      'data.attributes.status_uid': 'Required',
    });
    assert.deepEqual(fieldErrors(await post(nav, toFacility({ to_provider_uid: provider, to_division_uid: summit }))), {
      'data.attributes.to_provider_uid': ONE_TARGET_ONLY,
      'data.attributes.to_division_uid': ONE_TARGET_ONLY,
    });
    assert.deepEqual(fieldErrors(await post(nav, toFacility({ to_type: 'division', to_facility_uid: null, to_division_uid: summit }))), { 'data.attributes.status_uid': STATUS_SET_BY_RECEIVER });
    assert.deepEqual(fieldErrors(await post(nav, toFacility({ reason: 'x'.repeat(5001), notes: 'x'.repeat(5001) }))), {
      'data.attributes.reason': 'Must be at most 5000 characters',
      'data.attributes.notes': 'Must be at most 5000 characters',
    });
    // Not the lists' options: a status of another type, a made-up specialty and facility, the patient's own division.
    const episode = (await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-status').where('ref_data_type', '=', 'Episode').executeTakeFirstOrThrow()).uid;
    assert.deepEqual(fieldErrors(await post(nav, toFacility({ specialty_uid: randomUUID(), status_uid: episode, to_facility_uid: randomUUID() }))), {
      'data.attributes.specialty_uid': 'Must be one of the listed options',
      'data.attributes.status_uid': 'Must be one of the listed options',
      'data.attributes.to_facility_uid': 'Must be one of the listed options',
    });
    assert.deepEqual(fieldErrors(await post(nav, toFacility({ to_type: 'division', to_facility_uid: null, to_division_uid: facts.divisionUids[0], status_uid: null }))), {
      'data.attributes.to_division_uid': 'Must be one of the listed options',
    });
    assert.deepEqual(fieldErrors(await post(nav, toFacility({ patient_uid: undefined }))), { 'data.attributes.patient_uid': 'Required' });
    assert.equal((await post(nav, toFacility(), null)).status, 400, 'an Idempotency-Key is required');
    assert.equal(await count(), before);
  });

  it('the same Idempotency-Key stores one referral', async () => {
    const key = randomUUID();
    const body = toFacility({ reason: 'Double click' });
    const answers = await Promise.all([post(nav, body, key), post(nav, body, key)]);
    assert.deepEqual(answers.map((a) => a.status), [201, 201]);
    assert.equal((await server.db.selectFrom('outbound_referral').select('outbound_referral_uid').where('reason', '=', 'Double click').execute()).length, 1);
  });

  it('refusals: no session 401, CIT may read but not refer, identity neither (403), an invisible patient or referral 404 with one answer', async () => {
    assert.equal((await post(null, toFacility())).status, 401);
    assert.equal((await list(cit, patient)).status, 200, 'the CIT face sheet links to the referrals');
    assert.equal((await post(cit, toFacility())).status, 403);
    assert.equal((await list(identity, patient)).status, 403);
    for (const hidden of [otherDivision, facts.restricted.others[0], facts.adoption[0]]) {
      assert.equal((await post(nav, toFacility({ patient_uid: hidden }))).status, 404, hidden);
      assert.equal((await list(nav, hidden)).status, 404, hidden);
      assert.equal((await call(server.url, `/api/patients/${hidden}/received-referrals`, { token: nav.token })).status, 404, hidden);
    }
    const foreign = await server.db
      .insertInto('outbound_referral')
      .values({ patient_uid: otherDivision, specialty_uid: specialty, event_date: '2026-11-01', status_uid: status.Pending, to_type: 'facility', to_facility_uid: facility, priority: 'routine' })
      .returning('outbound_referral_uid')
      .executeTakeFirstOrThrow();
    for (const id of [foreign.outbound_referral_uid, randomUUID(), 'nope']) {
      const read = await call(server.url, `/api/outbound-referrals/${id}`, { token: nav.token });
      assert.deepEqual(errorsOf(read, 404), [{ message: 'Outbound referral not found' }]);
      assert.equal((await put(nav, id, toFacility({ patient_uid: undefined, status_uid: status.Declined }))).status, 404);
      assert.equal((await answer(nav, id, status.Declined)).status, 404);
    }
    const still = await server.db.selectFrom('outbound_referral').select('status_uid').where('outbound_referral_uid', '=', foreign.outbound_referral_uid).executeTakeFirstOrThrow();
    assert.equal(still.status_uid, status.Pending);
  });
});

describe('the closed loop: a referral to another division of Careweave', () => {
  it('waits in the receiving division until someone there links it; then its new referrals queue; the receiver enrols; the sender gets a reminder and sees the status and its time', async () => {
    const person = await server.db.selectFrom('patient').select(['first_name', 'last_name', 'birth_date']).where('patient_uid', '=', patient).executeTakeFirstOrThrow();
    const [first, last] = [person.first_name, person.last_name];
    const created = await post(nav, { patient_uid: patient, specialty_uid: specialty, event_date: '2026-11-24', to_type: 'division', to_division_uid: summit, priority: 'urgent', reason: 'Psychiatric evaluation' });
    assert.equal(created.status, 201, created.text);
    const id = created.body.data.id;
    assert.equal(created.body.data.attributes.to_name, 'Summit County Care');
    assert.equal(created.body.data.attributes.status_label, 'Pending');
    assert.equal(created.body.data.attributes.received_patient_uid, undefined, "the sender is not told the receiver's record");
    assert.equal((await server.db.selectFrom('outbound_referral').select('received_patient_uid').where('outbound_referral_uid', '=', id).executeTakeFirstOrThrow()).received_patient_uid, null, 'no record is chosen for the receiver');

    // It waits in Summit with what the receiver needs to find the person, and nowhere else.
    const receiver = await inSummit();
    const offered = await waiting(receiver);
    assert.equal(offered.status, 200, offered.text);
    const item = offered.body.data.find((r: { id: string }) => r.id === id);
    assert.ok(item, 'waiting in the receiving division');
    assert.deepEqual(
      Object.keys(item.attributes).sort(),
      ['birth_date', 'created_at', 'event_date', 'first_name', 'from_division_name', 'from_provider_name', 'gender_identity_uid', 'gender_label', 'gender_uid', 'home_phone', 'last_name', 'middle_name', 'mobile_phone', 'notes', 'outbound_referral_uid', 'preferred_phone', 'priority', 'priority_label', 'provider_role_name', 'reason', 'source', 'work_phone'],
      'the allow-list: never the sender\'s record, case, custody or address',
    );
    assert.deepEqual([item.attributes.first_name, item.attributes.last_name, item.attributes.birth_date, item.attributes.from_division_name], [first, last, person.birth_date, 'Franklin County Care']);
    assert.ok(!(await waiting(nav)).body.data.some((r: { id: string }) => r.id === id), 'not offered to the sending division');
    assert.equal((await call(server.url, `/api/incoming-referrals/${id}`, { token: nav.token })).status, 404);
    assert.equal((await waiting(cit)).status, 403, 'CIT staff do not take referrals');
    const newReferrals = (await server.db.selectFrom('queue').select('queue_uid').where('division_uid', '=', summit).where('queue_label', '=', 'new referrals').executeTakeFirstOrThrow()).queue_uid;
    const before = await call(server.url, `/api/queues/${newReferrals}?page-size=500`, { token: receiver.token });
    assert.ok(!before.body.data.attributes.data.some((r: { first_name: string; last_name: string }) => r.first_name === first && r.last_name === last), 'no record in the queue before it is linked');

    // Linked to a new record: then it is the division's inbound referral.
    const linked = await link(receiver, id, { create_patient: true });
    assert.equal(linked.status, 200, linked.text);
    const received = linked.body.data.attributes.received_patient_uid as string;
    assert.equal((await link(receiver, id, { create_patient: true })).status, 404, 'linked once: no longer waiting');
    assert.ok(!(await waiting(receiver)).body.data.some((r: { id: string }) => r.id === id));
    const queued = await call(server.url, `/api/queues/${newReferrals}?page-size=500`, { token: receiver.token });
    assert.equal(queued.status, 200, queued.text);
    const row = queued.body.data.attributes.data.find((r: { patient_uid: string }) => r.patient_uid === received);
    assert.ok(row, 'the patient is in the receiving division\'s new referrals');
    assert.equal(row.referral_date, '2026-11-24');
    const copy = await server.db.selectFrom('patient').select(['division_uid', 'first_name', 'last_name', 'restricted_flag', 'agency_legal_status', 'sacwis_person_id', 'note']).where('patient_uid', '=', received).executeTakeFirstOrThrow();
    assert.deepEqual(copy, { division_uid: summit, first_name: first, last_name: last, restricted_flag: '0', agency_legal_status: null, sacwis_person_id: null, note: null }, 'only what the receiver needs');

    const inbox = await call(server.url, `/api/patients/${received}/received-referrals`, { token: receiver.token });
    assert.equal(inbox.status, 200, inbox.text);
    assert.deepEqual(inbox.body.data.map((r: { id: string }) => r.id), [id]);
    assert.equal(inbox.body.data[0].attributes.from_division_name, 'Franklin County Care');
    const seen = await call(server.url, `/api/outbound-referrals/${id}`, { token: receiver.token });
    assert.equal(seen.body.data.attributes.direction, 'received');
    assert.equal(seen.body.data.attributes.patient_uid, undefined, "the receiver is not told the sender's record");
    assert.equal(seen.body.data.attributes.reason, 'Psychiatric evaluation');

    // The status is the receiver's: the sender can neither set it nor redirect the referral.
    assert.equal((await answer(nav, id, status.Enrolled)).status, 404);
    assert.deepEqual(fieldErrors(await put(nav, id, { specialty_uid: specialty, event_date: '2026-11-24', to_type: 'facility', to_facility_uid: facility, priority: 'urgent', status_uid: status.Enrolled })), {
      'data.attributes.to_type': TARGET_FIXED,
    });
    // The sender's correction of the date reaches the receiver's queue.
    const corrected = await put(nav, id, { specialty_uid: specialty, event_date: '2026-11-23', to_type: 'division', to_division_uid: summit, priority: 'urgent', reason: 'Psychiatric evaluation' });
    assert.equal(corrected.status, 200, corrected.text);
    assert.equal((await server.db.selectFrom('patient').select('latest_referral_date').where('patient_uid', '=', received).executeTakeFirstOrThrow()).latest_referral_date, '2026-11-23');
    assert.equal((await answer(receiver, id, randomUUID())).status, 422);

    const enrolled = await answer(receiver, id, status.Enrolled);
    assert.equal(enrolled.status, 200, enrolled.text);
    assert.equal(enrolled.body.data.attributes.status_label, 'Enrolled');
    const after = await call(server.url, `/api/queues/${newReferrals}?page-size=500`, { token: receiver.token });
    assert.ok(!after.body.data.attributes.data.some((r: { patient_uid: string }) => r.patient_uid === received), 'answered: out of new referrals');

    const rows = await list(nav, patient);
    const sent = rows.body.data.find((r: { id: string }) => r.id === id).attributes;
    assert.equal(sent.status_label, 'Enrolled');
    assert.ok(Date.now() - new Date(sent.status_changed_at).getTime() < 60_000, 'the time of the answer');
    const reminders = await server.db.selectFrom('notification').select(['note', 'route', 'display_name', 'is_read']).where('subject_uid', '=', patient).where('ui_model_name', '=', 'outbound-referrals').execute();
    assert.deepEqual(reminders, [{ note: 'Summit County Care set the Psychiatrist referral to Enrolled', route: `/patients/${patient}/outbound-referrals/${id}`, display_name: 'Nora Navigator', is_read: false }]);
    const audit = await server.db.selectFrom('audit_entry').select(['patient_uid', 'action', 'message']).where('target_uid', '=', id).execute();
    // One transaction writes one time: compare in a fixed order.
    const byKey = (rows: { patient_uid: string; action: string; message: string | null }[]) => rows.sort((a, b) => `${a.action}${a.patient_uid}`.localeCompare(`${b.action}${b.patient_uid}`));
    assert.deepEqual(
      byKey(audit.filter((a) => a.action !== 'ChangedOutboundReferral')),
      byKey([
        { patient_uid: patient, action: 'AddedOutboundReferral', message: 'Nora Navigator added an outbound referral' },
        ...[patient, received].map((p) => ({ patient_uid: p, action: 'ChangedReferralStatus', message: 'Nora Navigator of Summit County Care set the Psychiatrist referral to Enrolled' })),
      ]),
    );
    const added = await server.db.selectFrom('audit_entry').select(['action', 'message']).where('patient_uid', '=', received).where('action', '=', 'AddedPatient').execute();
    assert.deepEqual(added, [{ action: 'AddedPatient', message: 'Nora Navigator added the patient with a referral from Franklin County Care' }]);
    // The same answer again changes nothing and reminds no one twice.
    assert.equal((await answer(receiver, id, status.Enrolled)).status, 200);
    assert.equal((await server.db.selectFrom('notification').select('id').where('subject_uid', '=', patient).where('ui_model_name', '=', 'outbound-referrals').execute()).length, 1);
    // Two answers at once (a double click) are one change and one reminder.
    const both = await Promise.all([answer(receiver, id, status.Declined), answer(receiver, id, status.Declined)]);
    assert.deepEqual(both.map((a) => a.status), [200, 200]);
    const notes = await server.db.selectFrom('notification').select('note').where('subject_uid', '=', patient).where('ui_model_name', '=', 'outbound-referrals').orderBy('created_date').execute();
    assert.deepEqual(notes.map((n) => n.note), ['Summit County Care set the Psychiatrist referral to Enrolled', 'Summit County Care set the Psychiatrist referral to Declined']);
    assert.equal((await server.db.selectFrom('inbound_referral').select('status').where('patient_uid', '=', received).executeTakeFirstOrThrow()).status, 'Declined');
  });

  it('links to the record the receiver chose after the duplicate check, never by name and birth date alone', async () => {
    const person = await server.db.selectFrom('patient').select(['first_name', 'last_name', 'birth_date']).where('patient_uid', '=', second).executeTakeFirstOrThrow();
    const existing = await server.db
      .insertInto('patient')
      .values({ division_uid: summit, first_name: person.first_name.toUpperCase(), last_name: person.last_name, birth_date: person.birth_date })
      .returning('patient_uid')
      .executeTakeFirstOrThrow();
    const created = await post(nav, { patient_uid: second, specialty_uid: specialty, event_date: '2026-11-24', to_type: 'division', to_division_uid: summit, priority: 'routine' });
    assert.equal(created.status, 201, created.text);
    const id = created.body.data.id;
    assert.equal((await server.db.selectFrom('outbound_referral').select('received_patient_uid').where('outbound_referral_uid', '=', id).executeTakeFirstOrThrow()).received_patient_uid, null, 'the namesake is not taken for the person');

    const receiver = await inSummit();
    // The duplicate check the receiver runs finds the record they may choose.
    const duplicates = await call(server.url, `/api/patients/possible-duplicates?firstName=${encodeURIComponent(person.first_name)}&lastName=${encodeURIComponent(person.last_name)}`, { token: receiver.token });
    assert.ok(duplicates.body.data.some((d: { id: string }) => d.id === existing.patient_uid), duplicates.text);
    // Refusals: neither or both choices, a record of another division, a made-up one, no such referral.
    for (const neitherOrBoth of [{}, { patient_uid: existing.patient_uid, create_patient: true }]) {
      assert.deepEqual(fieldErrors(await link(receiver, id, neitherOrBoth)), { 'data.attributes.patient_uid': 'Choose the same person, or create a patient' });
    }
    for (const other of [patient, facts.restricted.mine, randomUUID()]) {
      assert.deepEqual(fieldErrors(await link(receiver, id, { patient_uid: other })), { 'data.attributes.patient_uid': 'Must be one of the listed options' }, other);
    }
    assert.equal((await link(receiver, randomUUID(), { patient_uid: existing.patient_uid })).status, 404);
    assert.equal((await link(receiver, 'nope', { patient_uid: existing.patient_uid })).status, 404);
    assert.equal((await link(cit, id, { patient_uid: existing.patient_uid })).status, 403);

    // A retry with the same key after the first answer gets that answer again; one inbound referral.
    const key = randomUUID();
    const linked = await link(receiver, id, { patient_uid: existing.patient_uid }, key);
    assert.equal(linked.status, 200, linked.text);
    const again = await link(receiver, id, { patient_uid: existing.patient_uid }, key);
    assert.deepEqual([again.status, again.body], [200, linked.body]);
    const row = await server.db.selectFrom('outbound_referral').select(['received_patient_uid', 'linked_by', 'linked_at']).where('outbound_referral_uid', '=', id).executeTakeFirstOrThrow();
    assert.equal(row.received_patient_uid, existing.patient_uid);
    assert.equal(row.linked_by, (await server.db.selectFrom('app_user').select('user_uid').where('user_name', '=', 'navigator').executeTakeFirstOrThrow()).user_uid);
    assert.ok(row.linked_at);
    assert.equal((await server.db.selectFrom('inbound_referral').select('referral_uid').where('patient_uid', '=', existing.patient_uid).execute()).length, 1);
    const audit = await server.db.selectFrom('audit_entry').select('message').where('patient_uid', '=', existing.patient_uid).execute();
    assert.deepEqual(audit, [{ message: 'Nora Navigator linked a referral from Franklin County Care' }]);
  });

  it('a restricted or adoption case is not referred to another division: its restriction would not travel', async () => {
    const admin = await login(server.url, 'admin');
    for (const [user, child] of [[nav, facts.restricted.mine], [admin, facts.adoption[0]]] as const) {
      const before = (await server.db.selectFrom('outbound_referral').select('outbound_referral_uid').where('patient_uid', '=', child).execute()).length;
      const refused = await post(user, { patient_uid: child, specialty_uid: specialty, event_date: '2026-11-24', to_type: 'division', to_division_uid: summit, priority: 'routine' });
      assert.deepEqual(fieldErrors(refused), { 'data.attributes.to_division_uid': RESTRICTED_NOT_REFERRED }, refused.text);
      assert.equal((await server.db.selectFrom('outbound_referral').select('outbound_referral_uid').where('patient_uid', '=', child).execute()).length, before, 'nothing stored');
      // A referral to a provider or facility stays possible: it carries no record across.
      assert.equal((await post(user, toFacility({ patient_uid: child }))).status, 201);
    }
    // A child restricted after the referral was sent is no longer offered to the receiver.
    const sent = await post(nav, { patient_uid: second, specialty_uid: specialty, event_date: '2026-11-25', to_type: 'division', to_division_uid: summit, priority: 'routine' });
    assert.equal(sent.status, 201, sent.text);
    await server.db.updateTable('patient').set({ restricted_flag: '1' }).where('patient_uid', '=', second).execute();
    try {
      const receiver = await inSummit();
      assert.ok(!(await waiting(receiver)).body.data.some((r: { id: string }) => r.id === sent.body.data.id));
      assert.equal((await link(receiver, sent.body.data.id, { create_patient: true })).status, 404);
    } finally {
      await server.db.updateTable('patient').set({ restricted_flag: '0' }).where('patient_uid', '=', second).execute();
    }
  });

  it('the divisions a referral can go to: the others of the organisation', async () => {
    const divisions = await call(server.url, '/api/data/public/outbound-referral-division', { token: nav.token });
    assert.deepEqual(divisions.body.data.map((d: { attributes: { division_name: string } }) => d.attributes.division_name), ['Summit County Care']);
  });
});
