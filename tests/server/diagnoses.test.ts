import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { DIAGNOSIS_CONFIG_MISSING } from '../../server/diagnoses/diagnoses.routes';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, errorsOf, fieldErrors, login, type DemoFacts, type LoggedIn } from './support/http';

/** What the server logged (its logger writes JSON lines to stderr, server/app.ts) while `work` ran. */
async function logged<T>(work: () => Promise<T>): Promise<{ result: T; lines: Record<string, unknown>[] }> {
  const write = process.stderr.write;
  const chunks: string[] = [];
  process.stderr.write = ((chunk: string | Uint8Array) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  }) as typeof process.stderr.write;
  try {
    const result = await work();
    const lines = chunks.join('').split('\n').flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
    return { result, lines };
  } finally {
    process.stderr.write = write;
  }
}

let server: TestServer;
let facts: DemoFacts;
let nav: LoggedIn;
let identity: LoggedIn;
let patient: string;
let otherDivision: string;
let eventId: string;
let active: string;
let resolved: string;
let provider: string;
/** H66.9 Otitis media, unspecified: takes Right, Left, Bilateral. */
let otitis: string;
/** F90.2 ADHD, combined type: takes no region. */
let adhd: string;
let left: string;
let bilateral: string;

interface Body {
  diagnosis?: string;
  status?: string;
  provider?: string;
  patient?: string | null;
  region?: string | null;
  onset?: string | null;
  primary?: boolean;
  note?: string | null;
}

const payload = (b: Body) => ({
  data: {
    type: 'diagnoses',
    attributes: {
      ref_diagnoses_ids: b.diagnosis === undefined ? [adhd] : b.diagnosis === '' ? [] : [b.diagnosis],
      status_uid: b.status ?? active,
      region_uid: b.region ?? null,
      onset_date: b.onset ?? null,
      is_primary_diagnosis: b.primary ?? false,
      note: b.note ?? null,
    },
    relationships: {
      ...(b.patient !== null && { patient: { data: { type: 'patients', id: b.patient ?? patient } } }),
      provider: { data: { type: 'providers', id: b.provider ?? provider } },
    },
  },
});

const post = (user: LoggedIn | null, b: Body, key: string | null = randomUUID()) =>
  call(server.url, '/api/diagnoses', { body: payload(b), ...(user && { token: user.token }), headers: key ? { 'idempotency-key': key } : {} });
const put = (user: LoggedIn, id: string, b: Body) => call(server.url, `/api/diagnoses/${id}`, { method: 'PUT', body: payload(b), token: user.token });
const get = (user: LoggedIn, path: string) => call(server.url, path, { token: user.token });

before(async () => {
  server = await startTestServer();
  facts = await demoFacts(server.db);
  [nav, identity] = await Promise.all([login(server.url, 'navigator'), login(server.url, 'identity')]);
  const hidden = [facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
  // One without the demo's diagnoses, so the list holds only this test's.
  const diagnosed = (await server.db.selectFrom('patient_diagnosis').select('patient_uid').execute()).map((d) => d.patient_uid);
  patient = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[0]).where('patient_uid', 'not in', [...hidden, ...diagnosed]).orderBy('last_name').executeTakeFirstOrThrow()).patient_uid;
  otherDivision = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[1]).executeTakeFirstOrThrow()).patient_uid;
  provider = (await server.db.selectFrom('provider').innerJoin('app_user as u', 'u.user_uid', 'provider.user_uid').select('provider_uid').where('u.user_name', '=', 'navigator').executeTakeFirstOrThrow()).provider_uid;

  // The form's own calls, as it makes them.
  const events = await get(nav, '/api/reference-event?event-type-name=Diagnosis');
  assert.equal(events.status, 200, events.text);
  assert.equal(events.body.data.length, 1);
  eventId = events.body.data[0].id;
  const statuses = (await get(nav, `/api/reference/events/${eventId}/status`)).body.data;
  active = statuses.find((s: { attributes: { label: string } }) => s.attributes.label === 'Active').id;
  resolved = statuses.find((s: { attributes: { label: string } }) => s.attributes.label === 'Resolved').id;
  const diagnoses = (await get(nav, `/api/reference/events/${eventId}/diagnosis`)).body.data as { id: string; attributes: { name: string; label: string } }[];
  otitis = diagnoses.find((d) => d.attributes.name === 'H66.9')!.id;
  adhd = diagnoses.find((d) => d.attributes.name === 'F90.2')!.id;
  const regions = (await get(nav, `/api/reference-data/region?source=reference-diagnosis&source_uid=${otitis}`)).body.data as { id: string; attributes: { label: string } }[];
  left = regions.find((r) => r.attributes.label === 'Left')!.id;
  bilateral = regions.find((r) => r.attributes.label === 'Bilateral')!.id;
});
after(async () => {
  await server?.stop();
});

describe('diagnosis reference lists', () => {
  it('the Diagnosis event offers at least 200 ICD-10 diagnoses, its statuses, and each diagnosis its own regions', async () => {
    const diagnoses = (await get(nav, `/api/reference/events/${eventId}/diagnosis`)).body.data as { attributes: { name: string; label: string } }[];
    assert.ok(diagnoses.length >= 200, `${diagnoses.length} diagnoses`);
    assert.ok(diagnoses.every((d) => /^[A-Z]\d[0-9A-Z](\.[0-9A-Z]{1,4})?$/.test(d.attributes.name) && d.attributes.label.startsWith(`${d.attributes.name} `)), 'codes and labels');
    assert.ok(diagnoses.some((d) => d.attributes.label === 'F90.2 Attention-deficit hyperactivity disorder, combined type'));
    const statuses = (await get(nav, `/api/reference/events/${eventId}/status`)).body.data.map((s: { attributes: { label: string } }) => s.attributes.label);
    assert.deepEqual(statuses, ['Active', 'Chronic', 'In Remission', 'Resolved', 'Ruled Out', 'Inactive']);
    const regions = async (uid: string) => (await get(nav, `/api/reference-data/region?source=reference-diagnosis&source_uid=${uid}`)).body.data.map((r: { attributes: { label: string } }) => r.attributes.label);
    assert.deepEqual(await regions(otitis), ['Right', 'Left', 'Bilateral']);
    assert.deepEqual(await regions(adhd), []);
    assert.deepEqual(await regions(randomUUID()), []);
  });

  it('refuses a malformed reference call with a 400 or 404, never a 500', async () => {
    assert.deepEqual(errorsOf(await get(nav, '/api/reference-event'), 400), [{ field: 'event-type-name', message: "'event-type-name' is required" }]);
    assert.equal((await get(nav, '/api/reference-event?event-type-name=Nothing')).body.data.length, 0);
    assert.deepEqual(errorsOf(await get(nav, `/api/reference/events/${randomUUID()}/diagnosis`), 404), [{ message: 'Reference event not found' }]);
    assert.equal((await get(nav, '/api/reference/events/nope/status')).status, 404);
    assert.equal((await get(nav, `/api/reference/events/${active}/status`)).status, 404, 'a status is not an event');
    assert.deepEqual(errorsOf(await get(nav, `/api/reference-data/region?source=reference-gender&source_uid=${otitis}`), 400), [{ field: 'source', message: "'source' must be one of reference-diagnosis" }]);
    assert.equal((await get(nav, '/api/reference-data/region?source=reference-diagnosis&source_uid=nope')).status, 400);
    assert.equal((await get(nav, '/api/reference-data/region?source=reference-diagnosis')).status, 400);
    assert.equal((await call(server.url, `/api/reference/events/${eventId}/diagnosis`)).status, 401);
  });

  it('a missing Diagnosis reference configuration is logged as a possible configuration error; the caller gets the empty list and no message', async () => {
    const configured = await logged(() => get(nav, '/api/reference-event?event-type-name=Diagnosis'));
    assert.equal(configured.result.body.data.length, 1);
    assert.deepEqual(configured.lines.filter((l) => l.msg === DIAGNOSIS_CONFIG_MISSING), [], 'nothing logged while it is there');

    const statuses = (await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-status').where('ref_data_type', '=', 'Diagnosis').where('is_active', '=', true).execute()).map((r) => r.uid);
    assert.ok(statuses.length > 0);
    const setActive = (uids: string[], active: boolean) => server.db.updateTable('reference_data').set({ is_active: active }).where('uid', 'in', uids).execute();
    await setActive(statuses, false);
    try {
      const noStatuses = await logged(() => get(nav, `/api/reference/events/${eventId}/status`));
      assert.equal(noStatuses.result.status, 200);
      assert.deepEqual(noStatuses.result.body, { data: [], meta: { total: 0 } });
      assert.deepEqual(
        noStatuses.lines.filter((l) => l.msg === DIAGNOSIS_CONFIG_MISSING).map((l) => [l.level, l.model, l.eventTypeName, l.eventUid]),
        [[50, 'reference-status', 'Diagnosis', eventId]],
      );
    } finally {
      await setActive(statuses, true);
    }

    await setActive([eventId], false);
    try {
      const noEvent = await logged(() => get(nav, '/api/reference-event?event-type-name=Diagnosis'));
      assert.equal(noEvent.result.status, 200);
      assert.deepEqual(noEvent.result.body, { data: [], meta: { total: 0 } });
      assert.deepEqual(noEvent.lines.filter((l) => l.msg === DIAGNOSIS_CONFIG_MISSING).map((l) => [l.level, l.model, l.eventTypeName]), [[50, 'reference-event', 'Diagnosis']]);
      // Another type with no events is not the diagnosis configuration: nothing logged.
      const other = await logged(() => get(nav, '/api/reference-event?event-type-name=Nothing'));
      assert.deepEqual(other.lines.filter((l) => l.msg === DIAGNOSIS_CONFIG_MISSING), []);
    } finally {
      await setActive([eventId], true);
    }
    assert.equal((await get(nav, '/api/reference-event?event-type-name=Diagnosis')).body.data.length, 1);
  });

  it('the external referral form still lists diagnoses', async () => {
    const listed = await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-diagnosis').where('is_active', '=', true).execute();
    assert.ok(listed.length >= 200);
  });
});

describe('diagnoses', () => {
  it('adds a diagnosis, lists primary ones first, edits it, and logs both', async () => {
    const older = await post(nav, { diagnosis: adhd, onset: '2025-02-01', note: 'School report' });
    assert.equal(older.status, 201, older.text);
    const created = await post(nav, { diagnosis: otitis, region: left, onset: '2024-01-10', primary: true });
    assert.equal(created.status, 201, created.text);
    const id = created.body.data.id;
    assert.deepEqual(created.body.data.attributes.diagnosis, { diagnosis_uid: otitis, diagnosis_label: 'H66.9 Otitis media, unspecified', diagnosis_code: 'H66.9' });
    assert.deepEqual(created.body.data.attributes.region, { id: left, region_label: 'Left' });
    assert.deepEqual(created.body.data.attributes.status, { status_uid: active, status_label: 'Active' });
    assert.deepEqual(created.body.data.attributes.provider, { id: provider, display_name: 'Nora Navigator' });
    assert.equal(created.body.data.attributes.is_primary_diagnosis, true);

    const list = await get(nav, `/api/patients/${patient}/diagnoses`);
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.data.map((d: { id: string }) => d.id), [id, older.body.data.id], 'the primary one first though its onset is older');

    const changed = await put(nav, id, { diagnosis: otitis, region: bilateral, status: resolved, onset: '2024-01-10', primary: false, note: 'Cleared' });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.body.data.attributes.region.region_label, 'Bilateral');
    assert.equal(changed.body.data.attributes.status.status_label, 'Resolved');
    assert.equal(changed.body.data.attributes.note, 'Cleared');
    const read = await get(nav, `/api/diagnoses/${id}`);
    assert.equal(read.body.data.attributes.is_primary_diagnosis, false);
    assert.equal(read.body.data.attributes.patient_uid, patient, 'a PUT keeps the patient');
    const relisted = await get(nav, `/api/patients/${patient}/diagnoses`);
    assert.deepEqual(relisted.body.data.map((d: { id: string }) => d.id), [older.body.data.id, id], 'no primary left: newest onset first');

    const audit = await server.db.selectFrom('audit_entry').select(['action', 'message']).where('target_uid', '=', id).orderBy('created_at').execute();
    assert.deepEqual(audit, [
      { action: 'AddedDiagnosis', message: 'Nora Navigator added a diagnosis' },
      { action: 'ChangedDiagnosis', message: 'Nora Navigator changed a diagnosis' },
    ]);
  });

  it('refuses each invalid field with its message and stores nothing', async () => {
    const count = async () => (await server.db.selectFrom('patient_diagnosis').select('diagnosis_uid').execute()).length;
    const before = await count();
    // Spec 001 section 5: diagnosis, status and provider required.
    assert.deepEqual(fieldErrors(await post(nav, { diagnosis: '', status: '', provider: '' })), {
      'data.attributes.ref_diagnoses_ids': 'Required',
      'data.attributes.status_uid': 'Required',
      'data.relationships.provider.data.id': 'Required',
    });
    assert.deepEqual(fieldErrors(await post(nav, { patient: null })), { 'data.relationships.patient.data.id': 'Required' });
    const two = payload({});
    two.data.attributes.ref_diagnoses_ids = [adhd, otitis];
    assert.deepEqual(fieldErrors(await call(server.url, '/api/diagnoses', { body: two, token: nav.token, headers: { 'idempotency-key': randomUUID() } })), {
      'data.attributes.ref_diagnoses_ids': 'Must name exactly one diagnosis',
    });
    assert.deepEqual(fieldErrors(await post(nav, { onset: '2025-02-30', note: 'x'.repeat(5001) })), {
      'data.attributes.onset_date': 'Must be a date',
      'data.attributes.note': 'Must be at most 5000 characters',
    });
    // Choices from another list, a provider of no organisation of the caller's.
    const admitted = (await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-status').where('ref_data_type', '=', 'Admission').executeTakeFirstOrThrow()).uid;
    const gender = (await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-gender').executeTakeFirstOrThrow()).uid;
    const stranger = (await server.db.insertInto('provider').values({ display_name: 'Dr Elsewhere' }).returning('provider_uid').executeTakeFirstOrThrow()).provider_uid;
    assert.deepEqual(fieldErrors(await post(nav, { diagnosis: gender, status: admitted, provider: stranger })), {
      'data.attributes.ref_diagnoses_ids': 'Must be one of the listed options',
      'data.attributes.status_uid': 'Must be one of the listed options',
      'data.relationships.provider.data.id': 'Must be one of the listed options',
    });
    // Spec 001 section 4: a region the diagnosis does not take.
    assert.deepEqual(fieldErrors(await post(nav, { diagnosis: adhd, region: left })), { 'data.attributes.region_uid': 'Must be a region of the chosen diagnosis' });
    assert.deepEqual(fieldErrors(await post(nav, { diagnosis: otitis, region: active })), { 'data.attributes.region_uid': 'Must be a region of the chosen diagnosis' });
    assert.equal((await post(nav, {}, null)).status, 400, 'an Idempotency-Key is required');
    assert.equal(await count(), before);

    const kept = await post(nav, { diagnosis: otitis, region: left });
    assert.deepEqual(fieldErrors(await put(nav, kept.body.data.id, { diagnosis: adhd, region: left })), { 'data.attributes.region_uid': 'Must be a region of the chosen diagnosis' });
    assert.equal((await get(nav, `/api/diagnoses/${kept.body.data.id}`)).body.data.attributes.diagnosis.diagnosis_code, 'H66.9');
  });

  it('the same Idempotency-Key stores one diagnosis', async () => {
    const key = randomUUID();
    const answers = await Promise.all([post(nav, { note: 'Double click' }, key), post(nav, { note: 'Double click' }, key)]);
    assert.deepEqual(answers.map((a) => a.status), [201, 201]);
    assert.equal((await server.db.selectFrom('patient_diagnosis').select('diagnosis_uid').where('note', '=', 'Double click').execute()).length, 1);
  });

  it('refusals: no session 401, a mode that does not edit the record 403, an invisible patient or diagnosis 404 with one answer', async () => {
    assert.equal((await post(null, {})).status, 401);
    assert.equal((await call(server.url, `/api/patients/${patient}/diagnoses`)).status, 401);
    assert.equal((await post(identity, {})).status, 403);
    assert.equal((await get(identity, `/api/patients/${patient}/diagnoses`)).status, 403);
    for (const hidden of [otherDivision, facts.restricted.others[0], facts.adoption[0]]) {
      assert.deepEqual(errorsOf(await post(nav, { patient: hidden }), 404).length, 1, hidden);
      assert.equal((await get(nav, `/api/patients/${hidden}/diagnoses`)).status, 404, hidden);
    }
    const foreign = await server.db
      .insertInto('patient_diagnosis')
      .values({ patient_uid: otherDivision, ref_diagnosis_uid: adhd, status_uid: active, provider_uid: provider })
      .returning('diagnosis_uid')
      .executeTakeFirstOrThrow();
    for (const id of [foreign.diagnosis_uid, randomUUID(), 'nope']) {
      assert.deepEqual(errorsOf(await get(nav, `/api/diagnoses/${id}`), 404), [{ message: 'Diagnosis not found' }], id);
      assert.deepEqual(errorsOf(await put(nav, id, { status: resolved }), 404), [{ message: 'Diagnosis not found' }], id);
    }
    const still = await server.db.selectFrom('patient_diagnosis').select('status_uid').where('diagnosis_uid', '=', foreign.diagnosis_uid).executeTakeFirstOrThrow();
    assert.equal(still.status_uid, active);
  });
});
