import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { COMMAND_ACTOR } from '../../server/admin/admin-audit';
import { COMPARTMENT_SEARCH } from '../../server/fhir/compartment';
import { createFhirClient } from '../../server/fhir/fhir-clients.repository';
import { FHIR_RESOURCE_TYPES } from '../../server/fhir/fhir.routes';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { clientAssertion, fhirGet, makeFhirKeys, requestToken, unsigned } from './support/fhir-client';
import { assertValidR4 } from './support/fhir-validate';
import { demoFacts, type DemoFacts } from './support/http';
import { createOtherOrganization, type OtherOrganization } from './support/other-org';

/**
 * Issue 35 sections 1 and 4: every resource type about a patient, searched
 * and read as a Backend Services client of one division: each answer valid
 * R4, each resource about a patient the client may see, none about a
 * restricted or adoption case or another division's patient.
 */

/** Where each type's rows are (their key, and the column the resource's id is), to give them to patients the client must never see. */
const ROWS_OF: Record<string, { table: string; key: string; id: string }> = {
  Condition: { table: 'patient_diagnosis', key: 'diagnosis_uid', id: 'diagnosis_uid' },
  AllergyIntolerance: { table: 'patient_allergy', key: 'patient_allergy_uid', id: 'patient_allergy_uid' },
  MedicationStatement: { table: 'patient_medication', key: 'patient_medication_uid', id: 'patient_medication_uid' },
  Encounter: { table: 'admission', key: 'admission_uid', id: 'admission_uid' },
  CareTeam: { table: 'provider_patient', key: 'provider_patient_uid', id: 'patient_uid' },
  RelatedPerson: { table: 'care_giver', key: 'care_giver_uid', id: 'care_giver_uid' },
  DocumentReference: { table: 'patient_attachment', key: 'attachment_uid', id: 'attachment_uid' },
};
const COMPARTMENT_TYPES = Object.keys(ROWS_OF);

let server: TestServer;
let facts: DemoFacts;
let token: string;
let visibleIds: Set<string>;
let hidden: string[];
/** A restricted case and an adoption case of the client's division, and a patient of another division: each has a row of every type. */
let unseen: string[];
/** Another organisation, with a provider of its own. */
let other: OtherOrganization;

/** The patient a resource is about. */
const subjectOf = (r: any): string => (r.subject ?? r.patient).reference.replace(/^Patient\//, '');

async function everything(type: string, query = ''): Promise<any[]> {
  const found = [];
  let next: string | undefined = `${server.url}/fhir/${type}?_count=100${query}`;
  while (next) {
    const response: Response = await fetch(next, { headers: { authorization: `Bearer ${token}` } });
    const page = (await response.json()) as any;
    assert.equal(response.status, 200, JSON.stringify(page));
    assertValidR4(page);
    found.push(...(page.entry ?? []).map((e: any) => e.resource));
    next = page.link.find((l: any) => l.relation === 'next')?.url;
  }
  return found;
}

before(async () => {
  server = await startTestServer();
  facts = await demoFacts(server.db);
  const orgUid = (await server.db.selectFrom('division').select('org_uid').where('division_uid', '=', facts.divisionUids[0]).executeTakeFirstOrThrow()).org_uid;
  const keys = await makeFhirKeys();
  const client = await server.db
    .transaction()
    .execute((trx) => createFhirClient(trx, COMMAND_ACTOR, orgUid, { name: 'Resources EHR', jwks: JSON.stringify(keys.jwks), scopes: ['system/*.rs'], divisionUids: [facts.divisionUids[0]] }));
  const tokenUrl = ((await (await fetch(`${server.url}/fhir/.well-known/smart-configuration`)).json()) as { token_endpoint: string }).token_endpoint;
  const answer = await requestToken(server.url, await clientAssertion(keys, { iss: client.clientId, aud: tokenUrl }), 'system/*.rs');
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  token = answer.body.access_token as string;
  hidden = [facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
  const rows = await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[0]).where('patient_uid', 'not in', hidden).execute();
  visibleIds = new Set(rows.map((r) => r.patient_uid));
  other = await createOtherOrganization(server.db);
  const inFranklin = await server.db.selectFrom('patient').select(['patient_uid', 'restricted_flag', 'adoption_case']).where('patient_uid', 'in', hidden).where('division_uid', '=', facts.divisionUids[0]).execute();
  const summit = await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[1]).where('patient_uid', 'not in', hidden).limit(1).executeTakeFirstOrThrow();
  unseen = [inFranklin.find((p) => p.restricted_flag === '1')!.patient_uid, inFranklin.find((p) => p.adoption_case)!.patient_uid, summit.patient_uid];
  // A copy of a visible patient's row for each, with a key of its own.
  for (const { table, key } of Object.values(ROWS_OF)) {
    for (const patientUid of unseen) {
      await sql`insert into ${sql.table(table)}
                select (jsonb_populate_record(null::${sql.table(table)}, to_jsonb(t) || jsonb_build_object(${key}::text, gen_random_uuid(), 'patient_uid', ${patientUid}::uuid))).*
                  from ${sql.table(table)} t where t.patient_uid = any(${[...visibleIds]}::uuid[]) limit 1`.execute(server.db);
    }
  }
});
after(() => server?.stop());

describe('resources about a patient', () => {
  it('the CapabilityStatement lists each with read, search, patient, _id and _lastUpdated', async () => {
    const { body } = await fhirGet(server.url, '/metadata');
    const listed = new Map(body.rest[0].resource.map((r: any) => [r.type, r.searchParam.map((p: any) => p.name)]));
    assert.deepEqual([...listed.keys()], FHIR_RESOURCE_TYPES.map((t) => t.type));
    for (const type of COMPARTMENT_TYPES) assert.deepEqual(listed.get(type), Object.keys(COMPARTMENT_SEARCH), type);
  });

  for (const type of COMPARTMENT_TYPES) {
    it(`${type}: valid R4, only about visible patients of the client's division; by patient, by id and by _lastUpdated`, async () => {
      const all = await everything(type);
      assert.ok(all.length > 0, `the demo has ${type} resources in Franklin`);
      for (const r of all) assert.ok(visibleIds.has(subjectOf(r)), `${type}/${r.id} is about ${subjectOf(r)}`);

      const [first] = all;
      const patient = subjectOf(first);
      const mine = await everything(type, `&patient=Patient/${patient}`);
      assert.ok(mine.length > 0 && mine.every((r) => subjectOf(r) === patient));
      assert.deepEqual(mine.map((r) => r.id).sort(), all.filter((r) => subjectOf(r) === patient).map((r) => r.id).sort());
      assert.deepEqual((await everything(type, `&patient=${server.url}/fhir/Patient/${patient}`)).length, mine.length, 'a full URL reference');

      const read = await fhirGet(server.url, `/${type}/${first.id}`, token);
      assert.equal(read.status, 200);
      assertValidR4(read.body);
      assert.deepEqual(unsigned(read.body), unsigned(first));

      assert.equal((await everything(type, '&_lastUpdated=lt2000-01-01')).length, 0);
      assert.equal((await everything(type, '&_lastUpdated=ge2000-01-01')).length, all.length);
    });

    it(`${type}: nothing about a restricted or adoption case or another division's patient, by search or read`, async () => {
      const { table, id } = ROWS_OF[type];
      const { rows } = await sql<{ id: string; patient_uid: string }>`select ${sql.ref(id)} as id, patient_uid from ${sql.table(table)} where patient_uid = any(${unseen}::uuid[])`.execute(server.db);
      assert.equal(new Set(rows.map((r) => r.patient_uid)).size, unseen.length);
      const all = new Set((await everything(type)).map((r) => r.id));
      for (const row of rows) {
        assert.ok(!all.has(row.id), `${type}/${row.id}`);
        assert.equal((await fhirGet(server.url, `/${type}/${row.id}`, token)).status, 404, `${type}/${row.id}`);
        assert.equal((await everything(type, `&patient=${row.patient_uid}`)).length, 0);
      }
    });
  }

  it('Condition pages one at a time: _count=1 and each Bundle.link next, the search kept in the link, every match once', async () => {
    const perPatient = new Map<string, string[]>();
    for (const r of await everything('Condition')) perPatient.set(subjectOf(r), [...(perPatient.get(subjectOf(r)) ?? []), r.id]);
    const [patient, ids] = [...perPatient].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
    assert.ok(ids && ids.length >= 2, 'the demo has a patient with several diagnoses');
    const seen: string[] = [];
    let next: string | undefined = `${server.url}/fhir/Condition?patient=Patient/${patient}&_count=1`;
    while (next) {
      const response: Response = await fetch(next, { headers: { authorization: `Bearer ${token}` } });
      const page = (await response.json()) as any;
      assert.equal(response.status, 200, JSON.stringify(page));
      assertValidR4(page);
      assert.equal(page.entry.length, 1, next);
      seen.push(page.entry[0].resource.id);
      next = page.link.find((l: any) => l.relation === 'next')?.url;
      if (next) assert.deepEqual([new URL(next).searchParams.get('patient'), new URL(next).searchParams.get('_count')], [`Patient/${patient}`, '1']);
    }
    assert.equal(new Set(seen).size, seen.length, 'each once');
    assert.deepEqual(seen.sort(), [...ids].sort());
  });

  it('each answer is an audit entry per patient naming the client and the resource searched', async () => {
    const conditions = await everything('Condition', `&patient=${[...visibleIds][0]}`);
    const patients = new Set(conditions.map(subjectOf));
    const entries = await server.db
      .selectFrom('audit_entry as a')
      .innerJoin('app_user as u', 'u.user_uid', 'a.user_uid')
      .select(['a.patient_uid', 'u.display_name'])
      .where('a.service_method', '=', 'GET /fhir/Condition')
      .execute();
    for (const p of patients) assert.ok(entries.some((e) => e.patient_uid === p && e.display_name === 'Resources EHR'), p);
  });
});

describe('DocumentReference files', () => {
  it('a stored file is fetched by its short-lived signed link; a changed link is refused', async () => {
    const docs = await everything('DocumentReference');
    const file = docs.find((d) => d.content[0].attachment.contentType);
    assert.ok(file, 'the demo has a stored document file in Franklin');
    const { url, contentType, size } = file.content[0].attachment;
    const download = await fetch(url);
    assert.equal(download.status, 200);
    assert.equal(download.headers.get('content-type'), contentType);
    assert.equal((await download.arrayBuffer()).byteLength, size);
    assert.equal((await fetch(`${url}x`)).status, 403);
  });
});

describe('Organization and Location', () => {
  it('the client sees its organisation and its own divisions, each part of the organisation; not another division', async () => {
    const orgs = await everything('Organization');
    const division = orgs.find((o) => o.id === facts.divisionUids[0]);
    assert.ok(division);
    assert.ok(orgs.some((o) => division.partOf.reference === `Organization/${o.id}`));
    assert.ok(!orgs.some((o) => o.id === facts.divisionUids[1]));
    assert.equal((await fhirGet(server.url, `/Organization/${facts.divisionUids[1]}`, token)).status, 404);
  });

  it('every Location an Encounter names reads; another organisation’s facility does not', async () => {
    const encounters = await everything('Encounter');
    const places = new Set(encounters.flatMap((e) => (e.location ?? []).map((l: any) => l.location.reference.replace(/^Location\//, ''))));
    assert.ok(places.size > 0);
    for (const id of places) {
      const read = await fhirGet(server.url, `/Location/${id}`, token);
      assert.equal(read.status, 200, id);
      assertValidR4(read.body);
    }
    const facility = await server.db.insertInto('facility').values({ facility_name: 'Elsewhere General', org_uid: other.orgUid }).returning('facility_uid').executeTakeFirstOrThrow();
    assert.equal((await fhirGet(server.url, `/Location/${facility.facility_uid}`, token)).status, 404);
    assert.ok(!(await everything('Location', '&name=elsewhere')).length);
  });
});

describe('Organization, Location and Practitioner by _lastUpdated (migration 085)', () => {
  const CHANGED = [
    { type: 'Organization', table: 'division', id: 'division_uid', name: 'division_name' },
    { type: 'Location', table: 'facility', id: 'facility_uid', name: 'facility_name' },
    { type: 'Practitioner', table: 'provider', id: 'provider_uid', name: 'display_name' },
  ] as const;

  for (const { type, table, id, name } of CHANGED) {
    it(`${type}: a change sets meta.lastUpdated, and _lastUpdated=gt finds only what changed since; no patient parameter`, async () => {
      const all = await everything(type);
      assert.ok(all.length > 1 && all.every((r) => typeof r.meta?.lastUpdated === 'string'), `${type}: each has meta.lastUpdated`);
      // An Organization is the client's organisation or one of its divisions (partOf it): the table changed is the division's.
      const target = all.filter((r) => type !== 'Organization' || r.partOf).at(-1);
      const { rows } = await sql<{ since: Date }>`select now() as since`.execute(server.db);
      const since = rows[0].since.toISOString();
      assert.equal((await everything(type, `&_lastUpdated=gt${since}`)).length, 0, 'nothing changed yet');
      await sql`update ${sql.table(table)} set ${sql.ref(name)} = ${sql.ref(name)} || ' (renamed)' where ${sql.ref(id)} = ${target.id}::uuid`.execute(server.db);
      const changed = await everything(type, `&_lastUpdated=gt${since}`);
      assert.deepEqual(changed.map((r) => r.id), [target.id]);
      assert.ok(changed[0].meta.lastUpdated > since, `${changed[0].meta.lastUpdated} after ${since}`);
      assertValidR4(changed[0]);
      assert.equal((await everything(type, `&_lastUpdated=lt${since}`)).length, all.length - 1);
      const byPatient = await fhirGet(server.url, `/${type}?patient=Patient/${facts.restricted.mine}`, token);
      assert.equal(byPatient.status, 400, `${type} is about no patient`);
      await sql`update ${sql.table(table)} set ${sql.ref(name)} = replace(${sql.ref(name)}, ' (renamed)', '') where ${sql.ref(id)} = ${target.id}::uuid`.execute(server.db);
    });
  }
});

describe('Practitioner', () => {
  it('every member a CareTeam names reads as a valid Practitioner of the client’s organisation; another organisation’s is 404', async () => {
    const teams = await everything('CareTeam');
    const members = new Set(teams.flatMap((t) => t.participant.map((p: any) => p.member.reference.replace(/^Practitioner\//, ''))));
    assert.ok(members.size > 0);
    for (const id of [...members].slice(0, 10)) {
      const read = await fhirGet(server.url, `/Practitioner/${id}`, token);
      assert.equal(read.status, 200, id);
      assertValidR4(read.body);
    }
    assert.equal((await fhirGet(server.url, `/Practitioner/${other.navigatorUid}`, token)).status, 404);
    assert.ok(!(await everything('Practitioner', '&name=olive')).some((p) => p.id === other.navigatorUid));
  });
});
