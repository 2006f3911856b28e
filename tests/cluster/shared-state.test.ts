import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import { LOGIN_LIMITS } from '../../server/auth/auth.routes';
import { createDb, poolOptions } from '../../server/db/connect';
import { DEMO_USERS } from '../../server/db/seed/demo-users';
import { writeDemoExtract } from '../../server/identity/demo-extract';
import { importExtract } from '../../server/identity/import';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { overdoseEvent } from '../server/support/overdose-event';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { call, demoFacts, fieldErrors, login, patientWithout, type LoggedIn } from '../server/support/http';
import { REDIS_URL, startServerProcess, type Started } from './support/processes';
import { until } from './support/wait';

/**
 * Issue 36 sections 1 and 5: three server processes on one database and
 * Redis behave as one system. Each has a port of its own here, so a test
 * chooses which process it asks. Sessions and reference rows are cached for
 * a minute (far longer than a test): what another process changed is seen
 * through its notice, not through the cache running out.
 */

const CACHE_MS = '60000';
/** A notice's trip between processes takes milliseconds; this is the most a test waits for one. */
const NOTICE_MS = 2000;
const OUTBOX_MESSAGES = 1000;

let a: TestServer;
let others: Started[];
let urls: [string, string, string];
/** The SMS gateway the three processes' outbox workers deliver to: every POST, by its Idempotency-Key. */
const gateway = { server: http.createServer(), received: new Map<string, number>(), url: '' };

before(async () => {
  gateway.server.on('request', (request, response) => {
    const key = String(request.headers['idempotency-key']);
    gateway.received.set(key, (gateway.received.get(key) ?? 0) + 1);
    request.resume().on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => gateway.server.listen(0, '127.0.0.1', resolve));
  gateway.url = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}/sms`;
  const env = { REDIS_URL, TRUST_PROXY: '1', SESSION_CACHE_MS: CACHE_MS, REFERENCE_CACHE_MS: CACHE_MS, OUTBOX_INTERVAL_MS: '100', SMS_URL: gateway.url };
  a = await startTestServer(env);
  others = await Promise.all([startServerProcess(a.connectionString, env), startServerProcess(a.connectionString, env)]);
  urls = [a.url, others[0].url, others[1].url];
});
after(async () => {
  await Promise.all((others ?? []).map((p) => p.stop()));
  await a?.stop();
  gateway.server.close();
});

describe('three processes on one database and Redis', () => {
  it('a session made on one is used on the other two', async () => {
    const user = await login(urls[0], 'navigator');
    for (const url of urls) assert.equal((await call(url, '/api/session/current', { token: user.token })).status, 200);
    assert.equal((await call(urls[1], '/api/auth/logout', { method: 'POST', token: user.token })).status, 204);
    for (const url of urls) await until(async () => (await call(url, '/api/session/current', { token: user.token })).status === 401, `the sign-out reaches ${url}`, NOTICE_MS);
  });

  it('counts a sign-in limit across all three: 100 wrong passwords at once, exactly the limit evaluated', async () => {
    // From 100 addresses (behind the load balancer, TRUST_PROXY): only the account's limit applies.
    const attempts = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(urls[i % 3], '/api/auth/login', { body: { user_name: 'director', password: `wrong-${i}` }, headers: { 'x-forwarded-for': `10.36.0.${i + 1}` } }),
      ),
    );
    const statuses = attempts.map((r) => r.status);
    assert.equal(statuses.filter((s) => s === 401).length, LOGIN_LIMITS.perUser, 'evaluated (wrong password)');
    assert.equal(statuses.filter((s) => s === 429).length, 100 - LOGIN_LIMITS.perUser, 'refused before evaluation');
    // Every process refuses the right password too, until the window ends.
    for (const url of urls) assert.equal((await call(url, '/api/auth/login', { body: { user_name: 'director', password: 'careweave-demo' } })).status, 429);
    await a.db.deleteFrom('rate_limit').execute();
  });

  it(`delivers an outbox of ${OUTBOX_MESSAGES} texts exactly once with three workers`, async () => {
    const recipient = `+1614555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    await sql`insert into outbox (channel, recipient, body) select 'sms', ${recipient}, 'Message ' || n from generate_series(1, ${OUTBOX_MESSAGES}) n`.execute(a.db);
    const ids = (await a.db.selectFrom('outbox').select('outbox_uid').where('recipient', '=', recipient).execute()).map((r) => r.outbox_uid);
    assert.equal(ids.length, OUTBOX_MESSAGES);
    await until(
      async () => (await a.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('recipient', '=', recipient).where('status', '=', 'pending').executeTakeFirstOrThrow()).n === 0,
      'every message delivered',
      60_000,
    );
    const twice = ids.filter((id) => gateway.received.get(id) !== 1);
    assert.deepEqual(twice, [], 'each message reached the gateway exactly once');
    const rows = await a.db.selectFrom('outbox').select(['status', 'attempts']).where('recipient', '=', recipient).execute();
    assert.ok(rows.every((r) => r.status === 'delivered' && r.attempts === 1));
  });

  it("an administrator's change to a reference list is seen at once by the other two", async () => {
    const admin = await login(urls[0], 'admin');
    const navigators: LoggedIn[] = await Promise.all(urls.map((url) => login(url, 'navigator')));
    const statuses = (await call(urls[0], '/api/admin/reference/statuses', { token: admin.token })).body.data;
    const confirmed = statuses.find((r: any) => r.attributes.values.ref_data_type === 'medical_event__drug_overdose' && r.attributes.values.name === 'confirmed');
    const patient = await a.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', navigators[0].session.current_division_uid).orderBy('last_name').executeTakeFirstOrThrow();
    const save = (i: number) =>
      call(urls[i], '/api/medical-events', {
        token: navigators[i].token,
        headers: { 'idempotency-key': randomUUID() },
        body: overdoseEvent(patient.patient_uid, confirmed.id),
      });
    // Saved once on each, so the type's statuses sit in every process's reference cache.
    for (const i of [0, 1, 2]) assert.equal((await save(i)).status, 201);
    try {
      assert.equal((await call(urls[0], `/api/admin/reference/statuses/${confirmed.id}/deactivate`, { method: 'POST', token: admin.token })).status, 200);
      for (const i of [1, 2]) {
        let refused: Awaited<ReturnType<typeof save>> | undefined;
        await until(async () => (refused = await save(i)).status === 422, `process ${i + 1} refuses the deactivated status`, NOTICE_MS);
        assert.deepEqual(fieldErrors(refused!), { 'data.attributes.status_uid': NOT_LISTED });
      }
    } finally {
      assert.equal((await call(urls[0], `/api/admin/reference/statuses/${confirmed.id}/reactivate`, { method: 'POST', token: admin.token })).status, 200);
    }
  });

  it('delivers a chat message sent through one process to a socket on another', async () => {
    const facts = await demoFacts(a.db);
    const patient = await patientWithout(a.db, facts, 'provider_patient', 'desc');
    const [nav, community] = await Promise.all([login(urls[2], 'navigator'), login(urls[1], 'community')]);
    const send = (url: string, user: LoggedIn, body: string) =>
      call(url, `/api/patient/${patient}/chat`, { token: user.token, body: { data: { type: 'chat-messages', attributes: { body } } }, headers: { 'idempotency-key': randomUUID() } });
    assert.equal((await send(urls[0], community, 'Joining the conversation.')).status, 201);
    const socket: Socket = connect(urls[1], { path: '/socket.io', auth: { token: community.token }, transports: ['websocket'], reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => (socket.once('connect', () => resolve()), socket.once('connect_error', reject)));
      assert.equal(await socket.emitWithAck('join', 'subscriptions'), true);
      const heard = new Promise<any>((resolve) => socket.once('new_message', resolve));
      assert.equal((await send(urls[2], nav, 'Sent through the third process.')).status, 201);
      const event = await Promise.race([heard, new Promise((_, reject) => setTimeout(() => reject(new Error('no new_message in 5 s')), 5000))]);
      assert.equal(event.message.body, 'Sent through the third process.');
    } finally {
      socket.close();
    }
  });

  it('runs an identity import on one while the other two serve, and two imports at once one after the other', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'careweave-cluster-extract-'));
    const identity = DEMO_USERS.find((u) => u.userName === 'identity')!;
    await writeDemoExtract({ children: 1500, seed: 36, out: folder, caseWorker: { name: identity.displayName, email: identity.email } });
    const division = (await a.db.selectFrom('division').select('division_uid').orderBy('division_name').executeTakeFirstOrThrow()).division_uid;
    // The second run comes from another pool, as another process's nightly job would.
    const { db: elsewhere } = createDb(a.connectionString, poolOptions({ pgPoolMax: 2, pgAcquireTimeoutMs: 5000, pgStatementTimeoutMs: 15000 } as never));
    const readers = await Promise.all([login(urls[1], 'navigator'), login(urls[2], 'navigator')]);
    try {
      let importing = true;
      const served: number[] = [0, 0];
      const reads = readers.map(async (user, i) => {
        while (importing) {
          const answer = await call(urls[i + 1], '/api/data/public/patient-list?page-size=10', { token: user.token });
          assert.equal(answer.status, 200, answer.text);
          served[i] += 1;
        }
      });
      const runs = await Promise.all([importExtract(a.db, folder, division), importExtract(elsewhere, folder, division)]).finally(() => (importing = false));
      await Promise.all(reads);
      assert.deepEqual(runs.map((r) => r.ok), [true, true], runs.map((r) => r.error).join('; '));
      assert.ok(served[0] > 5 && served[1] > 5, `the other processes served while the imports ran (${served.join(', ')} answers)`);
      // One run after the other: the extract's children are there once, whichever finished last.
      const loaded = runs.map((r) => r.sources.find((s) => s.source === 'source_child')!.loaded);
      assert.equal(loaded[0], loaded[1]);
      const children = await a.db.selectFrom('tbl_source_child').select((eb) => eb.fn.countAll<number>().as('n')).where('division_uid', '=', division).executeTakeFirstOrThrow();
      assert.equal(children.n, loaded[0]);
    } finally {
      await elsewhere.destroy();
      await fs.rm(folder, { recursive: true, force: true });
    }
  });
});
