import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Struct } from 'superstruct';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { DEMO_HWC_CODES } from '../../server/db/seed/hwc';
import { bucketKey, READABLE_BUCKET_VALUE } from '../../server/security/rate-limit';
import { JSON_LIMITS } from '../../server/security/json-limits';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { camelKeys, snakeCase, snakeKeys } from '../../shared/casing';
import * as audit from '../../shared/schemas/audit';
import * as auth from '../../shared/schemas/auth';
import * as b2w from '../../shared/schemas/b2w';
import * as cit from '../../shared/schemas/cit';
import * as ext from '../../shared/schemas/ext-referral';
import * as hwc from '../../shared/schemas/hwc';
import * as patientSearch from '../../shared/schemas/patient-search';
import * as reminders from '../../shared/schemas/reminders';
import * as support from '../../shared/schemas/support';
import { assertNoInternals, call, errorsOf, login, type Answer, type LoggedIn } from './support/http';

let server: TestServer;
let admin: LoggedIn;
let ipCounter = 0;
/** A fresh client address per request, so per-address rate limits do not stop the fuzz before the body is read. */
const nextIp = () => `10.77.${Math.floor(++ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;

before(async () => {
  process.env.TRUST_PROXY = '1';
  server = await startTestServer();
  admin = await login(server.url, 'admin');
});
after(async () => {
  await server?.stop();
});

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/**
 * Text that does not compress (PostgreSQL compresses a repeated letter under
 * its index limits); `wide` draws 3-byte CJK characters, the most bytes per character.
 */
function noise(length: number, seed = 7, wide = false): string {
  let x = seed;
  let out = '';
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out += wide ? String.fromCharCode(0x4e00 + ((x >>> 0) % 20_000)) : LETTERS[(x >>> 0) % LETTERS.length];
  }
  return out;
}
const nested = (levels: number, open = '{"a":', close = '}') => open.repeat(levels) + '1' + close.repeat(levels);
const post = (path: string, rawBody: string, headers: Record<string, string> = {}) =>
  call(server.url, path, { rawBody, headers: { 'x-forwarded-for': nextIp(), 'idempotency-key': randomUUID(), ...headers } });

describe('JSON limits at the edge', () => {
  it('10,000 levels of nesting are a 400 without internals, signed in or not', async () => {
    for (const rawBody of [nested(10_000), nested(10_000, '[', ']'), `{"data":{"attributes":${nested(10_000)}}}`]) {
      assert.deepEqual(errorsOf(await post('/api/auth/login', rawBody), 400), [{ message: `The request body is nested more than ${JSON_LIMITS.depth} levels deep` }]);
      errorsOf(await call(server.url, '/api/audit', { token: admin.token, rawBody }), 400);
    }
  });

  it(`nesting up to ${JSON_LIMITS.depth} levels passes the edge to the route's own checks`, async () => {
    const answer = await post('/api/auth/login', `{"user_name":"x","password":"y","extra":${nested(JSON_LIMITS.depth - 1)}}`);
    assert.deepEqual(errorsOf(answer, 422).map((e) => e.field), ['extra']);
  });

  it(`a key longer than ${JSON_LIMITS.keyLength} characters is a 400`, async () => {
    const body = JSON.stringify({ user_name: 'admin', password: 'x', ['k'.repeat(JSON_LIMITS.keyLength + 1)]: 1 });
    assert.deepEqual(errorsOf(await post('/api/auth/login', body), 400), [{ message: `A key in the request body is longer than ${JSON_LIMITS.keyLength} characters` }]);
    const deepKey = JSON.stringify({ data: { attributes: { ['k'.repeat(5_000)]: 'x' } } });
    errorsOf(await call(server.url, '/api/reminders', { token: admin.token, rawBody: deepKey }), 400);
  });

  it(`a string longer than ${JSON_LIMITS.stringLength} characters is a 413, wherever it sits`, async () => {
    const message = `A text value in the request body is longer than ${JSON_LIMITS.stringLength} characters`;
    const long = 'x'.repeat(JSON_LIMITS.stringLength + 1);
    assert.deepEqual(errorsOf(await post('/api/support-request/submit', JSON.stringify({ data: { comment: long } })), 413), [{ message }]);
    errorsOf(await post('/api/support-request/submit', JSON.stringify({ data: [[[long]]] })), 413);
    errorsOf(await post('/api/auth/login', JSON.stringify({ user_name: 'x', password: 'y', [`n${'é'.repeat(50)}`]: long })), 413);
  });
});

describe('bounded fields', () => {
  it('a 5,000-character user name or password on sign-in is a 422, not a 500', async () => {
    const name = await post('/api/auth/login', JSON.stringify({ user_name: noise(5_000), password: 'careweave-demo' }));
    assert.deepEqual(errorsOf(name, 422), [{ field: 'user_name', message: 'Must be at most 100 characters' }]);
    const password = await post('/api/auth/login', JSON.stringify({ user_name: 'admin', password: noise(5_000) }));
    assert.deepEqual(errorsOf(password, 422), [{ field: 'password', message: 'Must be at most 200 characters' }]);
  });

  it('a 5,000-character e-mail on the support form is a 422 on the field', async () => {
    const email = `${noise(5_000)}@example.test`;
    const answer = await post('/api/support-request/submit', JSON.stringify({ data: { user_email: email, issue_type: 'Other Help', comment: 'Hello' } }));
    assert.deepEqual(errorsOf(answer, 422), [{ field: 'data.user_email', message: 'Must be at most 254 characters' }]);
  });

  it('a 900 KB name on the public forms is refused before it is stored', async () => {
    const huge = 'N'.repeat(900 * 1024);
    const hwc = await post('/api/handle_with_care/submit', JSON.stringify({ officer_name: 'Officer Kim', child_first_name: huge, child_last_name: 'Long' }), { authorization: DEMO_HWC_CODES.franklin });
    errorsOf(hwc, 413);
    const cit = await post('/api/cit/oh/submit', JSON.stringify({ code: 'OH-DEMO-PD', officer_name: 'Officer Riley', first_name: huge }));
    errorsOf(cit, 413);
    assert.equal((await server.db.selectFrom('hwc_patient').select('hwc_patient_uid').where('child_last_name', '=', 'Long').execute()).length, 0);
  });

  it('a name just over its bound is a 422 on the field, the message the form shows', async () => {
    const answer = await post(
      '/api/handle_with_care/submit',
      JSON.stringify({ officer_name: 'Officer Kim', child_first_name: 'n'.repeat(101), child_last_name: 'Long', child_birth_date: '2015-04-10', facility_name: 'School', child_age: 10 }),
      { authorization: DEMO_HWC_CODES.franklin },
    );
    assert.deepEqual(errorsOf(answer, 422), [{ field: 'child_first_name', message: 'Must be at most 100 characters' }]);
  });

  it('a forged 5,000-character forwarded-for address (behind TRUST_PROXY) is counted, not a 500', async () => {
    const answer = await call(server.url, '/api/auth/login', { body: { user_name: 'nobody', password: 'wrong' }, headers: { 'x-forwarded-for': noise(5_000) } });
    errorsOf(answer, 401);
  });

  it('rate-limit bucket keys stay short: a long value is hashed, a short one kept readable', () => {
    assert.equal(bucketKey('login', 'user', 'navigator'), 'login:user:navigator');
    const readable = 'é'.repeat(READABLE_BUCKET_VALUE);
    assert.equal(bucketKey('login', 'user', readable), `login:user:${readable}`);
    const a = bucketKey('login', 'user', noise(5_000));
    const b = bucketKey('login', 'user', noise(5_000, 3));
    assert.match(a, /^login:user:sha256:[0-9a-f]{64}$/);
    assert.notEqual(a, b);
    assert.match(bucketKey('hwc-code', 'addr', `${readable}x`), /^hwc-code:addr:sha256:[0-9a-f]{64}$/);
  });
});

describe('key conversion', () => {
  it('camelKeys and snakeKeys convert 100,000 levels without overflowing the stack', () => {
    let deep: unknown = { leaf_value: 1 };
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? [deep] : { some_key: deep };
    let camel = camelKeys<any>(deep);
    let snake = snakeKeys<any>(camel);
    for (let i = 0; i < 100_000; i++) [camel, snake] = i % 2 ? [camel.someKey, snake.some_key] : [camel[0], snake[0]];
    assert.deepEqual(camel, { leafValue: 1 });
    assert.deepEqual(snake, { leaf_value: 1 });
  });

  it('a __proto__ key stays a key and never becomes the prototype', () => {
    const converted = snakeKeys<Record<string, any>>(JSON.parse('{"__proto__":{"isAdmin":true},"aB":[{"__proto__":1}]}'));
    assert.equal(Object.getPrototypeOf(converted), Object.prototype);
    assert.deepEqual(Object.keys(converted), ['__proto__', 'a_b']);
    assert.equal(converted.isAdmin, undefined);
    assert.deepEqual(Object.keys(converted.a_b[0]), ['__proto__']);
  });
});

describe('request ids and server errors', () => {
  it('every response carries an x-request-id; a well-formed incoming one is kept, anything else replaced', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const answer of [await call(server.url, '/api/health'), await call(server.url, '/api/nope'), await post('/api/auth/login', '{'), await call(server.url, '/demo/')]) {
      assert.match(answer.headers.get('x-request-id') ?? '', uuid, answer.text);
    }
    const kept = await call(server.url, '/api/health', { headers: { 'x-request-id': 'lb-7f3a.42_x' } });
    assert.equal(kept.headers.get('x-request-id'), 'lb-7f3a.42_x');
    for (const bad of ['x'.repeat(65), 'a b', 'a"}{', '']) {
      assert.match((await call(server.url, '/api/health', { headers: { 'x-request-id': bad } })).headers.get('x-request-id') ?? '', uuid, bad);
    }
  });

  it('a 5xx names its request id to the client and logs method, url (query values redacted) and stack to stderr, without LOG_REQUESTS', async () => {
    const app = await buildApp({ db: server.db, config: loadConfig({ DATA_DIR: server.dataDir }) });
    app.post('/boom', async () => {
      throw new Error('select secret from vault failed');
    });
    const lines: string[] = [];
    const write = process.stderr.write;
    process.stderr.write = ((chunk: string) => lines.push(String(chunk)) > 0) as typeof process.stderr.write;
    let answer;
    try {
      answer = await app.inject({ method: 'POST', url: '/boom?x=1&token=link-secret', payload: { a: 1 } });
    } finally {
      process.stderr.write = write;
      await app.close();
    }
    assert.equal(answer.statusCode, 500);
    const id = answer.headers['x-request-id'] as string;
    assert.ok(id);
    const body = answer.json();
    assert.deepEqual(body, { errors: [{ message: `Something went wrong on the server. Please try again. (request ${id})` }], request_id: id });
    assertNoInternals(answer.body);
    assert.doesNotMatch(answer.body, /secret|vault/);
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.reqId === id);
    assert.ok(logged, `log line with the request id in ${lines.join('')}`);
    assert.equal(logged.method, 'POST');
    // A credential in a link (PDF token, opt-out token) or a value typed (a name searched) never reaches the log.
    assert.equal(logged.url, '/boom?x=[redacted]&token=[redacted]');
    assert.match(logged.err.stack, /select secret from vault failed\n\s+at /);
  });
});

// ---- Fuzz: every route that takes a body, hostile bodies, anonymous and signed in ----

type AnyStruct = Struct<any, any>;
const isStruct = (v: unknown): v is AnyStruct => Boolean(v) && typeof v === 'object' && 'validator' in (v as object) && 'type' in (v as object);

/** What a sample cannot discover (demo identities, choices checked by a refinement), so the rest of a body reaches the route's code. */
const KNOWN: Record<string, unknown> = {
  code: 'OH-DEMO-PD', officerName: 'Officer Riley', vendorCode: 'DEMO-B2W', telephoneNumber: '6145550131', employeeId: 'E1001', userName: 'admin',
  issueType: 'Other Help', commMethod: 'sms', identifierType: 'Phone',
};
const CANDIDATES: (() => unknown)[] = [
  () => 'Fuzz Value', () => randomUUID(), () => '2015-04-10', () => '2026-01-15T10:00:00Z', () => '2026-01-15T10:00', () => '6145550131',
  () => 'fuzz@example.test', () => '123456', () => true, () => 10,
];

/** A plausible body for a schema: each field the first candidate its own struct accepts. */
function sample(struct: AnyStruct, name = ''): unknown {
  if (name in KNOWN) return KNOWN[name];
  switch (struct.type) {
    case 'object':
      return Object.fromEntries(Object.entries(struct.schema as Record<string, AnyStruct>).map(([k, child]) => [snakeCase(k), sample(child, k)]));
    case 'array':
      return isStruct(struct.schema) ? [sample(struct.schema, name)] : [];
    case 'literal':
      return struct.schema;
    case 'enums':
      return Object.values(struct.schema as object)[0];
  }
  for (const candidate of CANDIDATES) {
    const value = candidate();
    if (struct.is(value)) return value;
  }
  return 'Fuzz Value';
}

/** The same document with every leaf replaced by `leaf(value, index)`. */
function mapLeaves(value: unknown, leaf: (v: unknown, i: number) => unknown, counter = { i: 0 }): unknown {
  if (Array.isArray(value)) return value.map((v) => mapLeaves(v, leaf, counter));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapLeaves(v, leaf, counter)]));
  return leaf(value, counter.i++);
}

/** Every object schema in shared/schemas, plus the referral form (a dynamic schema) as a flat object of its fields. */
function schemaSamples(): [string, unknown][] {
  const modules = { ...audit, ...auth, ...b2w, ...cit, ...ext, ...hwc, ...patientSearch, ...reminders, ...support };
  const samples: [string, unknown][] = Object.entries(modules).filter(([, v]) => isStruct(v) && v.type === 'object').map(([name, v]) => [name, sample(v as AnyStruct)]);
  samples.push(['referral', Object.fromEntries(ext.REFERRAL_FIELDS.map((f) => [snakeCase(f), f.endsWith('Uid') ? randomUUID() : 'Fuzz Value']))]);
  return samples;
}

const WRONG_TYPES = [12345, ['x'], { a: 1 }, null, false, -1e300];

interface Body {
  label: string;
  raw: string;
  /** A schema's plausible body: where a route takes it, each of its fields is then tried alone with hostile text. */
  sample?: unknown;
}

function hostileBodies(): Body[] {
  const perSchema = schemaSamples().flatMap(([name, body]): [string, unknown, boolean][] => [
    [name, body, true],
    // Noise in front keeps an e-mail an e-mail.
    [`${name}, 5,000-character strings`, mapLeaves(body, (v, i) => (typeof v === 'string' ? noise(5_000 - v.length, i + 1) + v : v)), false],
    [`${name}, NUL, control characters, odd unicode`, mapLeaves(body, (v) => (typeof v === 'string' ? `${v}\u0000\u0007\ud800\ufffe\u202e 𝔘🧪 ëÉ` : v)), false],
    [`${name}, wrong types`, mapLeaves(body, (_v, i) => WRONG_TYPES[i % WRONG_TYPES.length]), false],
  ]);
  const wrapped = perSchema.flatMap(([label, body, isSample]): Body[] => {
    const inData = { data: { type: 'x', id: randomUUID(), attributes: body } };
    return [
      { label, raw: JSON.stringify(body), sample: isSample ? body : undefined },
      { label: `${label} in data.attributes`, raw: JSON.stringify(inData), sample: isSample ? inData : undefined },
    ];
  });
  const generic: [string, string][] = [
    ['nested objects 10,000', nested(10_000)],
    ['nested arrays 10,000', nested(10_000, '[', ']')],
    ['nested 25 under data.attributes', `{"data":{"attributes":${nested(25)}}}`],
    ['string 900 KB', JSON.stringify({ first_name: noise(900 * 1024), data: { attributes: { name: 'x' } } })],
    ['long key', JSON.stringify({ [noise(500)]: 1 })],
    ['null', 'null'],
    ['number', '12345'],
    ['string', '"text"'],
    ['true', 'true'],
    ['array', '[]'],
    ['array of objects', '[{"data":{"attributes":{}}}]'],
    ['empty object', '{}'],
    ['empty body', ''],
    ['data null', '{"data":null}'],
    ['data.attributes an array', '{"data":{"attributes":[1,2]}}'],
    ['__proto__', '{"__proto__":{"isAdmin":true},"data":{"attributes":{}}}'],
    ['nested __proto__', '{"data":{"attributes":{"__proto__":{"polluted":1}}}}'],
    ['constructor.prototype', '{"constructor":{"prototype":{"polluted":1}}}'],
    ['escaped __proto__', '{"\\u005f_proto__":{"polluted":1}}'],
    ['numbers past double', '{"page":1e999,"child_age":-1e999,"data":{"attributes":{"is_read":1e999}}}'],
  ];
  return [...generic.map(([label, raw]) => ({ label, raw })), ...wrapped];
}

/** A taken sample with one string field at a time made hostile: 5,000 wide characters (in front, so an e-mail stays one), or NUL and odd unicode. */
function singleFieldMutations(label: string, sample: unknown): Body[] {
  const out: Body[] = [];
  mapLeaves(sample, (v, k) => {
    if (typeof v !== 'string') return v;
    for (const [what, bad] of [['5,000 wide characters', noise(5_000 - v.length, k + 1, true) + v], ['NUL and odd unicode', `${v}\u0000\ud800\u202e`]] as const) {
      out.push({ label: `${label}, field ${k} ${what}`, raw: JSON.stringify(mapLeaves(sample, (w, i) => (i === k ? bad : w))) });
    }
    return v;
  });
  return out;
}

/** Routes with a body, read from the running app's route tree (`printRoutes` prints child paths relative to their parent). */
function routesWithBodies(): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of server.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!m) continue;
    stack.length = m[1].length / 4;
    stack.push(m[2]);
    for (const method of (m[3] ?? '').split(', ')) if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) out.push({ method, path: stack.join('') });
  }
  return out;
}

/** Requests in flight at once: enough to keep the server busy on a small machine. */
const FUZZ_CONCURRENCY = 4;
const fill = (path: string) => path.replace(/:state/g, 'oh').replace(/:[a-z]+/g, () => randomUUID());
/** The route read this schema's body: it did the work, or refused a field of it (not an unknown key). */
const takes = (answer: Answer) => answer.status < 300 || (answer.status === 422 && !answer.text.includes('type `never`'));

describe('fuzz', () => {
  it('no hostile body gets a 5xx or internals from any route, anonymous or signed in as admin', async (t) => {
    const routes = routesWithBodies();
    assert.ok(routes.length >= 25, `routes found: ${JSON.stringify(routes)}`);
    // Signing out would end the session the rest of the pass uses: it goes last.
    routes.sort((a, b) => Number(a.path === '/api/auth/logout') - Number(b.path === '/api/auth/logout'));
    const bodies = hostileBodies();
    const failures: string[] = [];
    let sent = 0;
    let serverErrors = 0;

    async function sendAll(who: string, authorization: string, route: { method: string; path: string }, queue: Body[]): Promise<Body[]> {
      const taken: Body[] = [];
      const worker = async () => {
        for (let body = queue.shift(); body; body = queue.shift()) {
          const where = `${who} ${route.method} ${route.path} [${body.label}]`;
          const headers = { authorization, 'x-forwarded-for': nextIp(), 'idempotency-key': randomUUID() };
          const answer = await call(server.url, fill(route.path), { method: route.method, rawBody: body.raw, headers }).catch((e: Error) => e);
          if (answer instanceof Error) {
            failures.push(`${where}: no answer (${answer.message})`);
            continue;
          }
          sent++;
          if (answer.status >= 500) {
            serverErrors++;
            failures.push(`${where}: ${answer.status} ${answer.text.slice(0, 200)}`);
            continue;
          }
          try {
            assertNoInternals(answer.text);
          } catch (error) {
            failures.push(`${where}: ${(error as Error).message.slice(0, 300)}`);
          }
          if (body.sample !== undefined && takes(answer)) taken.push(body);
        }
      };
      await Promise.all(Array.from({ length: FUZZ_CONCURRENCY }, worker));
      return taken;
    }

    for (const who of ['anonymous', 'admin'] as const) {
      // Anonymous calls carry a district code: the Handle with Care form's stand-in for a session.
      const authorization = who === 'admin' ? `Bearer ${admin.token}` : DEMO_HWC_CODES.franklin;
      for (const route of routes) {
        // Per-value limits (a district code, a user name) would otherwise turn most of a route's pass into 429s.
        await server.db.deleteFrom('rate_limit').execute();
        const taken = await sendAll(who, authorization, route, [...bodies]);
        await sendAll(who, authorization, route, taken.flatMap((body) => singleFieldMutations(body.label, body.sample)));
      }
    }
    t.diagnostic(`fuzz: ${routes.length} routes, ${bodies.length} bodies each plus single-field variants, ${sent} requests, ${serverErrors} 5xx`);
    assert.deepEqual(failures, []);
  });
});
