import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, login } from './support/http';

/**
 * Issue 36 section 3: an operator reads the process's figures at GET /metrics
 * (Prometheus format, prom-client), only with the metrics token; readiness
 * is its own call.
 */

const TOKEN = 'metrics-test-token-0123456789';
let server: TestServer;
let open: TestServer;

/** One sample's value: `name{labels} value`, labels given as a subset in any order. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

const scrape = async () => {
  const answer = await call(server.url, '/metrics', { token: TOKEN });
  assert.equal(answer.status, 200, answer.text);
  assert.match(answer.headers.get('content-type') ?? '', /^text\/plain/);
  return answer.text;
};

before(async () => {
  [server, open] = await Promise.all([startTestServer({ METRICS_TOKEN: TOKEN }), startTestServer({ METRICS_TOKEN: '' })]);
});
after(() => Promise.all([server?.stop(), open?.stop()]));

describe('GET /metrics', () => {
  it('is not served without a configured token, and refuses a caller without the token', async () => {
    assert.equal((await call(open.url, '/metrics')).status, 404);
    assert.equal((await call(open.url, '/metrics', { token: 'anything' })).status, 404);
    assert.equal((await call(server.url, '/metrics')).status, 401);
    const wrong = await call(server.url, '/metrics', { token: `${TOKEN}x` });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.text.includes('careweave_'), false);
    // A signed-in administrator's session is not the metrics token either.
    const admin = await login(server.url, 'admin');
    assert.equal((await call(server.url, '/metrics', { token: admin.token })).status, 401);
  });

  it('counts requests by route pattern and status, never by id, with their latency', async () => {
    const user = await login(server.url, 'navigator');
    const before = sample(await scrape(), 'careweave_http_requests_total', { method: 'GET', route: '/api/patients/:id', status: '404' }) ?? 0;
    for (const id of ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003']) {
      assert.equal((await call(server.url, `/api/patients/${id}`, { token: user.token })).status, 404);
    }
    const text = await scrape();
    assert.equal(sample(text, 'careweave_http_requests_total', { method: 'GET', route: '/api/patients/:id', status: '404' }), before + 3);
    assert.equal(text.includes('00000000-0000-4000-8000-000000000001'), false, 'no id in any label');
    assert.ok((sample(text, 'careweave_http_request_duration_seconds_count', { method: 'GET', route: '/api/patients/:id' }) ?? 0) >= 3);
    assert.ok((sample(text, 'careweave_http_requests_total', { method: 'POST', route: '/api/auth/login', status: '200' }) ?? 0) >= 1);
  });

  it('reports the pool, the outbox backlog and its oldest message, the import runs and the event loop', async () => {
    await server.db.deleteFrom('outbox').where('status', '=', 'pending').execute();
    let text = await scrape();
    assert.equal(sample(text, 'careweave_outbox_pending'), 0);
    assert.equal(sample(text, 'careweave_outbox_oldest_pending_seconds'), 0);
    await server.db
      .insertInto('outbox')
      .values([0, 1].map((i) => ({ channel: 'email', recipient: `ops${i}@example.test`, subject: 'x', body: 'y', last_error: null, created_at: new Date(Date.now() - 120_000), deliver_after: new Date(Date.now() + 3_600_000) })))
      .execute();
    text = await scrape();
    assert.equal(sample(text, 'careweave_outbox_pending'), 2);
    assert.ok((sample(text, 'careweave_outbox_oldest_pending_seconds') ?? 0) >= 119, 'the oldest waits about two minutes');
    await server.db.deleteFrom('outbox').where('recipient', 'like', 'ops%@example.test').execute();
    // The scrape's own query holds a connection: at least one in use, none waiting, no timeouts here.
    assert.ok((sample(text, 'careweave_db_pool_connections', { state: 'in_use' }) ?? -1) >= 0);
    assert.equal(sample(text, 'careweave_db_pool_connections', { state: 'waiting' }), 0);
    assert.equal(sample(text, 'careweave_db_pool_timeouts_total'), 0);
    assert.equal(sample(text, 'careweave_import_runs', { state: 'running' }), 0);
    assert.notEqual(sample(text, 'careweave_nodejs_eventloop_lag_seconds'), undefined);
    assert.notEqual(sample(text, 'careweave_socket_connections'), undefined);
  });
});

describe('GET /api/ready', () => {
  it('is ready while the database answers; /api/live stays the process only', async () => {
    const ready = await call(server.url, '/api/ready');
    assert.equal(ready.status, 200);
    assert.deepEqual(ready.body, { status: 'ok', database: 'ok', ready: true });
    assert.equal((await call(server.url, '/api/live')).status, 200);
  });
});
