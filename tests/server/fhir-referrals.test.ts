import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { moveClock, resetClock } from '../../shared/clock';
import { COMMAND_ACTOR } from '../../server/admin/admin-audit';
import { createFhirClient, type FhirClient } from '../../server/fhir/fhir-clients.repository';
import { FHIR_REFERRAL_METHOD } from '../../server/fhir/fhir-referrals.repository';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, login, type DemoFacts, type LoggedIn } from './support/http';
import { clientAssertion, fhirGet, makeFhirKeys, postBundle, requestToken, type TestFhirClient } from './support/fhir-client';
import { assertValidR4 } from './support/fhir-validate';
import { EXAMPLE_MRN_SYSTEM, EXAMPLE_TASK_SYSTEM, gravityReferralBundle } from '../../server/fhir/referral-example';

/**
 * Issue 35 section 3, inbound: an EHR's Gravity referral (a transaction
 * Bundle) becomes the division's referral once per Task, matched to a record
 * only by an identifier or by a person, never on name and birth date; what
 * it may not send is refused naming the element, and stores nothing.
 */

let server: TestServer;
let facts: DemoFacts;
let franklin: string;
let summit: string;
let keys: TestFhirClient;
let client: FhirClient;
let token: string;
let nav: LoggedIn;
let known: { patient_uid: string; first_name: string; last_name: string };

const SCOPES = 'system/Patient.rs system/ServiceRequest.crs system/Task.crus system/Subscription.crds';

let tokenUrl: string;

async function tokenFor(c: FhirClient, scope: string): Promise<string> {
  const answer = await requestToken(server.url, await clientAssertion(keys, { iss: c.clientId, aud: tokenUrl }), scope);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.access_token as string;
}

const referralsOf = (taskValue: string) => server.db.selectFrom('fhir_referral').selectAll().where('task_value', '=', taskValue).execute();
const taskIdOf = (bundle: any) => bundle.entry.find((e: any) => e.resource.resourceType === 'Task').resource.identifier[0].value as string;

before(async () => {
  server = await startTestServer();
  tokenUrl = ((await (await fetch(`${server.url}/fhir/.well-known/smart-configuration`)).json()) as { token_endpoint: string }).token_endpoint;
  facts = await demoFacts(server.db);
  [franklin, summit] = facts.divisionUids;
  const orgUid = (await server.db.selectFrom('division').select('org_uid').where('division_uid', '=', franklin).executeTakeFirstOrThrow()).org_uid;
  keys = await makeFhirKeys('RS384');
  client = await server.db
    .transaction()
    .execute((trx) => createFhirClient(trx, COMMAND_ACTOR, orgUid, { name: 'Riverside EHR', jwks: JSON.stringify(keys.jwks), scopes: SCOPES.split(' '), divisionUids: [franklin] }));
  token = await tokenFor(client, SCOPES);
  nav = await login(server.url, 'navigator');
  const hidden = [facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
  known = await server.db
    .selectFrom('patient')
    .select(['patient_uid', 'first_name', 'last_name'])
    .where('division_uid', '=', franklin)
    .where('patient_uid', 'not in', hidden)
    .orderBy('patient_uid')
    .limit(1)
    .executeTakeFirstOrThrow();
});
after(() => server?.stop());

describe('POST /fhir: a Gravity referral Bundle', () => {
  it('a new person waits in the division’s incoming referrals; the same Task sent again is the same referral', async () => {
    const bundle = gravityReferralBundle({ ownerDivisionUid: franklin, patient: { name: [{ family: 'Ortega', given: ['Lucia', 'Maria'] }] } });
    const first = await postBundle(server.url, token, bundle);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assertValidR4(first.body);
    assert.equal(first.body.type, 'transaction-response');
    assert.deepEqual(
      first.body.entry.map((e: any) => e.response.status),
      ['202 Accepted', '202 Accepted', '201 Created', '201 Created'],
      'Patient kept for a person to link; Condition kept; ServiceRequest and Task made',
    );
    const taskLocation = first.body.entry[3].response.location as string;
    assert.match(taskLocation, /^Task\/[0-9a-f-]{36}$/);

    const again = await postBundle(server.url, token, bundle);
    assert.equal(again.status, 200);
    assert.deepEqual(again.body.entry.map((e: any) => e.response.status), ['202 Accepted', '202 Accepted', '200 OK', '200 OK']);
    assert.equal(again.body.entry[3].response.location, taskLocation, 'the same Task');
    const stored = await referralsOf(taskIdOf(bundle));
    assert.equal(stored.length, 1, 'one referral per Task identifier');
    assert.deepEqual(
      { status: stored[0].status, what_for: stored[0].what_for, priority: stored[0].priority, reason: stored[0].reason, event_date: stored[0].event_date, patient_uid: stored[0].patient_uid },
      { status: 'received', what_for: 'Assistance with application for food pantry program', priority: 'urgent', reason: 'Food insecurity', event_date: '2026-11-30', patient_uid: null },
    );

    const waiting = await call(server.url, '/api/incoming-referrals', { token: nav.token });
    assert.equal(waiting.status, 200, waiting.text);
    const item = waiting.body.data.find((r: any) => r.id === taskLocation.slice('Task/'.length));
    assert.ok(item, 'offered to the owner division to link');
    assert.deepEqual(
      [item.attributes.first_name, item.attributes.middle_name, item.attributes.last_name, item.attributes.birth_date, item.attributes.gender_label, item.attributes.mobile_phone, item.attributes.from_division_name, item.attributes.provider_role_name, item.attributes.source],
      ['Lucia', 'Maria', 'Ortega', '1988-04-12', 'Female', '614-555-0142', 'Riverside EHR', 'Assistance with application for food pantry program', 'fhir'],
    );
    const elsewhere = await login(server.url, 'navigator');
    const inSummit = await call(server.url, '/api/session/current', { method: 'PUT', token: elsewhere.token, body: { data: { attributes: { current_division_uid: summit } } } });
    const summitToken = inSummit.body.data.attributes.token;
    assert.ok(!(await call(server.url, '/api/incoming-referrals', { token: summitToken })).body.data.some((r: any) => r.id === item.id), 'not offered to another division');
  });

  it('the same Task sent three times at once: one referral, one answer made (201), the others the same one (200)', async () => {
    const bundle = gravityReferralBundle({ ownerDivisionUid: franklin, subject: `Patient/${known.patient_uid}` });
    const answers = await Promise.all([1, 2, 3].map(() => postBundle(server.url, token, bundle)));
    const taskStatuses = answers.map((a) => a.body.entry.find((e: any) => e.response.location?.startsWith('Task/')).response.status).sort();
    assert.deepEqual(taskStatuses, ['200 OK', '200 OK', '201 Created']);
    assert.equal(new Set(answers.map((a) => a.body.entry.find((e: any) => e.response.location?.startsWith('Task/')).response.location)).size, 1);
    const [row] = await referralsOf(taskIdOf(bundle));
    const inbound = await server.db.selectFrom('inbound_referral').select('referral_uid').where('patient_uid', '=', known.patient_uid).where('referral_method', '=', FHIR_REFERRAL_METHOD).where('referral_uid', '=', row.inbound_referral_uid ?? '').execute();
    assert.equal((await referralsOf(taskIdOf(bundle))).length, 1);
    assert.equal(inbound.length, 1, 'one inbound referral');
  });

  it('linked by a person after the duplicate check: the record keeps the EHR’s number, the next referral finds it by itself, both land in New Referrals', async () => {
    const mrn = `MRN-${crypto.randomUUID().slice(0, 8)}`;
    const bundle = gravityReferralBundle({ ownerDivisionUid: franklin, mrn, patient: { name: [{ family: known.last_name, given: [known.first_name] }] } });
    const sent = await postBundle(server.url, token, bundle);
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.equal(sent.body.entry[0].response.status, '202 Accepted', 'the same name is never a match by itself');
    const referralUid = sent.body.entry[3].response.location.slice('Task/'.length);

    const linked = await call(server.url, `/api/incoming-referrals/${referralUid}/link`, {
      body: { data: { type: 'incoming-referrals', attributes: { patient_uid: known.patient_uid } } },
      token: nav.token,
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    assert.equal(linked.status, 200, linked.text);
    const [row] = await referralsOf(taskIdOf(bundle));
    assert.equal(row.patient_uid, known.patient_uid);
    const inbound = await server.db.selectFrom('inbound_referral').selectAll().where('referral_uid', '=', row.inbound_referral_uid ?? '').executeTakeFirstOrThrow();
    assert.deepEqual([inbound.patient_uid, inbound.status, inbound.referral_method, inbound.requested_by, inbound.referred_to], [known.patient_uid, 'New', FHIR_REFERRAL_METHOD, 'Riverside Family Medicine', 'Assistance with application for food pantry program']);
    const numbers = await server.db.selectFrom('patient_identifier').select(['system', 'value']).where('patient_uid', '=', known.patient_uid).execute();
    assert.ok(numbers.some((n) => n.system === EXAMPLE_MRN_SYSTEM && n.value === mrn));
    const entries = await server.db.selectFrom('audit_entry').select(['action', 'message']).where('target_uid', '=', referralUid).execute();
    assert.deepEqual(entries.map((e) => e.action), ['ReceivedReferral']);

    // The EHR's Task now names the record.
    const task = await fhirGet(server.url, `/Task/${referralUid}`, token);
    assert.equal(task.status, 200, JSON.stringify(task.body));
    assert.equal(task.body.for.reference, `Patient/${known.patient_uid}`);

    // The next referral for the same MRN is matched on arrival: New Referrals at once, and the client told which Patient.
    const next = gravityReferralBundle({ ownerDivisionUid: franklin, mrn, patient: { name: [{ family: 'Someone', given: ['Else'] }] } });
    const matched = await postBundle(server.url, token, next);
    assert.equal(matched.status, 200, JSON.stringify(matched.body));
    assert.deepEqual(matched.body.entry[0].response, { status: '200 OK', location: `Patient/${known.patient_uid}` });
    const [second] = await referralsOf(taskIdOf(next));
    assert.equal(second.patient_uid, known.patient_uid);
    const queue = (await server.db.selectFrom('queue').select('queue_uid').where('division_uid', '=', franklin).where('queue_label', '=', 'new referrals').executeTakeFirstOrThrow()).queue_uid;
    const queued = await call(server.url, `/api/queues/${queue}?page-size=500`, { token: nav.token });
    assert.equal(queued.status, 200, queued.text);
    assert.ok(queued.body.data.attributes.data.some((r: { patient_uid: string }) => r.patient_uid === known.patient_uid), 'in Franklin’s New Referrals');
    const byEhr = await server.db.selectFrom('audit_entry').select(['action', 'user_uid', 'message']).where('target_uid', '=', second.referral_uid).executeTakeFirstOrThrow();
    assert.deepEqual([byEhr.action, byEhr.user_uid], ['ReceivedReferral', client.userUid], 'written by the server, naming the client');
    assert.match(byEhr.message ?? '', /^Riverside EHR sent a referral/);
  });

  it('in New Referrals with the sending system as its Referral Source, and the reason and codes its ServiceRequest carried', async () => {
    const hidden = [known.patient_uid, facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
    const patient = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', franklin).where('patient_uid', 'not in', hidden).orderBy('patient_uid').executeTakeFirstOrThrow()).patient_uid;
    // Newer than every referral the demo gave the patient: the queue shows a patient's newest referral.
    const sent = await postBundle(server.url, token, gravityReferralBundle({ ownerDivisionUid: franklin, subject: `Patient/${patient}`, authoredOn: '2027-06-01' }));
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const queue = (await server.db.selectFrom('queue').select('queue_uid').where('division_uid', '=', franklin).where('queue_label', '=', 'new referrals').executeTakeFirstOrThrow()).queue_uid;
    const queued = await call(server.url, `/api/queues/${queue}?patient_uid=${patient}`, { token: nav.token });
    assert.equal(queued.status, 200, queued.text);
    const headers = Object.fromEntries(queued.body.data.attributes.queue_list_view_column_map.map((c: { column_name: string; display_header: string }) => [c.column_name, c.display_header]));
    assert.deepEqual([headers.referral_source_label, headers.referral_reason, headers.referral_codes], ['Referral Source', 'Referral Reason', 'Referral Codes']);
    const [row] = queued.body.data.attributes.data;
    assert.deepEqual(
      [row?.patient_uid, row?.referral_date, row?.referral_source_label, row?.referral_reason, row?.referral_codes],
      [patient, '2027-06-01', 'Riverside EHR', 'Food insecurity', 'Assistance with application for food pantry program (SNOMED CT 467771000124109); Food insecurity (SNOMED CT 733423003)'],
    );
  });

  it('a Consent the ServiceRequest refers to (supportingInfo) is taken (202) and kept with the referral', async () => {
    const bundle = gravityReferralBundle({ ownerDivisionUid: franklin });
    const patient = bundle.entry!.find((e) => e.resource?.resourceType === 'Patient')!;
    const request = bundle.entry!.find((e) => e.resource?.resourceType === 'ServiceRequest')!.resource as any;
    const consent = {
      fullUrl: `urn:uuid:${crypto.randomUUID()}`,
      request: { method: 'POST' as const, url: 'Consent' },
      resource: {
        resourceType: 'Consent' as const,
        status: 'active' as const,
        scope: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/consentscope', code: 'patient-privacy' }] },
        category: [{ coding: [{ system: 'http://loinc.org', code: '59284-0', display: 'Patient Consent' }] }],
        patient: { reference: patient.fullUrl },
        dateTime: '2026-11-30T14:30:00Z',
        policy: [{ uri: 'https://ehr.example.org/policies/sdoh-referral-consent' }],
        provision: { type: 'permit' as const, period: { start: '2026-11-30', end: '2027-11-30' } },
      },
    };
    request.supportingInfo = [{ reference: consent.fullUrl }];
    bundle.entry!.push(consent);

    const sent = await postBundle(server.url, token, bundle);
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.deepEqual(sent.body.entry.map((e: any) => e.response.status), ['202 Accepted', '202 Accepted', '201 Created', '201 Created', '202 Accepted'], 'the Consent, last, kept');
    const [row] = await referralsOf(taskIdOf(bundle));
    const kept = (row.supporting as { resourceType: string }[]).find((r) => r.resourceType === 'Consent');
    assert.deepEqual(kept, consent.resource);
    assert.deepEqual((row.service_request as any).supportingInfo, [{ reference: consent.fullUrl }]);
  });

  it('a ServiceRequest naming a Careweave Patient: matched when the client may see it; a restricted child or another division’s patient is refused as unknown', async () => {
    const direct = gravityReferralBundle({ ownerDivisionUid: franklin, subject: `Patient/${known.patient_uid}` });
    const sent = await postBundle(server.url, token, direct);
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.equal((await referralsOf(taskIdOf(direct)))[0].patient_uid, known.patient_uid);
    const otherDivision = await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', summit).executeTakeFirstOrThrow();
    for (const hidden of [facts.restricted.mine, facts.adoption[0], otherDivision.patient_uid]) {
      const bundle = gravityReferralBundle({ ownerDivisionUid: franklin, subject: `Patient/${hidden}` });
      const refused = await postBundle(server.url, token, bundle);
      assert.equal(refused.status, 422, JSON.stringify(refused.body));
      assert.equal(refused.body.resourceType, 'OperationOutcome');
      assert.deepEqual(refused.body.issue[0].expression, ['ServiceRequest.subject']);
      assert.equal((await referralsOf(taskIdOf(bundle))).length, 0, 'nothing stored');
    }
  });

  it('refuses what is not a referral it may send, naming the element, and stores nothing', async () => {
    const cases: [string, (b: any) => unknown, number, string][] = [
      ['not valid R4 (an unknown element)', (b) => ({ ...b, entry: b.entry.map((e: any) => (e.resource.resourceType === 'Task' ? { ...e, resource: { ...e.resource, colour: 'blue' } } : e)) }), 400, 'colour'],
      ['not valid R4 (a malformed date)', (b) => ({ ...b, entry: b.entry.map((e: any) => (e.resource.resourceType === 'Patient' ? { ...e, resource: { ...e.resource, birthDate: '12/04/1988' } } : e)) }), 400, 'birthDate'],
      ['a batch, not a transaction', (b) => ({ ...b, type: 'batch' }), 422, 'Bundle.type'],
      ['another division’s Task', (b) => ({ ...b, entry: b.entry.map((e: any) => (e.resource.resourceType === 'Task' ? { ...e, resource: { ...e.resource, owner: { reference: `Organization/${summit}` } } } : e)) }), 422, '.owner'],
      ['a ServiceRequest without a patient', (b) => ({ ...b, entry: b.entry.map((e: any) => (e.resource.resourceType === 'ServiceRequest' ? { ...e, resource: { ...e.resource, subject: undefined } } : e)) }), 400, 'subject'],
      ['a Task not requested', (b) => ({ ...b, entry: b.entry.map((e: any) => (e.resource.resourceType === 'Task' ? { ...e, resource: { ...e.resource, status: 'completed' } } : e)) }), 422, '.status'],
      ['a Task without an identifier', (b) => ({ ...b, entry: b.entry.map((e: any) => (e.resource.resourceType === 'Task' ? { ...e, resource: { ...e.resource, identifier: undefined } } : e)) }), 422, '.identifier'],
      ['a resource a referral does not hold', (b) => ({ ...b, entry: [...b.entry, { fullUrl: 'urn:uuid:1', resource: { resourceType: 'Observation', status: 'final', code: { text: 'x' } }, request: { method: 'POST', url: 'Observation' } }] }), 422, 'Bundle.entry[4].resource'],
      ['a name longer than Careweave keeps', (b) => ({ ...b, entry: b.entry.map((e: any) => (e.resource.resourceType === 'Patient' ? { ...e, resource: { ...e.resource, name: [{ family: 'x'.repeat(101), given: ['A'] }] } } : e)) }), 422, 'name.family'],
      ['two Tasks', (b) => ({ ...b, entry: [...b.entry, { ...b.entry[b.entry.length - 1], fullUrl: `urn:uuid:${crypto.randomUUID()}` }] }), 422, 'Bundle.entry'],
    ];
    for (const [what, change, status, element] of cases) {
      const bundle = gravityReferralBundle({ ownerDivisionUid: franklin });
      const refused = await postBundle(server.url, token, change(bundle));
      assert.equal(refused.status, status, `${what}: ${JSON.stringify(refused.body)}`);
      assert.equal(refused.body.resourceType, 'OperationOutcome', what);
      assert.ok(
        refused.body.issue.some((i: any) => (i.expression ?? []).some((x: string) => x.includes(element))),
        `${what}: an issue names ${element}: ${JSON.stringify(refused.body.issue)}`,
      );
      assert.doesNotMatch(JSON.stringify(refused.body), /\bselect\b|node_modules|\.ts:\d+/, what);
      assert.equal((await referralsOf(taskIdOf(bundle))).length, 0, `${what}: nothing stored`);
    }
    for (const body of ['{"resourceType": "Bundle", ', '[]', '{"resourceType": "Patient"}']) {
      const refused = await postBundle(server.url, token, body);
      assert.equal(refused.status, 400, body);
      assert.equal(refused.body.resourceType, 'OperationOutcome');
    }
  });

  it('needs Task and ServiceRequest create scopes, and a token', async () => {
    const readOnly = await tokenFor(client, 'system/Patient.rs system/Task.rs');
    const bundle = gravityReferralBundle({ ownerDivisionUid: franklin });
    assert.equal((await postBundle(server.url, readOnly, bundle)).status, 403);
    const taskOnly = await tokenFor(client, 'system/Task.c');
    assert.equal((await postBundle(server.url, taskOnly, bundle)).status, 403, 'creating the ServiceRequest needs its scope too');
    const none = await fetch(`${server.url}/fhir`, { method: 'POST', headers: { 'content-type': 'application/fhir+json' }, body: JSON.stringify(bundle) });
    assert.equal(none.status, 401);
    assert.equal((await referralsOf(taskIdOf(bundle))).length, 0);
  });
});

describe('GET /fhir/Task and ServiceRequest: the referral source polls', () => {
  it('finds its own Tasks by owner and _lastUpdated, valid R4; another client sees none of them', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const bundle = gravityReferralBundle({ ownerDivisionUid: franklin });
    const sent = await postBundle(server.url, token, bundle);
    const taskId = sent.body.entry[3].response.location.slice('Task/'.length);
    const requestId = sent.body.entry[2].response.location.slice('ServiceRequest/'.length);

    const polled = await fhirGet(server.url, `/Task?owner=Organization/${franklin}&_lastUpdated=gt${encodeURIComponent(since)}`, token);
    assert.equal(polled.status, 200, JSON.stringify(polled.body));
    assertValidR4(polled.body);
    const task = polled.body.entry.find((e: any) => e.resource.id === taskId)?.resource;
    assert.ok(task, 'the new Task is among what changed');
    assert.equal(task.status, 'received');
    assert.deepEqual(task.owner.reference, `Organization/${franklin}`);
    assert.deepEqual(task.focus, { reference: `ServiceRequest/${requestId}` });
    assert.equal(task.for.display, 'Lucia Maria Ortega', 'not yet a Careweave record: the person as sent');
    assert.deepEqual(task.identifier, [{ system: EXAMPLE_TASK_SYSTEM, value: taskIdOf(bundle) }]);

    const later = await fhirGet(server.url, `/Task?_lastUpdated=gt${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`, token);
    assert.equal(later.body.entry, undefined, 'nothing changed after now');
    const byIdentifier = await fhirGet(server.url, `/Task?identifier=${encodeURIComponent(`${EXAMPLE_TASK_SYSTEM}|${taskIdOf(bundle)}`)}`, token);
    assert.deepEqual(byIdentifier.body.entry.map((e: any) => e.resource.id), [taskId]);
    assert.equal((await fhirGet(server.url, `/Task?status=completed&_id=${taskId}`, token)).body.entry, undefined);

    const withRequest = await fhirGet(server.url, `/Task?_id=${taskId}&_include=Task:focus`, token);
    assert.equal(withRequest.status, 200, JSON.stringify(withRequest.body));
    assertValidR4(withRequest.body);
    assert.deepEqual(
      withRequest.body.entry.map((e: any) => [e.resource.resourceType, e.resource.id, e.search.mode]),
      [['Task', taskId, 'match'], ['ServiceRequest', requestId, 'include']],
      'the Task and, included, its ServiceRequest',
    );
    assert.match(withRequest.body.link[0].url, /_include=Task%3Afocus/);
    const unknownInclude = await fhirGet(server.url, '/Task?_include=Task:owner', token);
    assert.equal(unknownInclude.status, 400);
    assert.deepEqual(unknownInclude.body.issue[0].expression, ['_include']);

    const request = await fhirGet(server.url, `/ServiceRequest/${requestId}`, token);
    assert.equal(request.status, 200, JSON.stringify(request.body));
    assertValidR4(request.body);
    assert.deepEqual([request.body.status, request.body.priority, request.body.code.coding[0].code, request.body.authoredOn], ['active', 'urgent', '467771000124109', '2026-11-30']);
    assert.deepEqual(request.body.reasonCode, [{ text: 'Food insecurity' }]);

    // Another client of the same division: none of this client's referrals.
    const other = await server.db
      .transaction()
      .execute((trx) => createFhirClient(trx, COMMAND_ACTOR, client.orgUid, { name: 'Other EHR', jwks: JSON.stringify(keys.jwks), scopes: ['system/Task.rs', 'system/ServiceRequest.rs'], divisionUids: [franklin] }));
    const otherToken = await tokenFor(other, 'system/Task.rs system/ServiceRequest.rs');
    assert.equal((await fhirGet(server.url, `/Task/${taskId}`, otherToken)).status, 404);
    assert.equal((await fhirGet(server.url, `/ServiceRequest/${requestId}`, otherToken)).status, 404);
    assert.equal((await fhirGet(server.url, '/Task', otherToken)).body.entry, undefined);
  });
});

describe('the answer: staff accept, reject or complete on the record; the EHR reads it on the Task', () => {
  const answer = (user: LoggedIn, id: string, attributes: Record<string, unknown>) =>
    call(server.url, `/api/ehr-referrals/${id}/status`, { method: 'PUT', body: { data: { type: 'ehr-referrals', id, attributes } }, token: user.token });

  async function linkedReferral(): Promise<string> {
    const sent = await postBundle(server.url, token, gravityReferralBundle({ ownerDivisionUid: franklin, subject: `Patient/${known.patient_uid}` }));
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    return sent.body.entry.find((e: any) => e.response.location?.startsWith('Task/')).response.location.slice('Task/'.length);
  }

  it('accepted, then completed with what was done: each a Task status the EHR polls, an activity-log entry, and the inbound referral out of New', async () => {
    const id = await linkedReferral();
    const listed = await call(server.url, `/api/patients/${known.patient_uid}/ehr-referrals`, { token: nav.token });
    assert.equal(listed.status, 200, listed.text);
    const row = listed.body.data.find((r: any) => r.id === id);
    assert.deepEqual([row.attributes.status, row.attributes.status_label, row.attributes.next_statuses, row.attributes.from_system_name], ['received', 'Received', ['accepted', 'rejected'], 'Riverside EHR']);
    assert.deepEqual(row.attributes.codes, ['Assistance with application for food pantry program (SNOMED CT 467771000124109)', 'Food insecurity (SNOMED CT 733423003)'], 'what is asked for and why, with their codes');

    const accepted = await answer(nav, id, { status: 'accepted' });
    assert.equal(accepted.status, 200, accepted.text);
    assert.deepEqual(accepted.body.data.attributes.next_statuses, ['in-progress', 'completed', 'rejected']);
    let task = (await fhirGet(server.url, `/Task/${id}`, token)).body;
    assertValidR4(task);
    assert.deepEqual([task.status, task.businessStatus.text], ['accepted', 'Accepted']);

    const noOutput = await answer(nav, id, { status: 'completed' });
    assert.equal(noOutput.status, 422);
    assert.deepEqual(noOutput.body.errors, [{ field: 'data.attributes.output', message: 'Required' }]);
    const completed = await answer(nav, id, { status: 'completed', output: 'Enrolled in the Mid-Ohio food pantry program; first pickup Dec 8.' });
    assert.equal(completed.status, 200, completed.text);
    task = (await fhirGet(server.url, `/Task?_id=${id}&status=completed`, token)).body.entry[0].resource;
    assertValidR4(task);
    assert.equal(task.status, 'completed');
    assert.deepEqual(task.output[0].valueReference, { display: 'Enrolled in the Mid-Ohio food pantry program; first pickup Dec 8.' });
    assert.equal((await fhirGet(server.url, `/ServiceRequest/${task.focus.reference.slice('ServiceRequest/'.length)}`, token)).body.status, 'completed');

    const [stored] = await server.db.selectFrom('fhir_referral').select('inbound_referral_uid').where('referral_uid', '=', id).execute();
    const inbound = await server.db.selectFrom('inbound_referral').select('status').where('referral_uid', '=', stored.inbound_referral_uid ?? '').executeTakeFirstOrThrow();
    assert.equal(inbound.status, 'Completed', 'out of New Referrals');
    const log = await server.db.selectFrom('audit_entry').select(['action', 'message']).where('target_uid', '=', id).where('action', '=', 'ChangedReferralStatus').orderBy('audit_uid').execute();
    assert.equal(log.length, 2);
    assert.ok(log.every((e) => /set the Assistance with application for food pantry program referral from Riverside EHR to (Accepted|Completed)$/.test(e.message ?? '')), JSON.stringify(log));

    const again = await answer(nav, id, { status: 'accepted' });
    assert.equal(again.status, 422, 'completed is final');
    assert.deepEqual(again.body.errors, [{ field: 'data.attributes.status', message: "Not allowed from the referral's current status" }]);
  });

  it('rejected with a reason from the value set: the Task’s statusReason and businessStatus', async () => {
    const id = await linkedReferral();
    assert.deepEqual((await answer(nav, id, { status: 'rejected' })).body.errors, [{ field: 'data.attributes.status_reason', message: 'Required' }]);
    assert.equal((await answer(nav, id, { status: 'rejected', status_reason: 'because' })).status, 422);
    const rejected = await answer(nav, id, { status: 'rejected', status_reason: 'out-of-area' });
    assert.equal(rejected.status, 200, rejected.text);
    const task = (await fhirGet(server.url, `/Task/${id}`, token)).body;
    assertValidR4(task);
    assert.equal(task.status, 'rejected');
    assert.deepEqual(task.statusReason.coding[0], { system: 'https://careweave.org/fhir/CodeSystem/referral-rejection-reason', code: 'out-of-area', display: 'Outside the service area' });
    assert.equal(task.businessStatus.text, 'Rejected: Outside the service area');
  });

  it('only staff who may open the record answer: another division gets 404, CIT staff 403', async () => {
    const id = await linkedReferral();
    const elsewhere = await login(server.url, 'navigator');
    const inSummit = await call(server.url, '/api/session/current', { method: 'PUT', token: elsewhere.token, body: { data: { attributes: { current_division_uid: summit } } } });
    const summitNav = { ...elsewhere, token: inSummit.body.data.attributes.token };
    assert.equal((await answer(summitNav, id, { status: 'accepted' })).status, 404);
    assert.equal((await call(server.url, `/api/patients/${known.patient_uid}/ehr-referrals`, { token: summitNav.token })).status, 404);
    assert.equal((await answer(await login(server.url, 'cit'), id, { status: 'accepted' })).status, 403);
    assert.equal((await answer(nav, crypto.randomUUID(), { status: 'accepted' })).status, 404);
    assert.equal((await fhirGet(server.url, `/Task/${id}`, token)).body.status, 'received', 'unchanged');
  });
});

describe('PUT /fhir/Task/{id}: the source cancels its referral, and nothing else', () => {
  const put = (id: string, task: unknown, bearer = token) =>
    fetch(`${server.url}/fhir/Task/${id}`, { method: 'PUT', headers: { 'content-type': 'application/fhir+json', authorization: `Bearer ${bearer}` }, body: JSON.stringify(task) }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

  it('cancelled while open: off Referrals To Link, final for staff; another status, another client or a finished referral is refused', async () => {
    const sent = await postBundle(server.url, token, gravityReferralBundle({ ownerDivisionUid: franklin }));
    const id = sent.body.entry.find((e: any) => e.response.location?.startsWith('Task/')).response.location.slice('Task/'.length);
    const task = (await fhirGet(server.url, `/Task/${id}`, token)).body;

    const completedByEhr = await put(id, { ...task, status: 'completed' });
    assert.equal(completedByEhr.status, 422, JSON.stringify(completedByEhr.body));
    assert.deepEqual(completedByEhr.body.issue[0].expression, ['Task.status']);
    assert.equal((await put(id, { ...task, id: crypto.randomUUID(), status: 'cancelled' })).status, 400, 'the id in the body is the one in the URL');
    assert.equal((await put(id, { ...task, status: 'cancelled' }, await tokenFor(client, 'system/Task.rs'))).status, 403, 'needs Task.u');

    const cancelled = await put(id, { ...task, status: 'cancelled', statusReason: { text: 'Patient moved out of state' } });
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    assertValidR4(cancelled.body);
    assert.deepEqual([cancelled.body.status, cancelled.body.businessStatus.text], ['cancelled', 'Cancelled: Patient moved out of state']);
    assert.equal((await put(id, { ...task, status: 'cancelled' })).status, 200, 'the same again changes nothing');
    assert.equal((await put(id, { ...task, status: 'requested' })).status, 422, 'cancelled is final');
    const waiting = await call(server.url, '/api/incoming-referrals', { token: nav.token });
    assert.ok(!waiting.body.data.some((r: any) => r.id === id), 'no longer offered to link');

    const onRecord = await postBundle(server.url, token, gravityReferralBundle({ ownerDivisionUid: franklin, subject: `Patient/${known.patient_uid}` }));
    const linkedId = onRecord.body.entry.find((e: any) => e.response.location?.startsWith('Task/')).response.location.slice('Task/'.length);
    const linkedTask = (await fhirGet(server.url, `/Task/${linkedId}`, token)).body;
    assert.equal((await put(linkedId, { ...linkedTask, status: 'cancelled' })).status, 200);
    const staff = await call(server.url, `/api/ehr-referrals/${linkedId}/status`, { method: 'PUT', body: { data: { type: 'ehr-referrals', id: linkedId, attributes: { status: 'accepted' } } }, token: nav.token });
    assert.equal(staff.status, 422, 'staff cannot answer a cancelled referral');
    const listed = await call(server.url, `/api/patients/${known.patient_uid}/ehr-referrals`, { token: nav.token });
    assert.deepEqual(listed.body.data.find((r: any) => r.id === linkedId).attributes.next_statuses, []);
    const log = await server.db.selectFrom('audit_entry').select(['message', 'user_uid']).where('target_uid', '=', linkedId).where('action', '=', 'ChangedReferralStatus').executeTakeFirstOrThrow();
    assert.deepEqual([log.message, log.user_uid], ['Riverside EHR cancelled the Assistance with application for food pantry program referral', client.userUid]);

    const other = await server.db
      .transaction()
      .execute((trx) => createFhirClient(trx, COMMAND_ACTOR, client.orgUid, { name: 'Fourth EHR', jwks: JSON.stringify(keys.jwks), scopes: ['system/Task.ru'], divisionUids: [franklin] }));
    assert.equal((await put(linkedId, { ...linkedTask, status: 'cancelled' }, await tokenFor(other, 'system/Task.ru'))).status, 404, 'another client’s Task is not known');
  });
});

describe('Subscription (REST-hook): the EHR is told of each change, from the outbox, retried until it answers', () => {
  interface Hooked {
    method: string;
    url: string;
    authorization: string | undefined;
    body: any;
  }
  const hooked: Hooked[] = [];
  let failNext = 0;
  let hook: http.Server;
  let hookUrl: string;

  before(async () => {
    hook = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        if (failNext > 0) {
          failNext -= 1;
          response.writeHead(503).end();
          return;
        }
        hooked.push({ method: request.method!, url: request.url!, authorization: request.headers.authorization, body: body ? JSON.parse(body) : null });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
  });
  after(async () => {
    resetClock();
    hook.closeAllConnections();
    await new Promise((resolve) => hook.close(resolve));
  });

  const subscription = (extra: Record<string, unknown> = {}, channel: Record<string, unknown> = {}) => ({
    resourceType: 'Subscription',
    status: 'requested',
    reason: 'Referral status for the referring clinic',
    criteria: `Task?owner=Organization/${franklin}`,
    channel: { type: 'rest-hook', endpoint: hookUrl, payload: 'application/fhir+json', header: ['Authorization: Bearer hook-secret'], ...channel },
    ...extra,
  });
  const subscribe = (body: unknown, bearer = token) =>
    fetch(`${server.url}/fhir/Subscription`, { method: 'POST', headers: { 'content-type': 'application/fhir+json', authorization: `Bearer ${bearer}` }, body: JSON.stringify(body) });
  /** Runs the outbox until the hook has `count` calls (a failed attempt waits its back-off, 15 s for the first: the clock moves a minute past it). */
  async function deliveredUntil(count: number) {
    for (let round = 0; round < 10 && hooked.length < count; round++) {
      await server.outbox.runOnce();
      if (hooked.length < count) moveClock(60_000);
    }
    assert.equal(hooked.length, count, JSON.stringify(hooked.map((h) => h.url)));
  }

  it('an active Subscription gets each Task change PUT to it, with its header, after a failed attempt; deleted, it gets nothing more', async () => {
    const created = await subscribe(subscription());
    const answer = (await created.json()) as any;
    assert.equal(created.status, 201, JSON.stringify(answer));
    assertValidR4(answer);
    assert.equal(answer.status, 'active');
    assert.equal(created.headers.get('location'), `${tokenUrl.replace('/oauth/token', '/fhir')}/Subscription/${answer.id}`);
    const readBack = await fhirGet(server.url, `/Subscription/${answer.id}`, token);
    assert.equal(readBack.body.id, answer.id, JSON.stringify(readBack.body));

    failNext = 1;
    const sent = await postBundle(server.url, token, gravityReferralBundle({ ownerDivisionUid: franklin, subject: `Patient/${known.patient_uid}` }));
    const taskId = sent.body.entry.find((e: any) => e.response.location?.startsWith('Task/')).response.location.slice('Task/'.length);
    await deliveredUntil(1);
    const waiting = await server.db.selectFrom('outbox').select(['status', 'attempts', 'last_error']).where('channel', '=', 'rest-hook').where('recipient', '=', `${hookUrl}/Task/${taskId}`).execute();
    assert.deepEqual(waiting.map((w) => [w.status, w.attempts]), [['delivered', 2]], 'delivered on the second attempt, never lost');
    assert.deepEqual([hooked[0].method, hooked[0].url, hooked[0].authorization, hooked[0].body.status], ['PUT', `/hook/Task/${taskId}`, 'Bearer hook-secret', 'received']);
    assertValidR4(hooked[0].body);

    const accepted = await call(server.url, `/api/ehr-referrals/${taskId}/status`, { method: 'PUT', body: { data: { type: 'ehr-referrals', id: taskId, attributes: { status: 'accepted' } } }, token: nav.token });
    assert.equal(accepted.status, 200, accepted.text);
    await deliveredUntil(2);
    assert.equal(hooked[1].body.status, 'accepted');
    const completed = await call(server.url, `/api/ehr-referrals/${taskId}/status`, { method: 'PUT', body: { data: { type: 'ehr-referrals', id: taskId, attributes: { status: 'completed', output: 'Enrolled' } } }, token: nav.token });
    assert.equal(completed.status, 200, completed.text);
    await deliveredUntil(3);
    assert.deepEqual([hooked[2].body.status, hooked[2].body.output[0].valueReference.display], ['completed', 'Enrolled']);

    const deleted = await fetch(`${server.url}/fhir/Subscription/${answer.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    assert.equal(deleted.status, 204);
    const gone = await fhirGet(server.url, `/Subscription/${answer.id}`, token);
    assert.deepEqual([gone.status, gone.body.issue[0].code], [410, 'deleted'], 'deleted: gone');
    assert.ok(!(await fhirGet(server.url, '/Subscription', token)).body.entry?.some((e: any) => e.resource.id === answer.id), 'and absent from searches');
    assert.equal((await fetch(`${server.url}/fhir/Subscription/${answer.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })).status, 204, 'deleting again changes nothing');
    await postBundle(server.url, token, gravityReferralBundle({ ownerDivisionUid: franklin, subject: `Patient/${known.patient_uid}` }));
    await server.outbox.runOnce();
    assert.equal(hooked.length, 3, 'off: nothing more');
  });

  it('refuses what it cannot honour, naming the element; another client cannot read or delete it', async () => {
    const cases: [unknown, number, string][] = [
      [subscription({ criteria: `Task?owner=Organization/${summit}` }), 422, 'Subscription.criteria'],
      [subscription({ criteria: 'Patient?name=x' }), 422, 'Subscription.criteria'],
      [subscription({ criteria: `Task?_id=${crypto.randomUUID()}` }), 422, 'Subscription.criteria'],
      [subscription({}, { endpoint: 'http://ehr.example.org/hook' }), 422, 'Subscription.channel.endpoint'],
      [subscription({}, { type: 'email', endpoint: 'mailto:x@example.org' }), 422, 'Subscription.channel.type'],
      [subscription({}, { payload: 'text/plain' }), 422, 'Subscription.channel.payload'],
      [subscription({ end: '2027-01-01T00:00:00Z' }), 422, 'Subscription.end'],
      [subscription({ status: 'off' }), 422, 'Subscription.status'],
      [subscription({ reason: undefined }), 400, 'reason'],
    ];
    for (const [body, status, element] of cases) {
      const refused = await subscribe(body);
      const outcome = (await refused.json()) as any;
      assert.equal(refused.status, status, JSON.stringify(outcome));
      assert.ok(outcome.issue.some((i: any) => (i.expression ?? []).some((x: string) => x.includes(element))), `${element}: ${JSON.stringify(outcome)}`);
    }
    const created = (await (await subscribe(subscription())).json()) as any;
    const other = await server.db
      .transaction()
      .execute((trx) => createFhirClient(trx, COMMAND_ACTOR, client.orgUid, { name: 'Third EHR', jwks: JSON.stringify(keys.jwks), scopes: ['system/Subscription.crds'], divisionUids: [franklin] }));
    const otherToken = await tokenFor(other, 'system/Subscription.crds');
    assert.equal((await fhirGet(server.url, `/Subscription/${created.id}`, otherToken)).status, 404);
    assert.equal((await fetch(`${server.url}/fhir/Subscription/${created.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${otherToken}` } })).status, 404);
    assert.equal((await subscribe(subscription(), await tokenFor(client, 'system/Task.rs'))).status, 403, 'needs Subscription.c');
    await fetch(`${server.url}/fhir/Subscription/${created.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  });
});
