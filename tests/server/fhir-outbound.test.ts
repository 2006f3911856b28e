import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { moveClock, resetClock } from '../../shared/clock';
import { RESTRICTED_NOT_SENT } from '../../shared/schemas/outbound-referrals';
import { COMMAND_ACTOR } from '../../server/admin/admin-audit';
import { createFhirClient } from '../../server/fhir/fhir-clients.repository';
import { FHIR_POLL_MS, pollFhirReferrals } from '../../server/fhir/outbound-sync';
import { backendServicesToken } from '../../server/fhir/remote-fhir';
import { signingKey } from '../../server/fhir/signing-key';
import { runAdminCommand } from '../../server/testing/admin-command';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, login, type DemoFacts, type LoggedIn } from './support/http';

/**
 * Issue 35 section 3, outbound: Careweave as the Gravity Referral Source, to
 * a real FHIR server (a second Careweave, the Referral Recipient), never a
 * mock: a referral to a facility registered with a FHIR destination is sent
 * from the outbox as a Bundle with a Backend Services token signed by
 * Careweave's own key (its JWKS URL registered there), and the Task's status
 * the recipient's staff set is read back onto the referral.
 */

let sender: TestServer;
let recipient: TestServer;
let facts: DemoFacts;
let senderNav: LoggedIn;
let recipientNav: LoggedIn;
let facility: string;
let specialty: string;
let pending: string;
let clientId: string;
let patient: { patient_uid: string; first_name: string; last_name: string };

const refer = (patientUid: string) =>
  call(sender.url, '/api/outbound-referrals', {
    body: { data: { type: 'outbound-referrals', attributes: { patient_uid: patientUid, specialty_uid: specialty, event_date: '2026-12-01', to_type: 'facility', to_facility_uid: facility, status_uid: pending, priority: 'urgent', reason: 'Food insecurity' } } },
    token: senderNav.token,
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
const updatesQueued = async (referralUid: string) =>
  Number((await sender.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('channel', '=', 'fhir-referral-update').where('subject', '=', referralUid).executeTakeFirstOrThrow()).n);
const editSent = (referralUid: string, attributes: Record<string, unknown>) =>
  call(sender.url, `/api/outbound-referrals/${referralUid}`, {
    method: 'PUT',
    body: { data: { type: 'outbound-referrals', id: referralUid, attributes: { specialty_uid: specialty, event_date: '2026-12-01', to_type: 'facility', to_facility_uid: facility, status_uid: pending, priority: 'urgent', reason: 'Food insecurity', ...attributes } } },
    token: senderNav.token,
  });
/** The recipient's staff link the person to a record (the first time) so that they may answer; the sender's id matches later referrals on arrival. */
async function linkThere(taskId: string) {
  const row = await recipient.db.selectFrom('fhir_referral').select('patient_uid').where('referral_uid', '=', taskId).executeTakeFirstOrThrow();
  if (row.patient_uid) return;
  const linked = await call(recipient.url, `/api/incoming-referrals/${taskId}/link`, {
    body: { data: { type: 'incoming-referrals', attributes: { create_patient: true } } },
    token: recipientNav.token,
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  assert.equal(linked.status, 200, linked.text);
}
const statusLabel = async (referralUid: string) => (await call(sender.url, `/api/outbound-referrals/${referralUid}`, { token: senderNav.token })).body.data.attributes.status_label;
const answer = (id: string, attributes: Record<string, unknown>) =>
  call(recipient.url, `/api/ehr-referrals/${id}/status`, { method: 'PUT', body: { data: { type: 'ehr-referrals', id, attributes } }, token: recipientNav.token });

before(async () => {
  // The sender's outbox is driven by hand (runOnce): a background round could send a Bundle first, under load.
  [sender, recipient] = await Promise.all([startTestServer({ OUTBOX_INTERVAL_MS: '3600000' }), startTestServer()]);
  facts = await demoFacts(sender.db);
  const recipientFranklin = (await recipient.db.selectFrom('division').select(['division_uid', 'org_uid']).where('division_name', '=', 'Franklin County Care').executeTakeFirstOrThrow());
  // The recipient knows the sender as a Backend Services client by the sender's published JWKS.
  const client = await recipient.db.transaction().execute((trx) =>
    createFhirClient(trx, COMMAND_ACTOR, recipientFranklin.org_uid, {
      name: 'Careweave (Franklin sender)',
      jwksUrl: `${sender.url}/.well-known/jwks.json`,
      scopes: ['system/Task.crs', 'system/ServiceRequest.cu'],
      divisionUids: [recipientFranklin.division_uid],
    }),
  );
  clientId = client.clientId;
  const registered = await runAdminCommand({ databaseUrl: sender.connectionString, publicUrl: sender.url }, [
    'add-fhir-destination', '--facility', 'Riverside General Hospital', '--fhir-base', `${recipient.url}/fhir`, '--client-id', client.clientId, '--owner', `Organization/${recipientFranklin.division_uid}`,
  ]);
  assert.equal(registered.code, 0, registered.stderr);
  assert.match(registered.stdout, new RegExp(`JWKS URL: ${sender.url}/\\.well-known/jwks\\.json`));
  facility = (await sender.db.selectFrom('facility').select('facility_uid').where('facility_name', '=', 'Riverside General Hospital').executeTakeFirstOrThrow()).facility_uid;
  specialty = (await sender.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-provider-role').where('label', '=', 'Psychiatrist').executeTakeFirstOrThrow()).uid;
  pending = (await sender.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-status').where('ref_data_type', '=', 'outbound referral').where('label', '=', 'Pending').executeTakeFirstOrThrow()).uid;
  const hidden = [facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
  patient = await sender.db.selectFrom('patient').select(['patient_uid', 'first_name', 'last_name']).where('division_uid', '=', facts.divisionUids[0]).where('patient_uid', 'not in', hidden).orderBy('last_name', 'desc').executeTakeFirstOrThrow();
  [senderNav, recipientNav] = await Promise.all([login(sender.url, 'navigator'), login(recipient.url, 'navigator')]);
});
after(async () => {
  resetClock();
  await Promise.all([sender?.stop(), recipient?.stop()]);
});

describe('a referral to a facility with a FHIR destination', () => {
  it('is sent as a Gravity Bundle with a signed assertion; the recipient’s answers come back as the referral’s status and a reminder', async () => {
    const sent = await refer(patient.patient_uid);
    assert.equal(sent.status, 201, sent.text);
    const referralUid = sent.body.data.id as string;
    assert.equal(await sender.outbox.runOnce(), 1);
    const outbound = await sender.db.selectFrom('fhir_outbound').selectAll().where('outbound_referral_uid', '=', referralUid).executeTakeFirstOrThrow();
    assert.ok(outbound.remote_task_id, 'the Task made there');

    // At the recipient: a referral from the sender's client, about the person, waiting to be linked (no identifier of theirs matches).
    const received = await recipient.db.selectFrom('fhir_referral').selectAll().where('referral_uid', '=', outbound.remote_task_id!).executeTakeFirstOrThrow();
    assert.deepEqual(
      [received.first_name, received.last_name, received.what_for, received.priority, received.reason, received.status, received.patient_uid],
      [patient.first_name, patient.last_name, 'Psychiatrist', 'urgent', 'Food insecurity', 'received', null],
    );
    assert.equal(received.identifiers.length, 1);
    assert.match(received.identifiers[0].system, /^http:\/\/(localhost|127\.0\.0\.1):\d+\/fhir\/Patient$/, 'Careweave\'s id of the patient, to match the next referral by');
    assert.equal(received.identifiers[0].value, patient.patient_uid);
    const linked = await call(recipient.url, `/api/incoming-referrals/${received.referral_uid}/link`, {
      body: { data: { type: 'incoming-referrals', attributes: { create_patient: true } } },
      token: recipientNav.token,
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    assert.equal(linked.status, 200, linked.text);

    assert.equal((await answer(received.referral_uid, { status: 'accepted' })).status, 200);
    assert.equal(await pollFhirReferrals(sender.db), 1);
    assert.equal(await statusLabel(referralUid), 'Scheduled', 'accepted there: scheduled here');
    const reminders = await sender.db.selectFrom('notification').select('note').where('subject_uid', '=', patient.patient_uid).where('event_type_name', '=', 'Outbound Referral').execute();
    assert.ok(reminders.some((r) => r.note === 'Riverside General Hospital set the Psychiatrist referral to Accepted'), JSON.stringify(reminders));

    assert.equal((await answer(received.referral_uid, { status: 'completed', output: 'Seen by Dr. Raman on Dec 3' })).status, 200);
    assert.equal(await pollFhirReferrals(sender.db), 0, 'read at most once a minute');
    moveClock(FHIR_POLL_MS);
    assert.equal(await pollFhirReferrals(sender.db), 1);
    assert.equal(await statusLabel(referralUid), 'Enrolled');
    const done = await sender.db.selectFrom('fhir_outbound').select(['task_status', 'output_display']).where('outbound_referral_uid', '=', referralUid).executeTakeFirstOrThrow();
    assert.deepEqual(done, { task_status: 'completed', output_display: 'Seen by Dr. Raman on Dec 3' });
    moveClock(FHIR_POLL_MS);
    assert.equal(await pollFhirReferrals(sender.db), 0, 'a finished Task is not read again');

    // The sender's record of it: sent by FHIR, where it stands there; its status and facility stay the facility's.
    const shown = (await call(sender.url, `/api/outbound-referrals/${referralUid}`, { token: senderNav.token })).body.data.attributes;
    assert.deepEqual([shown.sent_by_fhir, shown.fhir_task_status, shown.fhir_output, typeof shown.fhir_sent_at], [true, 'completed', 'Seen by Dr. Raman on Dec 3', 'string']);
    const edit = (attributes: Record<string, unknown>) => editSent(referralUid, attributes);
    const edited = await edit({ reason: 'Food insecurity and housing' });
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.body.data.attributes.status_label, 'Enrolled', 'the status sent with the edit does not replace the one read back');
    assert.equal(await updatesQueued(referralUid), 0, 'a referral finished there is not sent again');
    const otherFacility = await sender.db.selectFrom('facility').select('facility_uid').where('facility_uid', '<>', facility).executeTakeFirstOrThrow();
    const redirected = await edit({ to_facility_uid: otherFacility.facility_uid });
    assert.equal(redirected.status, 422);
    assert.deepEqual(redirected.body.errors, [{ field: 'data.attributes.to_type', message: 'A referral sent by FHIR cannot be redirected; add a new referral instead' }]);
  });

  it('an edit of a referral still open there is sent again as its ServiceRequest, built when sent; once finished there it changes nothing there', async () => {
    const sent = await refer(patient.patient_uid);
    assert.equal(sent.status, 201, sent.text);
    const referralUid = sent.body.data.id as string;
    // Edited before the Bundle went: the update waits (retried) until the Task exists there.
    assert.equal((await editSent(referralUid, { reason: 'Food insecurity and housing', priority: 'emergent' })).status, 200);
    assert.equal((await editSent(referralUid, { reason: 'Food insecurity and housing', priority: 'emergent' })).status, 200);
    assert.equal(await updatesQueued(referralUid), 1, 'an edit that changes nothing sent is not sent');
    const held = await sender.db.selectFrom('outbox').select('outbox_uid').where('channel', '=', 'fhir-referral-update').where('subject', '=', referralUid).executeTakeFirstOrThrow();
    await sender.db.updateTable('outbox').set({ deliver_after: new Date(8.64e15) }).where('outbox_uid', '=', held.outbox_uid).execute();
    assert.equal(await sender.outbox.runOnce(), 1, 'the Bundle');
    const taskId = (await sender.db.selectFrom('fhir_outbound').select('remote_task_id').where('outbound_referral_uid', '=', referralUid).executeTakeFirstOrThrow()).remote_task_id!;
    await linkThere(taskId);
    const there = () => recipient.db.selectFrom('fhir_referral').select(['reason', 'priority', 'what_for', 'status']).where('referral_uid', '=', taskId).executeTakeFirstOrThrow();
    assert.deepEqual(await there(), { reason: 'Food insecurity', priority: 'urgent', what_for: 'Psychiatrist', status: 'received' }, 'the Bundle carries the referral as it was referred');

    assert.equal((await editSent(referralUid, { reason: 'Housing only', priority: 'routine' })).status, 200);
    await sender.db.updateTable('outbox').set({ deliver_after: new Date(0) }).where('channel', '=', 'fhir-referral-update').where('subject', '=', referralUid).execute();
    assert.equal(await sender.outbox.runOnce(), 2, 'both updates, each sending the referral as it now stands');
    assert.deepEqual(await there(), { reason: 'Housing only', priority: 'routine', what_for: 'Psychiatrist', status: 'received' });
    const updates = await sender.db.selectFrom('outbox').select(['status', 'last_error']).where('channel', '=', 'fhir-referral-update').where('subject', '=', referralUid).execute();
    assert.deepEqual(updates.map((m) => m.status), ['delivered', 'delivered'], JSON.stringify(updates));

    // Rejected there before Careweave read it back: the edit is queued, finds the Task finished, and changes nothing there.
    const rejected = await answer(taskId, { status: 'rejected', status_reason: 'out-of-area' });
    assert.equal(rejected.status, 200, rejected.text);
    assert.equal((await editSent(referralUid, { reason: 'Too late' })).status, 200);
    assert.equal(await sender.outbox.runOnce(), 1);
    assert.deepEqual(await there(), { reason: 'Housing only', priority: 'routine', what_for: 'Psychiatrist', status: 'rejected' });
    moveClock(FHIR_POLL_MS);
    assert.equal(await pollFhirReferrals(sender.db), 1);
    const queued = await updatesQueued(referralUid);
    assert.equal((await editSent(referralUid, { reason: 'Later still' })).status, 200);
    assert.equal(await updatesQueued(referralUid), queued, 'read back as rejected: nothing is queued');
  });

  it('the recipient takes a ServiceRequest correction only from its sender, only while open, and refuses what is not a correction', async () => {
    const sent = await refer(patient.patient_uid);
    const referralUid = sent.body.data.id as string;
    await sender.db.updateTable('outbox').set({ deliver_after: new Date(0) }).where('subject', '=', referralUid).execute();
    await sender.outbox.runOnce();
    const taskId = (await sender.db.selectFrom('fhir_outbound').select('remote_task_id').where('outbound_referral_uid', '=', referralUid).executeTakeFirstOrThrow()).remote_task_id!;
    await linkThere(taskId);
    const requestId = (await recipient.db.selectFrom('fhir_referral').select('service_request_uid').where('referral_uid', '=', taskId).executeTakeFirstOrThrow()).service_request_uid;
    const tokenUrl = (await call(recipient.url, '/fhir/.well-known/smart-configuration')).body.token_endpoint as string;
    const key = await signingKey(sender.db);
    const { token } = await backendServicesToken(tokenUrl, key, clientId, 'system/ServiceRequest.cu system/Task.rs');
    const put = (id: string, body: unknown, bearer = token) =>
      call(recipient.url, `/fhir/ServiceRequest/${id}`, { method: 'PUT', body, token: bearer, headers: { 'content-type': 'application/fhir+json' } });
    // As the sender makes it: the request as it stands, about the patient the Task there is for (the client reads Tasks, not requests).
    const correct = { resourceType: 'ServiceRequest', id: requestId, status: 'active', intent: 'order', code: { text: 'Psychiatrist' }, priority: 'urgent', subject: { display: 'The patient' }, reasonCode: [{ text: 'Corrected by the source' }] };

    const narrow = (await backendServicesToken(tokenUrl, key, clientId, 'system/ServiceRequest.c system/Task.rs')).token;
    const refusals: [string, Awaited<ReturnType<typeof put>>, number, string][] = [
      ['a token without ServiceRequest.u', await put(requestId, correct, narrow), 403, ''],
      ['another id in the body', await put(requestId, { ...correct, id: crypto.randomUUID() }, token), 400, 'ServiceRequest.id'],
      ['not R4', await put(requestId, { ...correct, code: 'Psychiatrist' }, token), 400, ''],
      ['a priority R4 does not have', await put(requestId, { ...correct, priority: 'whenever' }, token), 422, 'ServiceRequest.priority'],
      ['withdrawn by its request', await put(requestId, { ...correct, status: 'revoked' }, token), 422, 'ServiceRequest.status'],
    ];
    for (const [what, answerOf, status, expression] of refusals) {
      assert.equal(answerOf.status, status, `${what}: ${answerOf.text}`);
      assert.equal(answerOf.body.resourceType, 'OperationOutcome', what);
      if (expression) assert.deepEqual(answerOf.body.issue[0].expression, [expression], what);
    }
    const unknown = crypto.randomUUID();
    const notMine = await put(unknown, { ...correct, id: unknown }, token);
    assert.equal(notMine.status, 404, notMine.text);
    assert.equal((await recipient.db.selectFrom('fhir_referral').select('reason').where('referral_uid', '=', taskId).executeTakeFirstOrThrow()).reason, 'Food insecurity', 'nothing refused was stored');

    const accepted = await put(requestId, correct, token);
    assert.equal(accepted.status, 200, accepted.text);
    assert.deepEqual(accepted.body.reasonCode, [{ text: 'Corrected by the source' }]);
    assert.equal((await answer(taskId, { status: 'rejected', status_reason: 'out-of-area' })).status, 200);
    const late = await put(requestId, { ...correct, reasonCode: [{ text: 'After the answer' }] }, token);
    assert.equal(late.status, 422, late.text);
    assert.deepEqual(late.body.issue[0].expression, ['ServiceRequest']);
  });

  it('never sends a restricted or adoption case: 422, nothing queued', async () => {
    for (const hidden of [facts.restricted.mine, facts.adoption[0]]) {
      const before = await sender.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('channel', '=', 'fhir-referral').executeTakeFirstOrThrow();
      const refused = await refer(hidden);
      if (refused.status === 404) continue; // a case the navigator may not open is not hers to refer at all
      assert.equal(refused.status, 422, refused.text);
      assert.deepEqual(refused.body.errors, [{ field: 'data.attributes.to_facility_uid', message: RESTRICTED_NOT_SENT }]);
      const after = await sender.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('channel', '=', 'fhir-referral').executeTakeFirstOrThrow();
      assert.equal(Number(after.n), Number(before.n));
    }
  });

  it('a Bundle the recipient refuses stays in the outbox with its reason, retried, never lost', async () => {
    await sender.db.updateTable('fhir_destination').set({ owner_reference: `Organization/${crypto.randomUUID()}` }).where('facility_uid', '=', facility).execute();
    const sent = await refer(patient.patient_uid);
    assert.equal(sent.status, 201, sent.text);
    await sender.outbox.runOnce();
    const row = await sender.db.selectFrom('outbox').select(['status', 'attempts', 'last_error']).where('channel', '=', 'fhir-referral').where('subject', '=', sent.body.data.id).executeTakeFirstOrThrow();
    assert.equal(row.status, 'pending');
    assert.equal(row.attempts, 1);
    assert.match(row.last_error ?? '', /^The destination answered 422: Task.owner must be the Organization of a Careweave division/);
  });
});
