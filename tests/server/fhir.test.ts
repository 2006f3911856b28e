import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createFhirClient, type FhirClient } from '../../server/fhir/fhir-clients.repository';
import { FHIR_CALLS_PER_CLIENT, TOKEN_REQUESTS_PER_ADDRESS } from '../../server/fhir/limits';
import { COMMAND_ACTOR } from '../../server/admin/admin-audit';
import { runAdminCommand } from '../../server/testing/admin-command';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { JWKS_RULE, SYSTEM_SCOPE_RULE } from '../../shared/schemas/fhir-clients';
import { demoFacts, type DemoFacts } from './support/http';
import { clientAssertion, fhirGet, makeFhirKeys, requestToken, type TestFhirClient } from './support/fhir-client';
import { assertValidR4 } from './support/fhir-validate';

/**
 * Issue 35 sections 1, 2 and 4: the FHIR R4 endpoint and SMART Backend
 * Services, called as an EHR would (a key pair made here, jose-signed
 * assertions, inline and published JWKS), and every answer checked against
 * the R4 definitions by a maintained validator.
 */

let server: TestServer;
let facts: DemoFacts;
let orgUid: string;
let tokenUrl: string;
let keys: TestFhirClient;
let client: FhirClient;
let franklinOnly: FhirClient;
/** Patients of Franklin (the client's division) no outside system may see: restricted and adoption cases. */
let hiddenInFranklin: { patient_uid: string; first_name: string; last_name: string }[];
let visible: { patient_uid: string; first_name: string; last_name: string; birth_date: string | null };
let otherDivision: { patient_uid: string; last_name: string };

const register = (jwks: unknown, scopes: string[], divisionUids: string[], name = `Test EHR ${crypto.randomUUID().slice(0, 8)}`) =>
  server.db.transaction().execute((trx) => createFhirClient(trx, COMMAND_ACTOR, orgUid, { name, jwks: JSON.stringify(jwks), scopes, divisionUids }));

async function tokenFor(c: FhirClient, k: TestFhirClient, scope: string): Promise<string> {
  const answer = await requestToken(server.url, await clientAssertion(k, { iss: c.clientId, aud: tokenUrl }), scope);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.access_token as string;
}

before(async () => {
  server = await startTestServer();
  // As a client finds it: the SMART configuration names the token endpoint (the audience of every assertion).
  tokenUrl = ((await (await fetch(`${server.url}/fhir/.well-known/smart-configuration`)).json()) as { token_endpoint: string }).token_endpoint;
  assert.match(tokenUrl, /^http:\/\/localhost:\d+\/oauth\/token$/);
  facts = await demoFacts(server.db);
  orgUid = (await server.db.selectFrom('division').select('org_uid').where('division_uid', '=', facts.divisionUids[0]).executeTakeFirstOrThrow()).org_uid;
  keys = await makeFhirKeys('ES384');
  client = await register(keys.jwks, ['system/Patient.rs'], [facts.divisionUids[0]]);
  franklinOnly = client;
  const hidden = [facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
  hiddenInFranklin = await server.db
    .selectFrom('patient')
    .select(['patient_uid', 'first_name', 'last_name'])
    .where('patient_uid', 'in', hidden)
    .where('division_uid', '=', facts.divisionUids[0])
    .execute();
  assert.ok(hiddenInFranklin.length >= 2, 'the demo has restricted or adoption cases in Franklin');
  visible = await server.db
    .selectFrom('patient')
    .select(['patient_uid', 'first_name', 'last_name', 'birth_date'])
    .where('division_uid', '=', facts.divisionUids[0])
    .where('patient_uid', 'not in', hidden)
    .where('birth_date', 'is not', null)
    // None of the demo EHR's MRNs: the identifier search below expects the one it stores alone.
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('patient_identifier as i').select('i.patient_uid').whereRef('i.patient_uid', '=', 'patient.patient_uid'))))
    .orderBy('patient_uid')
    .limit(1)
    .executeTakeFirstOrThrow();
  otherDivision = await server.db.selectFrom('patient').select(['patient_uid', 'last_name']).where('division_uid', '=', facts.divisionUids[1]).where('patient_uid', 'not in', hidden).orderBy('patient_uid').limit(1).executeTakeFirstOrThrow();
});
after(() => server?.stop());

describe('POST /oauth/token (SMART Backend Services)', () => {
  it('gives a short-lived token for the asked-for scopes the registration allows, never cached', async () => {
    const answer = await requestToken(server.url, await clientAssertion(keys, { iss: client.clientId, aud: tokenUrl }), 'system/Patient.rs system/Task.cru');
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.token_type, 'bearer');
    assert.equal(answer.body.expires_in, 300);
    assert.equal(answer.body.scope, 'system/Patient.rs', 'Task was not allowed to this client');
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    const stored = await server.db.selectFrom('fhir_token').select(['token_hash', 'scopes']).where('client_id', '=', client.clientId).execute();
    assert.ok(stored.every((t) => t.token_hash !== answer.body.access_token), 'only the hash is kept');
  });

  it('takes an RS384 key published at a JWKS address', async () => {
    const rsa = await makeFhirKeys('RS384');
    const jwksServer = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rsa.jwks)));
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    try {
      const jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/jwks.json`;
      const published = await server.db
        .transaction()
        .execute((trx) => createFhirClient(trx, COMMAND_ACTOR, orgUid, { name: 'Published Keys EHR', jwksUrl, scopes: ['system/Patient.read'], divisionUids: [facts.divisionUids[0]] }));
      const token = await tokenFor(published, rsa, 'system/Patient.read');
      assert.equal((await fhirGet(server.url, `/Patient/${visible.patient_uid}`, token)).status, 200);
    } finally {
      jwksServer.close();
    }
  });

  it('refuses an expired assertion, one that lives over five minutes, a replayed one, a wrong audience, a wrong key, another client, and scopes it may not have', async () => {
    const refused = async (assertion: string, scope = 'system/Patient.rs') => {
      const answer = await requestToken(server.url, assertion, scope);
      assert.equal(answer.headers.get('cache-control'), 'no-store');
      return [answer.status, answer.body.error];
    };
    assert.deepEqual(await refused(await clientAssertion(keys, { iss: client.clientId, aud: tokenUrl, expiresIn: -120 })), [401, 'invalid_client']);
    assert.deepEqual(await refused(await clientAssertion(keys, { iss: client.clientId, aud: tokenUrl, expiresIn: 900 })), [401, 'invalid_client']);
    const once = await clientAssertion(keys, { iss: client.clientId, aud: tokenUrl });
    assert.equal((await requestToken(server.url, once, 'system/Patient.rs')).status, 200);
    assert.deepEqual(await refused(once), [401, 'invalid_client'], 'a jti is used once');
    assert.deepEqual(await refused(await clientAssertion(keys, { iss: client.clientId, aud: `${server.url}/fhir` })), [401, 'invalid_client']);
    assert.deepEqual(await refused(await clientAssertion(await makeFhirKeys('ES384'), { iss: client.clientId, aud: tokenUrl })), [401, 'invalid_client']);
    assert.deepEqual(await refused(await clientAssertion(keys, { iss: client.clientId, sub: crypto.randomUUID(), aud: tokenUrl })), [401, 'invalid_client']);
    assert.deepEqual(await refused(await clientAssertion(keys, { iss: crypto.randomUUID(), aud: tokenUrl })), [401, 'invalid_client']);
    assert.deepEqual(await refused('not.a.jwt'), [401, 'invalid_client']);
    assert.deepEqual(await refused(await clientAssertion(keys, { iss: client.clientId, aud: tokenUrl }), 'system/Task.cru system/*.rs patient/Patient.rs'), [400, 'invalid_scope']);
    const wrongGrant = await fetch(tokenUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=password&username=a' });
    assert.deepEqual([wrongGrant.status, ((await wrongGrant.json()) as { error: string }).error], [400, 'unsupported_grant_type']);
  });

  it('two uses of one assertion at the same time: one token', async () => {
    const assertion = await clientAssertion(keys, { iss: client.clientId, aud: tokenUrl });
    const answers = await Promise.all(Array.from({ length: 6 }, () => requestToken(server.url, assertion, 'system/Patient.rs')));
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 401, 401, 401, 401, 401]);
  });
});

describe('GET /fhir/metadata and the SMART configuration', () => {
  it('lists Patient read and search with its parameters, and the token endpoint; valid R4', async () => {
    const { status, body, headers } = await fhirGet(server.url, '/metadata');
    assert.equal(status, 200);
    assert.match(headers.get('content-type') ?? '', /^application\/fhir\+json/);
    assertValidR4(body);
    assert.equal(body.fhirVersion, '4.0.1');
    const [rest] = body.rest;
    const patient = rest.resource.find((r: any) => r.type === 'Patient');
    assert.deepEqual(
      [patient.interaction.map((i: any) => i.code), patient.searchParam.map((p: any) => p.name)],
      [['read', 'search-type'], ['_id', 'identifier', 'name', 'family', 'given', 'birthdate', '_lastUpdated']],
    );
    assert.equal(rest.security.extension[0].extension[0].valueUri, tokenUrl);
  });

  it('.well-known/smart-configuration names the token endpoint, private_key_jwt and the two algorithms', async () => {
    const response = await fetch(`${server.url}/fhir/.well-known/smart-configuration`);
    assert.equal(response.status, 200);
    const config = (await response.json()) as Record<string, unknown>;
    assert.equal(config.token_endpoint, tokenUrl);
    assert.deepEqual(config.token_endpoint_auth_methods_supported, ['private_key_jwt', 'none'], 'none: the public apps of the standalone launch (tests/server/smart-apps.test.ts)');
    assert.deepEqual(config.token_endpoint_auth_signing_alg_values_supported, ['RS384', 'ES384']);
    assert.deepEqual(config.grant_types_supported, ['client_credentials', 'authorization_code', 'refresh_token']);
    assert.ok((config.capabilities as string[]).includes('client-confidential-asymmetric'));
  });
});

describe('Patient read and search', () => {
  let token: string;
  before(async () => {
    token = await tokenFor(client, keys, 'system/Patient.rs');
  });

  it('reads a patient of the client’s division: valid R4, names and birth date, no identity-mode facts', async () => {
    const { status, body } = await fhirGet(server.url, `/Patient/${visible.patient_uid}`, token);
    assert.equal(status, 200);
    assertValidR4(body);
    assert.equal(body.id, visible.patient_uid);
    assert.equal(body.name[0].family, visible.last_name);
    assert.equal(body.name[0].given[0], visible.first_name);
    assert.equal(body.birthDate, visible.birth_date);
    const text = JSON.stringify(body);
    for (const word of ['custody', 'restricted', 'sacwis', 'note', 'legal']) assert.ok(!text.toLowerCase().includes(word), word);
  });

  it('every search in the CapabilityStatement answers a valid searchset Bundle with a self link', async () => {
    const stored = await server.db.insertInto('patient_identifier').values({ patient_uid: visible.patient_uid, system: 'urn:oid:1.2.3.4.5', value: 'MRN-0042' }).returning('patient_uid').executeTakeFirstOrThrow();
    const year = visible.birth_date!.slice(0, 4);
    const searches: [string, boolean][] = [
      [`_id=${visible.patient_uid}`, true],
      ['identifier=urn:oid:1.2.3.4.5|MRN-0042', true],
      ['identifier=MRN-0042', true],
      ['identifier=urn:oid:9.9|MRN-0042', false],
      [`name=${encodeURIComponent(visible.first_name.slice(0, 3).toLowerCase())}`, true],
      [`family=${encodeURIComponent(visible.last_name)}`, true],
      [`given=${encodeURIComponent(visible.first_name)}`, true],
      [`birthdate=${visible.birth_date}`, true],
      [`birthdate=ge${year}&birthdate=lt${Number(year) + 1}`, true],
      ['_lastUpdated=gt2000-01-01T00:00:00Z', true],
      ['_lastUpdated=lt2000-01-01', false],
    ];
    for (const [query, finds] of searches) {
      const { status, body } = await fhirGet(server.url, `/Patient?${query}&_count=100`, token);
      assert.equal(status, 200, `${query}: ${JSON.stringify(body)}`);
      assertValidR4(body);
      assert.equal(body.type, 'searchset');
      assert.equal(body.link[0].relation, 'self');
      assert.equal(body.entry?.some((e: any) => e.resource.id === stored.patient_uid) ?? false, finds, query);
    }
    const { body } = await fhirGet(server.url, `/Patient?identifier=MRN-0042`, token);
    assert.deepEqual(body.entry[0].resource.identifier, [{ system: 'urn:oid:1.2.3.4.5', value: 'MRN-0042' }]);
  });

  it('pages with _count and a next link until the last page, each patient once', async () => {
    const seen: string[] = [];
    let next: string | undefined = `${server.url}/fhir/Patient?_count=7`;
    while (next) {
      const response = await fetch(next, { headers: { authorization: `Bearer ${token}` } });
      const page = (await response.json()) as any;
      assertValidR4(page);
      seen.push(...(page.entry ?? []).map((e: any) => e.resource.id));
      next = page.link.find((l: any) => l.relation === 'next')?.url;
      if (next) assert.equal((page.entry ?? []).length, 7);
    }
    const expected = await server.db
      .selectFrom('patient')
      .select('patient_uid')
      .where('division_uid', '=', facts.divisionUids[0])
      .where('restricted_flag', '<>', '1')
      .where('adoption_case', '=', false)
      .execute();
    assert.equal(new Set(seen).size, seen.length);
    assert.deepEqual(seen.sort(), expected.map((r) => r.patient_uid).sort());
  });

  it('a name search pages through its matches once each in the names\' order, and a second name= narrows it (both names must match)', async () => {
    const all = async (query: string) => {
      const seen: string[] = [];
      let next: string | undefined = `${server.url}/fhir/Patient?${query}&_count=2`;
      while (next) {
        const page = (await (await fetch(next, { headers: { authorization: `Bearer ${token}` } })).json()) as any;
        seen.push(...(page.entry ?? []).map((e: any) => e.resource.id));
        next = page.link.find((l: any) => l.relation === 'next')?.url;
      }
      return seen;
    };
    const starts = (name: string | null, p: string) => (name ?? '').toLowerCase().split(/[\s-]+/).some((w) => w.startsWith(p));
    const inNameOrder = await server.db
      .selectFrom('patient')
      .select(['patient_uid', 'first_name', 'middle_name', 'last_name'])
      .where('division_uid', '=', facts.divisionUids[0])
      .where('restricted_flag', '<>', '1')
      .where('adoption_case', '=', false)
      .orderBy('last_name')
      .orderBy('first_name')
      .orderBy(sql`birth_date asc nulls last`)
      .orderBy('patient_uid')
      .execute();
    // The commonest two letters starting a last name: several pages whichever patients the demo made this time.
    const prefixes = new Map<string, number>();
    for (const p of inNameOrder) {
      const two = p.last_name.slice(0, 2).toLowerCase();
      if (/^\p{L}{2}$/u.test(two)) prefixes.set(two, (prefixes.get(two) ?? 0) + 1);
    }
    const prefix = [...prefixes].sort((a, b) => b[1] - a[1])[0][0];
    const byName = await all(`name=${encodeURIComponent(prefix)}`);
    const expected = inNameOrder.filter((p) => [p.first_name, p.middle_name, p.last_name].some((n) => starts(n, prefix)));
    assert.ok(expected.length > 2, 'more than one page');
    assert.equal(new Set(byName).size, byName.length, 'each patient once');
    assert.deepEqual(byName, expected.map((p) => p.patient_uid), "in the names' order, page after page");
    const one = expected[expected.length - 1];
    const given = one.first_name.slice(0, 3).toLowerCase();
    const both = await all(`name=${encodeURIComponent(prefix)}&name=${encodeURIComponent(given)}`);
    assert.ok(both.includes(one.patient_uid));
    assert.ok(both.every((id) => byName.includes(id)));
    assert.deepEqual(both.sort(), expected.filter((p) => [p.first_name, p.middle_name, p.last_name].some((n) => starts(n, given))).map((p) => p.patient_uid).sort());
  });

  it('restricted and adoption patients and another division’s are 404 on read and absent from name searches', async () => {
    for (const p of hiddenInFranklin) {
      assert.equal((await fhirGet(server.url, `/Patient/${p.patient_uid}`, token)).status, 404, p.patient_uid);
      const { body } = await fhirGet(server.url, `/Patient?family=${encodeURIComponent(p.last_name)}`, token);
      assert.ok(!(body.entry ?? []).some((e: any) => e.resource.id === p.patient_uid), p.last_name);
      const byName = await fhirGet(server.url, `/Patient?name=${encodeURIComponent(p.first_name)}&_count=100`, token);
      assert.ok(!(byName.body.entry ?? []).some((e: any) => e.resource.id === p.patient_uid));
    }
    const other = await fhirGet(server.url, `/Patient/${otherDivision.patient_uid}`, token);
    assert.equal(other.status, 404);
    assertValidR4(other.body);
    assert.equal(other.body.resourceType, 'OperationOutcome');
    assert.equal((await fhirGet(server.url, `/Patient?_id=${otherDivision.patient_uid}`, token)).body.entry, undefined);
    assert.equal((await fhirGet(server.url, '/Patient/not-a-uuid', token)).status, 404);
  });

  it('never finds a child by the SACWIS id', async () => {
    const child = await server.db.selectFrom('patient').select(['patient_uid', 'sacwis_person_id']).where('sacwis_person_id', 'is not', null).where('division_uid', '=', facts.divisionUids[0]).limit(1).executeTakeFirst();
    if (!child) return;
    const id = child.sacwis_person_id!;
    for (const query of [`name=${id}`, `identifier=${id}`, `family=${id}`]) {
      assert.equal((await fhirGet(server.url, `/Patient?${query}`, token)).body.entry, undefined, query);
    }
  });

  it('writes a ViewedPatient audit entry for each patient answered, naming the client', async () => {
    await fhirGet(server.url, `/Patient/${visible.patient_uid}`, token);
    const entry = await server.db
      .selectFrom('audit_entry')
      .select(['user_uid', 'division_uid', 'service_method', 'message'])
      .where('patient_uid', '=', visible.patient_uid)
      .where('action', '=', 'ViewedPatient')
      .where('user_uid', '=', client.userUid)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    assert.equal(entry.service_method, 'GET /fhir/Patient/:id');
    assert.equal(entry.division_uid, facts.divisionUids[0]);
    assert.match(entry.message ?? '', new RegExp(`^${client.displayName} `));
  });

  it('refuses a call without a token (401), with a bad or expired one (401) and with too narrow a scope (403), as OperationOutcomes', async () => {
    const none = await fhirGet(server.url, '/Patient');
    assert.equal(none.status, 401);
    assert.equal(none.headers.get('www-authenticate'), 'Bearer');
    assertValidR4(none.body);
    const bad = await fhirGet(server.url, '/Patient', 'made-up-token');
    assert.equal(bad.status, 401);
    const narrow = await tokenFor(franklinOnly, keys, 'system/Patient.r');
    assert.equal((await fhirGet(server.url, `/Patient/${visible.patient_uid}`, narrow)).status, 200);
    const search = await fhirGet(server.url, '/Patient', narrow);
    assert.equal(search.status, 403);
    assert.equal(search.body.issue[0].code, 'forbidden');
    // The same token once its 300 seconds are over.
    const hash = crypto.createHash('sha256').update(narrow).digest('base64url');
    await server.db.updateTable('fhir_token').set({ expires_at: sql<Date>`now() - interval '1 second'` }).where('token_hash', '=', hash).execute();
    const expired = await fhirGet(server.url, `/Patient/${visible.patient_uid}`, narrow);
    assert.equal(expired.status, 401);
    assert.equal(expired.headers.get('www-authenticate'), 'Bearer error="invalid_token"');
    assertValidR4(expired.body);
  });

  it('an unknown search parameter is a 400 naming it, unless Prefer: handling=lenient; bad values are 400s', async () => {
    const strict = await fhirGet(server.url, '/Patient?colour=blue', token);
    assert.equal(strict.status, 400);
    assertValidR4(strict.body);
    assert.deepEqual(strict.body.issue[0].expression, ['colour']);
    const lenient = await fhirGet(server.url, `/Patient?colour=blue&_id=${visible.patient_uid}`, token, { prefer: 'handling=lenient' });
    assert.equal(lenient.status, 200);
    assert.equal(lenient.body.entry.length, 1);
    assert.ok(!lenient.body.link[0].url.includes('colour'), 'the self link holds what was understood');
    for (const query of ['birthdate=yesterday', '_count=many', '_lastUpdated=2020-13-01', `name=${'x'.repeat(300)}`]) {
      const answer = await fhirGet(server.url, `/Patient?${query}`, token);
      assert.equal(answer.status, 400, query);
      assert.equal(answer.body.resourceType, 'OperationOutcome');
    }
    const unknownType = await fhirGet(server.url, '/Basic', token);
    assert.equal(unknownType.status, 404);
    assert.equal(unknownType.body.resourceType, 'OperationOutcome');
  });

  it('a client past its allowance of calls gets 429 with Retry-After, as does an address asking too many tokens', async () => {
    const k = await makeFhirKeys();
    const busy = await register(k.jwks, ['system/Patient.rs'], [facts.divisionUids[0]]);
    const t = await tokenFor(busy, k, 'system/Patient.rs');
    const fill = (bucket: string, hits: number) =>
      sql`insert into rate_limit (bucket, window_start, hits) values (${bucket}, date_trunc('minute', now()), ${hits})
          on conflict (bucket, window_start) do update set hits = excluded.hits`.execute(server.db);
    await fill(`fhir:client:${busy.clientId}`, FHIR_CALLS_PER_CLIENT.limit);
    const throttled = await fhirGet(server.url, '/Patient', t);
    assert.equal(throttled.status, 429);
    assert.equal(throttled.headers.get('retry-after'), String(FHIR_CALLS_PER_CLIENT.windowSeconds));
    assertValidR4(throttled.body);
    assert.equal(throttled.body.issue[0].code, 'throttled');
    assert.equal((await fhirGet(server.url, '/Patient?_count=1', token)).status, 200, 'another client is not held back');

    const bucket = 'fhir-token:addr:127.0.0.1';
    await fill(bucket, TOKEN_REQUESTS_PER_ADDRESS.limit);
    try {
      const answer = await requestToken(server.url, await clientAssertion(k, { iss: busy.clientId, aud: tokenUrl }), 'system/Patient.rs');
      assert.equal(answer.status, 429);
      assert.equal(answer.headers.get('retry-after'), String(TOKEN_REQUESTS_PER_ADDRESS.windowSeconds));
    } finally {
      await server.db.deleteFrom('rate_limit').where('bucket', '=', bucket).execute();
    }
  });

  it('a client turned off loses its tokens at once', async () => {
    const k = await makeFhirKeys();
    const leaving = await register(k.jwks, ['system/Patient.rs'], [facts.divisionUids[0]]);
    const t = await tokenFor(leaving, k, 'system/Patient.rs');
    await server.db.updateTable('fhir_client').set({ is_active: false }).where('client_id', '=', leaving.clientId).execute();
    assert.equal((await fhirGet(server.url, '/Patient', t)).status, 401);
  });
});

describe('npm run admin -- add-fhir-client', () => {
  const env = () => ({ databaseUrl: server.connectionString, publicUrl: 'https://care.county.test' });

  it('registers a client for two divisions from a JWKS file, audited as the command, and prints its id and token URL', async () => {
    const k = await makeFhirKeys('RS384');
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fhir-client-'));
    const file = path.join(dir, 'jwks.json');
    await fs.writeFile(file, JSON.stringify(k.jwks));
    try {
      const made = await runAdminCommand(env(), ['add-fhir-client', '--name', 'County Hospital EHR', '--jwks-file', file, '--scopes', 'system/Patient.rs system/Task.cru', '--division', 'Franklin County Care', '--division', 'summit county care']);
      assert.equal(made.code, 0, made.stderr);
      const id = /Client id: +([0-9a-f-]{36})\n/.exec(made.stdout)?.[1];
      assert.ok(id, made.stdout);
      assert.match(made.stdout, /Token URL: +https:\/\/care\.county\.test\/oauth\/token\n/);
      assert.match(made.stdout, /FHIR base URL: +https:\/\/care\.county\.test\/fhir\n/);
      const stored = await server.db.selectFrom('fhir_client').selectAll().where('client_id', '=', id).executeTakeFirstOrThrow();
      assert.deepEqual([stored.display_name, stored.scopes, [...stored.division_uids].sort()], ['County Hospital EHR', ['system/Patient.rs', 'system/Task.cru'], [...facts.divisionUids].sort()]);
      const entry = await server.db.selectFrom('admin_audit_entry').selectAll().where('action', '=', 'CreatedFhirClient').where('target_uid', '=', id).executeTakeFirstOrThrow();
      assert.equal(entry.actor_name, 'npm run admin');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a private key, a user scope, a missing key source and an unknown division, saying which option', async () => {
    const { privateKey } = await makeFhirKeys('ES384');
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fhir-client-'));
    const file = path.join(dir, 'private.json');
    const { exportJWK } = await import('jose');
    await fs.writeFile(file, JSON.stringify({ keys: [await exportJWK(privateKey)] }));
    try {
      const leaked = await runAdminCommand(env(), ['add-fhir-client', '--name', 'X', '--jwks-file', file, '--scopes', 'system/Patient.rs', '--division', 'Franklin County Care']);
      assert.equal(leaked.code, 1);
      assert.ok(leaked.stderr.includes(`--jwks-file: ${JWKS_RULE}`), leaked.stderr);
      const scope = await runAdminCommand(env(), ['add-fhir-client', '--name', 'X', '--jwks-url', 'https://ehr.test/jwks', '--scopes', 'user/Patient.rs', '--division', 'Franklin County Care']);
      assert.equal(scope.code, 2);
      assert.ok(scope.stderr.includes(SYSTEM_SCOPE_RULE), scope.stderr);
      const keyless = await runAdminCommand(env(), ['add-fhir-client', '--name', 'X', '--scopes', 'system/Patient.rs', '--division', 'Franklin County Care']);
      assert.equal(keyless.code, 1);
      assert.ok(keyless.stderr.includes('--jwks-file: Required'), keyless.stderr);
      const nowhere = await runAdminCommand(env(), ['add-fhir-client', '--name', 'X', '--jwks-url', 'https://ehr.test/jwks', '--scopes', 'system/Patient.rs', '--division', 'Nowhere Care']);
      assert.equal(nowhere.code, 1);
      assert.match(nowhere.stderr, /No division is named "Nowhere Care"/);
      const twice = await runAdminCommand(env(), ['add-ehr', '--issuer', 'https://x.test/fhir', '--client-id', 'c', '--mrn-system', 'urn:x', '--division', 'A', '--division', 'B']);
      assert.equal(twice.code, 2);
      assert.match(twice.stderr, /add-ehr takes one --division/);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
