import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { OPT_OUT_ALREADY_USED } from '../../shared/schemas/opt-out';
import { OPT_OUT_LIMIT } from '../../server/opt-out/opt-out.routes';
import { DEMO_OPT_OUT_TOKENS } from '../../server/db/seed/opt-out';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, errorsOf } from './support/http';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server?.stop();
});

let n = 0;
const key = () => `opt-out-test-key-${process.pid}-${++n}-${Date.now()}`;
const optOut = (token: string, idempotencyKey: string | null = key()) =>
  call(server.url, `/api/public/engagements/opt-out/${encodeURIComponent(token)}`, { method: 'POST', headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {} });

describe('POST /api/public/engagements/opt-out/{token}', () => {
  beforeEach(async () => {
    await server.db.deleteFrom('rate_limit').where('bucket', 'like', `${OPT_OUT_LIMIT.name}:%`).execute();
  });

  it('the demo seed has working tokens, stored only as hashes', async () => {
    const rows = await server.db.selectFrom('engagement_opt_out_token').selectAll().execute();
    assert.equal(rows.length, DEMO_OPT_OUT_TOKENS.length);
    for (const row of rows) assert.ok(!DEMO_OPT_OUT_TOKENS.includes(row.token_hash));
  });

  it('a token works once: 200, then 409 with a clear message', async () => {
    const first = await optOut('demo-opt-out-1');
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.data.type, 'engagement-opt-out');
    assert.ok(first.body.data.attributes.opted_out_at);
    assert.deepEqual(errorsOf(await optOut('demo-opt-out-1'), 409), [{ message: OPT_OUT_ALREADY_USED }]);
    const row = await server.db.selectFrom('engagement_opt_out_token').select('used_at').where('token_uid', '=', first.body.data.id).executeTakeFirstOrThrow();
    assert.ok(row.used_at);
  });

  it('a double submit (same Idempotency-Key) answers both alike and uses the token once', async () => {
    const k = key();
    const [a, b] = await Promise.all([optOut('demo-opt-out-2', k), optOut('demo-opt-out-2', k)]);
    assert.deepEqual([a.status, b.status], [200, 200]);
    assert.deepEqual(a.body, b.body);
    const again = await optOut('demo-opt-out-2', k);
    assert.equal(again.status, 200);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
  });

  it('unknown, malformed and expired tokens are a 404; no key is a 400', async () => {
    assert.deepEqual(errorsOf(await optOut('no-such-token-123'), 404), [{ message: 'This link is not valid.' }]);
    errorsOf(await optOut('bad token!'), 404);
    await server.db.updateTable('engagement_opt_out_token').set({ expires_at: new Date(Date.now() - 1000) }).where('patient_uid', 'is not', null).where('used_at', 'is', null).execute();
    errorsOf(await optOut('demo-opt-out-3'), 404);
    await server.db.updateTable('engagement_opt_out_token').set({ expires_at: null }).where('used_at', 'is', null).execute();
    errorsOf(await optOut('demo-opt-out-3', null), 400);
    assert.equal((await optOut('demo-opt-out-3')).status, 200);
  });

  it('guessing is limited per client address with a clear 429', async () => {
    for (let i = 0; i < OPT_OUT_LIMIT.perAddress; i++) errorsOf(await optOut(`guess-token-${i}`), 404);
    const refused = errorsOf(await optOut('demo-opt-out-4'), 429);
    assert.match(refused[0].message, /^Too many attempts/);
    assert.ok(Number(( await optOut('demo-opt-out-4')).headers.get('retry-after')) > 0);
  });

  it('guessing one token is limited per token too', async () => {
    for (let i = 0; i < OPT_OUT_LIMIT.perValue; i++) await optOut('demo-opt-out-1');
    errorsOf(await optOut('demo-opt-out-1'), 429);
  });
});

describe('GET /api/public/engagements/opt-out/{token}', () => {
  const brandOf = (token: string) => call(server.url, `/api/public/engagements/opt-out/${encodeURIComponent(token)}`);
  beforeEach(async () => {
    await server.db.deleteFrom('rate_limit').where('bucket', 'like', `${OPT_OUT_LIMIT.name}:%`).execute();
  });

  it("names the division of the token's patient, without using the token, however often the page opens", async () => {
    for (let i = 0; i <= OPT_OUT_LIMIT.perValue; i++) {
      const answer = await brandOf('demo-opt-out-5');
      assert.equal(answer.status, 200, answer.text);
      assert.deepEqual([answer.body.data.attributes.brand.name, answer.body.data.attributes.brand.detail], ['Franklin County Care', 'Careweave Demo Health']);
    }
    const row = await server.db.selectFrom('engagement_opt_out_token').select('used_at').where('used_at', 'is not', null).execute();
    assert.equal((await optOut('demo-opt-out-5')).status, 200, 'the token still works');
    assert.equal((await server.db.selectFrom('engagement_opt_out_token').select('used_at').where('used_at', 'is not', null).execute()).length, row.length + 1);
  });

  it('unknown and malformed tokens are a 404 and count as guesses', async () => {
    assert.deepEqual(errorsOf(await brandOf('no-such-token-123'), 404), [{ message: 'This link is not valid.' }]);
    errorsOf(await brandOf('bad token!'), 404);
    for (let i = 2; i < OPT_OUT_LIMIT.perAddress; i++) errorsOf(await brandOf(`guess-token-${i}`), 404);
    errorsOf(await brandOf('demo-opt-out-5'), 429);
  });
});
