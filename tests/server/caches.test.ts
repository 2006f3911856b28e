import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TtlCache } from '../../server/cache/ttl-cache';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, login } from './support/http';

describe('TtlCache', () => {
  it('shares one load among concurrent callers and reloads after the TTL', async () => {
    const cache = new TtlCache<number>(50);
    let loads = 0;
    const load = async () => ++loads;
    assert.deepEqual(await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]), [1, 1, 1]);
    await new Promise((r) => setTimeout(r, 60));
    assert.equal(await cache.get('k', load), 2);
  });

  it('forgets a failed load at once and never caches with a TTL of 0', async () => {
    const cache = new TtlCache<number>(10_000);
    await assert.rejects(cache.get('k', () => Promise.reject(new Error('db down'))));
    assert.equal(await cache.get('k', async () => 7), 7);
    const off = new TtlCache<number>(0);
    let loads = 0;
    await off.get('k', async () => ++loads);
    await off.get('k', async () => ++loads);
    assert.equal(loads, 2);
  });

  it('late in an entry\'s life answers from it while the next load runs, then from that load', async () => {
    const cache = new TtlCache<number>(1500);
    let loads = 0;
    let release = () => {};
    const slow = () => new Promise<number>((resolve) => (release = () => resolve(++loads)));
    const first = cache.get('k', slow);
    release();
    assert.equal(await first, 1);
    // Past two thirds of the TTL, with room before it ends however slow the machine.
    await new Promise((r) => setTimeout(r, 1050));
    assert.equal(await cache.get('k', slow), 1, 'the reload does not hold the caller');
    assert.equal(await cache.get('k', slow), 1, 'one reload at a time');
    release();
    await new Promise((r) => setTimeout(r, 0));
    assert.equal(await cache.get('k', slow), 2);
    assert.equal(loads, 2);
  });

  it('throws away a reload that finishes after its entry was dropped', async () => {
    const cache = new TtlCache<number>(1500);
    await cache.get('k', async () => 1);
    await new Promise((r) => setTimeout(r, 1050));
    let release = () => {};
    assert.equal(await cache.get('k', () => new Promise<number>((resolve) => (release = () => resolve(2)))), 1);
    cache.clear();
    assert.equal(await cache.get('k', async () => 3), 3);
    release();
    await new Promise((r) => setTimeout(r, 0));
    assert.equal(await cache.get('k', async () => 4), 3);
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = new TtlCache<string>(10_000, 2);
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    assert.equal(await cache.get('a', async () => 'a2'), 'a2');
    assert.equal(await cache.get('c', async () => 'c2'), 'c1');
  });
});

describe('list totals are reused briefly and cleared by a write', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server?.stop();
  });

  it('a total read twice within the TTL is the same; a write through the app makes the next one fresh', async () => {
    const nav = await login(server.url, 'navigator');
    const total = async () => (await call(server.url, '/api/data/public/queue-patient-view?page-size=1', { token: nav.token })).body.meta.total as number;
    const before = await total();
    // A patient added behind the app's back (another process, say) is not counted yet...
    const first = await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', nav.session.current_division_uid).where('restricted_flag', '=', '0').limit(1).executeTakeFirstOrThrow();
    await server.db.insertInto('patient').values({ division_uid: nav.session.current_division_uid, first_name: 'Cache', last_name: 'Probe' } as never).execute();
    assert.equal(await total(), before);
    // ...until any successful write goes through this process.
    const audit = await call(server.url, '/api/audit', { token: nav.token, body: { patient_uid: first.patient_uid, action: 'ViewedPatient' } });
    assert.equal(audit.status, 201);
    assert.equal(await total(), before + 1);
  });
});
