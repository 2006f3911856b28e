import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerErrorHandling } from '../../server/errors';
import { onceOnly } from '../../server/public-forms/idempotency';
import { countAttempt } from '../../server/public-forms/limits';
import { checkCode, CODE_MAX_TRIES, issueCode } from '../../server/public-forms/one-time-codes';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { withClock } from './support/clock';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server?.stop();
});

describe('one-time codes', () => {
  it('are 6 digits and accepted once', async () => {
    const code = await issueCode(server.db, 'test', '6145550101');
    assert.match(code, /^\d{6}$/);
    assert.equal(await checkCode(server.db, 'test', '6145550101', code), 'ok');
    assert.equal(await checkCode(server.db, 'test', '6145550101', code), 'none');
  });

  it('refuse the right code after 5 wrong tries', async () => {
    const code = await issueCode(server.db, 'test', '6145550102');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < CODE_MAX_TRIES; i++) assert.equal(await checkCode(server.db, 'test', '6145550102', wrong), 'wrong');
    assert.equal(await checkCode(server.db, 'test', '6145550102', wrong), 'locked');
    assert.equal(await checkCode(server.db, 'test', '6145550102', code), 'locked');
  });

  it('expire after 10 minutes, and a new code replaces the old one', async () => {
    const [kept, old] = [await issueCode(server.db, 'test', '6145550105'), await issueCode(server.db, 'test', '6145550103')];
    await withClock(async (move) => {
      // 10 minutes, written out: a code that lived longer would still be 'ok' below.
      move(10 * 60_000 - 5000);
      assert.equal(await checkCode(server.db, 'test', '6145550105', kept), 'ok', 'just before its 10 minutes');
      move(10_000);
      assert.equal(await checkCode(server.db, 'test', '6145550103', old), 'expired');
    });
    const first = await issueCode(server.db, 'test', '6145550104');
    const second = await issueCode(server.db, 'test', '6145550104');
    if (first !== second) assert.equal(await checkCode(server.db, 'test', '6145550104', first), 'wrong');
    assert.equal(await checkCode(server.db, 'test', '6145550104', second), 'ok');
    const row = await server.db.selectFrom('one_time_code').select('code_hash').where('subject', '=', '6145550104').limit(1).executeTakeFirstOrThrow();
    assert.notEqual(row.code_hash, second, 'only a hash is stored');
  });
});

describe('public submits run once per Idempotency-Key', () => {
  let app: FastifyInstance;
  let url: string;
  before(async () => {
    app = Fastify();
    registerErrorHandling(app);
    app.post('/submit', (request, reply) =>
      onceOnly(server.db, request, reply, 'test-form', async (trx) => {
        const body = request.body as { note: string; fail?: boolean };
        await trx.insertInto('translation').values({ lang: 'xx-TEST', key: `k${Date.now()}${Math.random()}`, value: body.note }).execute();
        if (body.fail) throw new Error('record failed');
        return { status: 201, body: { data: { note: body.note } } };
      }),
    );
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await app?.close();
  });
  const post = (key: string | undefined, body: object) =>
    fetch(`${url}/submit`, { method: 'POST', headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) }, body: JSON.stringify(body) });
  const stored = async (note: string) => (await server.db.selectFrom('translation').select('value').where('value', '=', note).execute()).length;

  it('a double submit (at the same moment) stores one record and answers both alike', async () => {
    const key = 'double-click-key-0001';
    const [a, b] = await Promise.all([post(key, { note: 'double' }), post(key, { note: 'double' })]);
    assert.deepEqual([a.status, b.status], [201, 201]);
    assert.deepEqual(await a.json(), await b.json());
    assert.equal(await stored('double'), 1);
    const again = await post(key, { note: 'double' });
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(await stored('double'), 1);
  });

  it('a failed attempt stores nothing and can be retried with the same key', async () => {
    const key = 'retry-after-failure-01';
    assert.equal((await post(key, { note: 'retry', fail: true })).status, 500);
    assert.equal(await stored('retry'), 0);
    assert.equal((await post(key, { note: 'retry' })).status, 201);
    assert.equal(await stored('retry'), 1);
  });

  it('refuses a submit without a usable key', async () => {
    assert.equal((await post(undefined, { note: 'nokey' })).status, 400);
    assert.equal((await post('short', { note: 'nokey' })).status, 400);
    assert.equal(await stored('nokey'), 0);
  });
});

describe('attempt limits on public checks', () => {
  it('refuse past the limit per value with 429, and per address', async () => {
    const limit = { name: 'test-code', perAddress: 100, perValue: 3, windowSeconds: 600 };
    const request = { ip: '198.51.100.7' } as never;
    for (let i = 0; i < 3; i++) await countAttempt(server.db, request, limit, 'CODE-1');
    await assert.rejects(countAttempt(server.db, request, limit, 'code-1'), (e: { statusCode: number }) => e.statusCode === 429);
    const byAddress = { name: 'test-addr', perAddress: 2, perValue: 100, windowSeconds: 600 };
    await countAttempt(server.db, request, byAddress, 'a');
    await countAttempt(server.db, request, byAddress, 'b');
    await assert.rejects(countAttempt(server.db, request, byAddress, 'c'), (e: { statusCode: number }) => e.statusCode === 429);
  });
});
