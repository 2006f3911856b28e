import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { COMMAND_ACTOR } from '../../server/admin/admin-audit';
import { createFhirClient } from '../../server/fhir/fhir-clients.repository';
import { gravityReferralBundle } from '../../server/fhir/referral-example';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { clientAssertion, fhirGet, makeFhirKeys, postBundle, requestToken, unsigned } from './support/fhir-client';
import { assertValidR4 } from './support/fhir-validate';
import { call, demoFacts, login } from './support/http';
import { SERVICE_REQUEST_PROFILE, serviceRequestProblems, TASK_PROFILE, taskProblems } from './support/sdohcc-profiles';

/**
 * Issue 35 section 4: the conformance test. Whatever the CapabilityStatement
 * lists, a Backend Services client (a key made here, a jose-signed
 * assertion) reads and searches: every type answers a valid searchset, every
 * search parameter it names finds the resource its value was taken from, and
 * every resource returned validates against R4 with a maintained validator.
 * A type or parameter added to the table without working fails here.
 */

let server: TestServer;
let token: string;
let franklin: string;
/** A patient of the client's division that it may see. */
let patientUid: string;

/** A value of `param` that the resource must match: taken from the resource itself, as a client would read it. */
function valueOf(resource: any, param: string): string | undefined {
  const ref = (r: any) => r?.reference as string | undefined;
  switch (param) {
    case '_id':
      return resource.id;
    case '_lastUpdated':
      return resource.meta?.lastUpdated && `ge${resource.meta.lastUpdated}`;
    case 'patient':
      return ref(resource.subject) ?? ref(resource.patient) ?? ref(resource.for);
    case 'identifier': {
      const i = resource.identifier?.[0];
      return i && `${i.system}|${i.value}`;
    }
    case 'name':
      return resource.resourceType === 'Patient' ? resource.name?.[0]?.family : typeof resource.name === 'string' ? resource.name.split(' ')[0] : (resource.name?.[0]?.family ?? resource.name?.[0]?.text?.split(' ')[0]);
    case 'family':
      return resource.name?.[0]?.family;
    case 'given':
      return resource.name?.[0]?.given?.[0];
    case 'birthdate':
      return resource.birthDate;
    case 'owner':
      return ref(resource.owner);
    case 'status':
      return resource.status;
    default:
      return undefined;
  }
}

before(async () => {
  server = await startTestServer();
  const facts = await demoFacts(server.db);
  franklin = facts.divisionUids[0];
  const orgUid = (await server.db.selectFrom('division').select('org_uid').where('division_uid', '=', franklin).executeTakeFirstOrThrow()).org_uid;
  const keys = await makeFhirKeys('RS384');
  const scopes = 'system/*.rs system/ServiceRequest.c system/Task.cu system/Subscription.c';
  const client = await server.db.transaction().execute((trx) => createFhirClient(trx, COMMAND_ACTOR, orgUid, { name: 'Conformance EHR', jwks: JSON.stringify(keys.jwks), scopes: scopes.split(' '), divisionUids: [franklin] }));
  const tokenUrl = ((await (await fetch(`${server.url}/fhir/.well-known/smart-configuration`)).json()) as { token_endpoint: string }).token_endpoint;
  const granted = await requestToken(server.url, await clientAssertion(keys, { iss: client.clientId, aud: tokenUrl }), scopes);
  assert.equal(granted.status, 200, JSON.stringify(granted.body));
  token = granted.body.access_token as string;
  // The types only a client's own writes fill: a referral on a record, and a Subscription.
  patientUid = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', franklin).where('restricted_flag', '=', '0').where('adoption_case', '=', false).orderBy('patient_uid').executeTakeFirstOrThrow()).patient_uid;
  assert.equal((await postBundle(server.url, token, gravityReferralBundle({ ownerDivisionUid: franklin, subject: `Patient/${patientUid}` }))).status, 200);
  await server.db.insertInto('patient_identifier').values({ patient_uid: patientUid, system: 'https://ehr.example.org/fhir/mrn', value: 'MRN-CONFORMANCE' }).execute();
  const subscribed = await fetch(`${server.url}/fhir/Subscription`, {
    method: 'POST',
    headers: { 'content-type': 'application/fhir+json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ resourceType: 'Subscription', status: 'requested', reason: 'Conformance', criteria: 'Task', channel: { type: 'rest-hook', endpoint: 'https://ehr.example.org/hook' } }),
  });
  assert.equal(subscribed.status, 201);
});
after(() => server?.stop());

describe('conformance: everything the CapabilityStatement lists', () => {
  it('the CapabilityStatement is valid R4, and every type it lists reads and searches by every parameter it names', async () => {
    const metadata = await fhirGet(server.url, '/metadata');
    assert.equal(metadata.status, 200);
    assertValidR4(metadata.body);
    const types: { type: string; searchParam: { name: string }[]; searchInclude?: string[] }[] = metadata.body.rest[0].resource;
    assert.ok(types.length >= 14, 'every resource type of issue 35 section 1');
    for (const { type, searchParam, searchInclude } of types) {
      const all = await fhirGet(server.url, `/${type}?_count=100`, token);
      assert.equal(all.status, 200, `${type}: ${JSON.stringify(all.body)}`);
      assertValidR4(all.body);
      assert.ok(all.body.entry?.length, `${type}: the client sees at least one`);
      const first = all.body.entry[0].resource;
      assert.equal(first.resourceType, type);

      const read = await fhirGet(server.url, `/${type}/${first.id}`, token);
      assert.equal(read.status, 200, `${type} read`);
      assertValidR4(read.body);
      assert.deepEqual(unsigned(read.body), unsigned(first), `${type}: read and search answer the same resource`);

      for (const include of searchInclude ?? []) {
        const withIncluded = await fhirGet(server.url, `/${type}?_include=${encodeURIComponent(include)}&_count=100`, token);
        assert.equal(withIncluded.status, 200, `${type}?_include=${include}`);
        assertValidR4(withIncluded.body);
        assert.ok(withIncluded.body.entry.some((e: any) => e.search.mode === 'include'), `${type}?_include=${include} includes what the matches refer to`);
      }
      for (const { name } of searchParam) {
        const sample = all.body.entry.map((e: any) => e.resource).find((r: any) => valueOf(r, name));
        assert.ok(sample, `${type}?${name}: a resource of the page has a value for it (or valueOf does not know the parameter)`);
        const value = valueOf(sample, name)!;
        const found = await fhirGet(server.url, `/${type}?${name}=${encodeURIComponent(value)}&_count=100`, token);
        assert.equal(found.status, 200, `${type}?${name}=${value}: ${JSON.stringify(found.body)}`);
        assertValidR4(found.body);
        assert.ok(
          found.body.entry?.some((e: any) => e.resource.id === sample.id),
          `${type}?${name}=${value} finds the resource the value was taken from`,
        );
      }
    }
  });
});

describe('the SDOHCC profiles a referral’s Task and ServiceRequest claim', () => {
  /** Sends a referral for the patient; answers its Task's and ServiceRequest's ids. */
  async function send(change: (request: any) => void = () => undefined) {
    const bundle = gravityReferralBundle({ ownerDivisionUid: franklin, subject: `Patient/${patientUid}` });
    change(bundle.entry!.find((e) => e.resource?.resourceType === 'ServiceRequest')!.resource);
    const sent = await postBundle(server.url, token, bundle);
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const at = (type: string) => sent.body.entry.find((e: any) => e.response.location?.startsWith(`${type}/`)).response.location.slice(type.length + 1) as string;
    return { task: at('Task'), request: at('ServiceRequest') };
  }

  it('the CapabilityStatement names them; each Task and ServiceRequest claims its profile and keeps its key constraints, received, rejected, cancelled and completed', async () => {
    const listed = (await fhirGet(server.url, '/metadata')).body.rest[0].resource;
    const supported = (type: string) => listed.find((r: any) => r.type === type).supportedProfile;
    assert.deepEqual([supported('Task'), supported('ServiceRequest')], [[TASK_PROFILE], [SERVICE_REQUEST_PROFILE]]);

    const nav = await login(server.url, 'navigator');
    const answer = (id: string, attributes: Record<string, unknown>) =>
      call(server.url, `/api/ehr-referrals/${id}/status`, { method: 'PUT', body: { data: { type: 'ehr-referrals', id, attributes } }, token: nav.token });
    const rejected = await send();
    assert.equal((await answer(rejected.task, { status: 'rejected', status_reason: 'no-capacity' })).status, 200);
    const completed = await send();
    assert.equal((await answer(completed.task, { status: 'accepted' })).status, 200);
    assert.equal((await answer(completed.task, { status: 'completed', output: 'Enrolled in the food pantry program' })).status, 200);
    const cancelled = await send();
    const task = (await fhirGet(server.url, `/Task/${cancelled.task}`, token)).body;
    const cancel = await fetch(`${server.url}/fhir/Task/${cancelled.task}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/fhir+json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...task, status: 'cancelled', statusReason: { text: 'The patient moved out of state' } }),
    });
    assert.equal(cancel.status, 200, await cancel.text());
    // An EHR that names no SDOH domain: the guide's category for that.
    const uncategorised = await send((request) => delete request.category);

    const polled = await fhirGet(server.url, '/Task?_include=Task:focus&_count=100', token);
    assert.equal(polled.status, 200, JSON.stringify(polled.body));
    const found = (mode: string) => polled.body.entry.filter((e: any) => e.search.mode === mode).map((e: any) => e.resource);
    const [tasks, requests] = [found('match'), found('include')];
    assert.deepEqual([...new Set(tasks.map((t: any) => t.status))].sort(), ['cancelled', 'completed', 'received', 'rejected']);
    for (const t of tasks) assert.deepEqual(taskProblems(t), [], `Task/${t.id} (${t.status}): ${JSON.stringify(t)}`);
    assert.equal(requests.length, tasks.length);
    for (const r of requests) assert.deepEqual(serviceRequestProblems(r), [], `ServiceRequest/${r.id}: ${JSON.stringify(r)}`);
    assert.equal(tasks.find((t: any) => t.id === cancelled.task).statusReason.text, 'The patient moved out of state');

    const categories = (id: string) => requests.find((r: any) => r.id === id).category.flatMap((c: any) => c.coding.map((x: any) => x.code));
    assert.deepEqual(categories(uncategorised.request), ['sdoh-category-unspecified']);
    assert.deepEqual(categories(rejected.request), ['food-insecurity'], 'the domain the EHR named, alone');
  });
});
