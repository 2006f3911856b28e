import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify from 'fastify';
import { ErrorDocument, Obj, Text } from '../../server/api-docs/json-api';
import { callKey, callRules } from '../../server/api-docs/call-rules';
import { describeRoutes, withSchemas } from '../../server/api-docs/route-schemas';
import { checkAnswers } from '../../server/api-docs/strict-answers';
import { publicRoute } from '../../server/security/access';
import { declaredRoutes } from '../../server/security/access';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { answersBreakingDocument } from '../e2e/support/openapi-check';
import { call, login } from './support/http';

/** `/api/notes/:id` as OpenAPI writes it: `/api/notes/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

describe('the OpenAPI document (issue 37 section 3)', () => {
  let server: TestServer;
  let document: any;
  before(async () => {
    server = await startTestServer();
    document = (await call(server.url, '/api/openapi.json')).body;
  });
  after(async () => {
    await server?.stop();
  });

  it('is valid OpenAPI 3.1', async () => {
    assert.equal(document.openapi, '3.1.0');
    const result = await new Validator().validate(document);
    assert.deepEqual(result.errors ?? [], [], 'the validator found errors');
    assert.equal(result.valid, true);
  });

  it('every API route declares what it answers, and the document has every one of them', () => {
    const documented = new Set(Object.entries(document.paths as Record<string, object>).flatMap(([url, operations]) => Object.keys(operations).map((m) => `${m.toUpperCase()} ${url}`)));
    const missing = declaredRoutes.filter((r) => r.url.startsWith('/api/') && r.url !== '/api/openapi.json' && !documented.has(`${r.method} ${openApiPath(r.url)}`)).map((r) => `${r.method} ${r.url}`);
    assert.deepEqual(missing, []);
  });

  it('shows a body as the shared schema reads it, in snake_case, with what it requires', () => {
    const body = document.paths['/api/notes'].post.requestBody.content['application/json'].schema;
    const attributes = body.properties.data.properties.attributes;
    assert.deepEqual(attributes.required, ['note', 'activity_date']);
    assert.deepEqual(Object.keys(attributes.properties), ['note_type', 'note', 'activity_date', 'session_duration_minutes']);
    assert.deepEqual(attributes.properties.session_duration_minutes.type, ['integer', 'null']);
    // A referral's required fields depend on what was chosen: the document shows its fields, with those every referral requires.
    const referral = document.paths['/api/ext/{instance}'].post.requestBody.content['application/json'].schema;
    assert.ok(referral.properties.last_name && referral.properties.mobile_number && referral.properties.from_provider_uid, JSON.stringify(referral).slice(0, 200));
  });

  it('lists every error an API route answers as the one errors document', () => {
    const answers = document.paths['/api/notes/{id}'].get.responses;
    assert.ok(answers['200'].content['application/json'].schema.properties.data);
    assert.deepEqual(Object.keys(answers['4XX'].content['application/json'].schema), ['$ref']);
    assert.ok(document.components.schemas.ErrorDocument.properties.errors);
  });

  it("shows each call's rules from docs/api.md, and every call docs/api.md names exists", () => {
    assert.match(document.paths['/api/b2w/validate'].post.description, /Too many wrong codes/);
    const routes = declaredRoutes.map((r) => callKey(r.method, r.url));
    const rows = callRules(resolve(import.meta.dirname, '../../docs/api.md')).rows();
    const unknown = rows.filter((row) => !routes.some((route) => route === row.key || row.family.test(route))).map((row) => row.key);
    assert.deepEqual(unknown, [], 'docs/api.md names calls no route answers');
  });

  it('leaves out what is not the JSON API: pages, /fhir, the metrics', () => {
    assert.ok(Object.keys(document.paths).every((url) => url.startsWith('/api/')));
  });

  it("the e2e run's check finds an answer the document does not describe: an undeclared member, a route or a status it lacks", async () => {
    const navigator = await login(server.url, 'navigator');
    const queues = await call(server.url, '/api/queues', { token: navigator.token });
    const withExtra = { ...queues.body, data: queues.body.data.map((q: object) => ({ ...q, secret: 'x' })) };
    const log = (route: string, status: number, body: unknown) => JSON.stringify({ method: 'GET', route, status, body: JSON.stringify(body) });
    const file = join(await mkdtemp(join(tmpdir(), 'openapi-check-')), 'answers.ndjson');
    await writeFile(file, [log('/api/queues', 200, queues.body), log('/api/queues', 200, withExtra), log('/api/nowhere', 200, {}), log('/api/queues', 202, queues.body)].join('\n'));
    const problems = answersBreakingDocument(document, file);
    assert.equal(problems.length, 3, problems.join('\n'));
    assert.match(problems[0], /^GET \/api\/queues 200: .*additional properties/);
    assert.match(problems[1], /^GET \/api\/nowhere 200: not in the OpenAPI document/);
    assert.match(problems[2], /^GET \/api\/queues 202: not in the OpenAPI document/);
  });

  it('a demo install shows the viewer to anyone', async () => {
    const page = await fetch(`${server.url}/api/docs/`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /swagger/i);
  });
});

describe('a real install shows its API to administrators only (API_DOCS=admin)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ API_DOCS: 'admin' });
  });
  after(async () => {
    await server?.stop();
  });

  it('answers 404 to a visitor and to a navigator, and the document to an administrator', async () => {
    assert.equal((await call(server.url, '/api/openapi.json')).status, 404);
    assert.equal((await fetch(`${server.url}/api/docs/`)).status, 404);
    const navigator = await login(server.url, 'navigator');
    assert.equal((await call(server.url, '/api/openapi.json', { token: navigator.token })).status, 404);
    const admin = await login(server.url, 'admin');
    const answer = await call(server.url, '/api/openapi.json', { token: admin.token });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.openapi, '3.1.0');
    assert.equal((await fetch(`${server.url}/api/docs/`, { headers: { authorization: `Bearer ${admin.token}` } })).status, 200);
  });
});

describe('an answer is written from its schema', () => {
  /** A route that answers with one member more than it declares, or with a null where text is declared. */
  async function appWith(strict: boolean, answer: unknown) {
    const app = Fastify();
    app.addSchema(ErrorDocument);
    await app.register(async (api) => {
      describeRoutes(api);
      if (strict) checkAnswers(api);
      api.get('/thing', withSchemas(publicRoute, { 200: Obj({ name: Text() }) }), async () => answer);
    });
    return app;
  }

  it('sends only the members the schema names: a column added to a query later is not sent', async () => {
    const app = await appWith(false, { name: 'Ana', ssn: '123-45-6789' });
    const answer = await app.inject('/thing');
    assert.equal(answer.body, '{"name":"Ana"}');
    await app.close();
  });

  it('in the test servers, an answer that breaks its schema is a 500 naming it, not a member quietly dropped or a null sent as ""', async () => {
    for (const body of [{ name: 'Ana', ssn: '123-45-6789' }, { name: null }]) {
      const app = await appWith(true, body);
      const answer = await app.inject('/thing');
      assert.equal(answer.statusCode, 500, JSON.stringify(body));
      await app.close();
    }
    const good = await appWith(true, { name: 'Ana' });
    assert.equal((await good.inject('/thing')).body, '{"name":"Ana"}');
    await good.close();
  });

  it('a route that declares no answers stops the server from starting', async () => {
    const app = Fastify();
    app.addSchema(ErrorDocument);
    app.register(async (api) => {
      describeRoutes(api);
      api.get('/thing', publicRoute, async () => ({ name: 'Ana' }));
    });
    await assert.rejects(async () => void (await app.ready()), /API route GET \/thing declares no answers/);
    await app.close();
  });
});
