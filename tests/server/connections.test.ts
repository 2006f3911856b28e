import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { DatabaseBusyError, foldedTransaction, listenToStatements, literal, planOnce, rowsPlannedOnce, SecondConnectionError } from '../../server/db/connect';
import { DEMO_CIT_AGENCY } from '../../server/db/seed/cit';
import { DEMO_EXT_INSTANCE } from '../../server/db/seed/ext';
import { DEMO_B2W_VENDOR } from '../../server/db/seed/b2w';
import { DEMO_HWC_CODES } from '../../server/db/seed/hwc';
import { DEMO_OPT_OUT_TOKENS } from '../../server/db/seed/opt-out';
import { ShutdownDeadlineError } from '../../server/boot';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, login } from './support/http';

/** A promise that settles when `release()` is called: holds a connection for as long as a test needs. */
function holdConnection(server: TestServer) {
  let release!: () => void;
  let acquired!: () => void;
  const ready = new Promise<void>((r) => (acquired = r));
  const done = server.db.connection().execute(async () => {
    acquired();
    await new Promise<void>((r) => (release = r));
  });
  return { ready, release: () => release(), done };
}

/** Polls `condition` until it holds; past `ms` the test fails with `what`. */
async function until(condition: () => boolean | Promise<boolean>, what: () => string, ms = 10_000): Promise<void> {
  for (const stop = Date.now() + ms; !(await condition()); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() > stop) assert.fail(`${what()}: not within ${ms} ms`);
  }
}

/**
 * A test server and its pg.Pool, to read how many callers wait for a
 * connection (`waitingCount`). The server does not hand its pool out: it is
 * caught as it gives out its first connection (the boot's migrations) by
 * wrapping Pool.prototype.connect while the server starts.
 */
async function startWithPool(env: Record<string, string>): Promise<{ server: TestServer; pool: pg.Pool }> {
  const proto = pg.Pool.prototype as { connect: (...args: unknown[]) => unknown };
  const own = Object.getOwnPropertyDescriptor(proto, 'connect');
  const connect = proto.connect;
  const pools = new Set<pg.Pool>();
  proto.connect = function (this: pg.Pool, ...args: unknown[]) {
    pools.add(this);
    return connect.apply(this, args);
  };
  let server: TestServer;
  try {
    server = await startTestServer(env);
  } finally {
    if (own) Object.defineProperty(proto, 'connect', own);
    else delete (proto as { connect?: unknown }).connect;
  }
  // The server's own pool: a server joining another's database also opens one of the template's size.
  const serving = env.PG_POOL_MAX ? [...pools].filter((p) => p.options.max === Number(env.PG_POOL_MAX)) : [...pools];
  assert.equal(serving.length, 1, 'one pool');
  return { server, pool: serving[0] };
}

describe('one connection per handler: the pool cannot be deadlocked', () => {
  let server: TestServer;
  let n = 0;
  // A small pool makes a handler that asks for a second connection show at once.
  before(async () => {
    server = await startTestServer({ PG_POOL_MAX: '2', TRUST_PROXY: '1' });
  });
  after(async () => {
    await server?.stop();
  });

  it('a connection asked for inside a transaction is refused at once, not waited for', async () => {
    const started = Date.now();
    await assert.rejects(
      server.db.transaction().execute(async () => server.db.selectFrom('division').select('division_uid').execute()),
      SecondConnectionError,
    );
    assert.ok(Date.now() - started < 1000);
    // The transaction's own executor is fine.
    const rows = await server.db.transaction().execute(async (trx) => trx.selectFrom('division').select('division_uid').execute());
    assert.equal(rows.length, 2);
  });

  /** Every route that takes an Idempotency-Key, with a body that reaches its transaction. */
  const idempotentRoutes = async () => {
    const citOptions = (await call(server.url, '/api/cit/oh/context')).body.data.attributes.options;
    const first = (list: string) => citOptions[list][0].uid;
    const genders = (await call(server.url, '/api/handle_with_care/config/reference-gender', { headers: { authorization: DEMO_HWC_CODES.franklin } })).body.data;
    return [
      { path: `/api/ext/${DEMO_EXT_INSTANCE}/register`, body: (i: number) => ({ name: 'Pat', identifier: `61455${String(i).padStart(5, '0')}`, identifier_type: 'Phone' }) },
      { path: `/api/ext/${DEMO_EXT_INSTANCE}/register-confirm`, body: (i: number) => ({ identifier: `61455${String(i).padStart(5, '0')}`, challenge: '000000' }) },
      { path: `/api/ext/${DEMO_EXT_INSTANCE}`, body: () => ({ requested_by: 'Patient' }) },
      {
        path: '/api/handle_with_care/submit',
        headers: { authorization: DEMO_HWC_CODES.franklin },
        body: (i: number) => ({ officer_name: 'Officer Kim', child_first_name: 'Sam', child_last_name: `Load${i}`, child_birth_date: '2015-04-10', child_gender_uid: genders[0].id, facility_name: 'New School', child_age: 11 }),
      },
      {
        path: '/api/cit/oh/submit',
        body: (i: number) => ({
          code: DEMO_CIT_AGENCY.code, officer_name: DEMO_CIT_AGENCY.officers[0], first_name: 'Load', last_name: `Test${i}`, gender_uid: first('gender'), race_uid: [first('race')],
          veteran_status: 'Veteran status unknown', phone_number: '6145550199', phone_type: 'Mobile', date_time: '2026-01-10T22:15', event_time_zone: 'America/New_York',
          officer: 'Officer Riley', shift_uid: first('shift'), referral_source_uid: first('referral_source'), crisis: ['Depression'], response: 'No Contact', disposition_uid: first('status'), type: 'Business',
        }),
      },
      { path: '/api/b2w/init', body: (i: number) => ({ vendor_code: DEMO_B2W_VENDOR.vendor_code, telephone_number: `61455${String(i).padStart(5, '0')}`, comm_method: 'sms', employee_id: 'E1001' }) },
      { path: '/api/b2w/status', body: () => ({ vendor_code: DEMO_B2W_VENDOR.vendor_code, telephone_number: '6145550131', registration_uid: '00000000-0000-0000-0000-000000000000', code: '000000', data: { assessment_date: '2026-11-23', high_temp: false, low_temp_complications: false } }) },
      { path: '/api/support-request/submit', body: (i: number) => ({ user_email: `load${i}@example.test`, issue_type: 'Other Help', comment: 'load test' }) },
      { path: `/api/public/engagements/opt-out/${DEMO_OPT_OUT_TOKENS[0]}`, body: () => ({}) },
    ];
  };

  it('50 concurrent idempotent requests on each such route, then a normal request answers within 2 s', async () => {
    const nav = await login(server.url, 'navigator');
    for (const route of await idempotentRoutes()) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          call(server.url, route.path, {
            body: route.body(i),
            headers: { 'idempotency-key': `load-${++n}-${'x'.repeat(16)}`, 'x-forwarded-for': `10.50.${n % 250}.${(n >> 8) % 250}`, ...route.headers },
          }),
        ),
      );
      const failures = answers.filter((a) => a.status >= 500);
      assert.deepEqual(failures.map((a) => a.text), [], route.path);
      const started = Date.now();
      const normal = await call(server.url, '/api/queues', { token: nav.token });
      assert.equal(normal.status, 200, route.path);
      assert.ok(Date.now() - started < 2000, `${route.path}: a normal request took ${Date.now() - started} ms`);
    }
  });
});

describe('plans: custom for each call unless a read is marked planOnce', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server?.stop();
  });

  it('a planOnce read is prepared on its connection (a generic plan may be kept); any other read is not', async () => {
    await server.db.connection().execute(async (conn) => {
      await planOnce(sql`select patient_uid from patient where patient_uid = ${'00000000-0000-0000-0000-000000000000'}`).execute(conn);
      await sql`select patient_uid from patient where last_name = ${'Nobody'}`.execute(conn);
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(conn);
      assert.deepEqual(rows.map((r) => r.statement.replace(/\s+/g, ' ')), ['/* plan once */ select patient_uid from patient where patient_uid = $1']);
      const [mode] = (await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(conn)).rows;
      assert.equal(mode.plan_cache_mode, 'auto');
    });
  });

  it('a query made with the builder and marked is prepared the same way, and answers its rows', async () => {
    await server.db.connection().execute(async (conn) => {
      const someone = await conn.selectFrom('patient').select('patient_uid').limit(1).executeTakeFirstOrThrow();
      const rows = await rowsPlannedOnce(conn, conn.selectFrom('patient').select(['patient_uid', 'last_name']).where('patient_uid', '=', someone.patient_uid));
      assert.deepEqual(rows.map((r) => r.patient_uid), [someone.patient_uid]);
      const { rows: prepared } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(conn);
      // The connection may hold the test before's statement too; the unmarked lookup above is not prepared.
      const statements = prepared.map((r) => r.statement);
      assert.ok(statements.includes('/* plan once */ select "patient_uid", "last_name" from "patient" where "patient_uid" = $1'), statements.join('\n'));
      assert.ok(!statements.some((t) => t.includes('limit')), statements.join('\n'));
    });
  });
});

describe('a folded transaction: its first and last statements travel with BEGIN and COMMIT', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ PG_POOL_MAX: '1' });
    await sql`create table fold_probe (id int primary key, note text)`.execute(server.db);
  });
  after(async () => {
    listenToStatements(null);
    await server?.stop();
  });

  const rows = async () => (await sql<{ id: number; note: string }>`select id, note from fold_probe order by id`.execute(server.db)).rows;

  it('sends two messages for BEGIN, the first statement, the last statement and COMMIT, and commits all of it', async () => {
    const sent: string[] = [];
    // The server's own background work may send statements meanwhile: only this transaction's count.
    listenToStatements((text) => text.includes('fold_probe') && sent.push(text));
    const seen = await foldedTransaction(server.db, `insert into fold_probe values (1, ${literal("it's first")}) returning id`, async (trx, first) => {
      await sql`insert into fold_probe values (2, 'middle')`.execute(trx);
      return { result: first, last: `insert into fold_probe values (3, ${literal('last')})` };
    });
    listenToStatements(null);
    assert.deepEqual(seen, [{ id: 1 }]);
    assert.deepEqual(sent, [
      `begin; insert into fold_probe values (1, 'it''s first') returning id`,
      `insert into fold_probe values (2, 'middle')`,
      `insert into fold_probe values (3, 'last'); commit`,
    ]);
    assert.deepEqual(await rows(), [{ id: 1, note: "it's first" }, { id: 2, note: 'middle' }, { id: 3, note: 'last' }]);
  });

  it('a failing first or last statement, or body, rolls everything back and leaves the one connection usable', async () => {
    await sql`delete from fold_probe`.execute(server.db);
    await assert.rejects(foldedTransaction(server.db, 'insert into fold_probe values (1, 1 / 0)', async () => ({ result: null })), /division by zero/);
    await assert.rejects(
      foldedTransaction(server.db, "insert into fold_probe values (1, 'a')", async (trx) => {
        await sql`insert into fold_probe values (2, 'b')`.execute(trx);
        return { result: null, last: "insert into fold_probe values (1, 'again')" };
      }),
      /duplicate key/,
    );
    await assert.rejects(
      foldedTransaction(server.db, "insert into fold_probe values (1, 'a')", async () => {
        throw new Error('the body failed');
      }),
      /the body failed/,
    );
    assert.deepEqual(await rows(), []);
    // The pool's only connection is outside any transaction: a plain statement commits on its own.
    const [state] = (await sql<{ open: boolean }>`select now() <> statement_timestamp() as open`.execute(server.db)).rows;
    assert.equal(state.open, false);
  });
});

describe('a busy or stuck database is a clear answer, never a hang', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ PG_POOL_MAX: '1', PG_ACQUIRE_TIMEOUT_MS: '300', PG_STATEMENT_TIMEOUT_MS: '400', SESSION_CACHE_MS: '0' });
  });
  after(async () => {
    await server?.stop();
  });

  it('no free connection: 503 with Retry-After, and /api/health says so; /api/live still answers', async () => {
    const nav = await login(server.url, 'navigator');
    const held = holdConnection(server);
    await held.ready;
    try {
      const started = Date.now();
      const busy = await call(server.url, '/api/queues', { token: nav.token });
      assert.equal(busy.status, 503, busy.text);
      assert.equal(busy.headers.get('retry-after'), '2');
      assert.deepEqual(busy.body.errors, [{ message: 'The server is busy. Please try again in a moment.' }]);
      assert.ok(Date.now() - started < 2000);
      assert.equal((await call(server.url, '/api/health')).status, 503);
      assert.equal((await call(server.url, '/api/live')).status, 200);
      await assert.rejects(server.db.selectFrom('division').selectAll().execute(), DatabaseBusyError);
    } finally {
      held.release();
      await held.done;
    }
    assert.equal((await call(server.url, '/api/health')).status, 200);
    assert.equal((await call(server.url, '/api/queues', { token: nav.token })).status, 200);
  });

  it('a statement past statement_timeout is cancelled', async () => {
    await assert.rejects(sql`select pg_sleep(2)`.execute(server.db), (err: Error & { code?: string }) => err.code === '57014');
  });
});

describe('shutdown has a deadline', () => {
  it('stop() waits for requests in flight, then cuts connections and rejects past SHUTDOWN_TIMEOUT_MS', async () => {
    // The outbox worker stays off the pool (its first round would come after an hour), so the only caller left to wait for it is the request below.
    const { server, pool } = await startWithPool({ PG_POOL_MAX: '1', PG_ACQUIRE_TIMEOUT_MS: '60000', SHUTDOWN_TIMEOUT_MS: '500', OUTBOX_INTERVAL_MS: '3600000' });
    let held: ReturnType<typeof holdConnection> | undefined;
    try {
      const nav = await login(server.url, 'navigator');
      // The boot's queue-size snapshot runs on its own: it is done once no connection is out and nobody waits.
      await until(() => pool.waitingCount === 0 && pool.idleCount === pool.totalCount, () => `the pool at rest (${pool.waitingCount} waiting, ${pool.totalCount - pool.idleCount} out)`);
      const holding = holdConnection(server);
      await holding.ready;
      held = holding;
      // Waits for the pool for a minute: in flight when the stop comes.
      const inFlight = call(server.url, '/api/queues', { token: nav.token }).catch((err: Error) => err);
      await until(() => pool.waitingCount > 0, () => `the request waiting for the pool (${pool.waitingCount} waiting)`);
      const started = Date.now();
      await assert.rejects(server.stop(), ShutdownDeadlineError);
      assert.ok(Date.now() - started < 5000, `stopped after ${Date.now() - started} ms`);
      held.release();
      await held.done.catch(() => {});
      assert.ok((await inFlight) instanceof Error, 'the stuck request was cut off');
    } finally {
      // A failure before the stop must not leave the server running (stop() is the same promise when it already ran).
      held?.release();
      await server.stop().catch(() => {});
    }
  });

  it('a request whose client went away is waited for: its write is done before the database closes', async () => {
    // The stopped server joins another's database, which stays to be read after the stop. Pools of
    // different sizes, so the stopped server's is the one startWithPool finds.
    const owner = await startTestServer({ PG_POOL_MAX: '2' });
    let server: TestServer | undefined;
    let held: ReturnType<typeof holdConnection> | undefined;
    try {
      const started = await startWithPool({ DATABASE_URL: owner.connectionString, PG_POOL_MAX: '1', PG_ACQUIRE_TIMEOUT_MS: '60000', SHUTDOWN_TIMEOUT_MS: '20000', OUTBOX_INTERVAL_MS: '3600000' });
      server = started.server;
      const { pool } = started;
      const stopped = server;
      await until(() => pool.waitingCount === 0 && pool.idleCount === pool.totalCount, () => `the pool at rest (${pool.waitingCount} waiting, ${pool.totalCount - pool.idleCount} out)`);
      held = holdConnection(server);
      await held.ready;
      const email = `gone.${crypto.randomUUID()}@example.test`;
      const leaving = new AbortController();
      const sent = fetch(`${server.url}/api/support-request/submit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `gone-client-${crypto.randomUUID()}` },
        body: JSON.stringify({ data: { user_email: email, issue_type: 'Other Help', comment: 'sent just before the client left' } }),
        signal: leaving.signal,
      }).catch((err: Error) => err);
      await until(() => pool.waitingCount > 0, () => 'the request waiting for the pool');
      leaving.abort();
      assert.ok((await sent) instanceof Error, 'the client left without an answer');
      const connections = () => new Promise<number>((resolve) => stopped.app.server.getConnections((_err, n) => resolve(n)));
      await until(async () => (await connections()) === 0, () => "the client's connection closed on the server");
      const stopping = server.stop();
      await until(() => !stopped.app.server.listening, () => 'the server no longer listening');
      held.release();
      await stopping;
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from support_request where user_email = ${email}`.execute(owner.db);
      assert.equal(rows[0].n, 1, 'the handler ran to its end on an open pool');
    } finally {
      held?.release();
      await server?.stop().catch(() => {});
      await owner.stop();
    }
  });

  it('a client that connected and never sent a request does not hold the stop', async () => {
    const server = await startTestServer({ SHUTDOWN_TIMEOUT_MS: '5000' });
    const { hostname, port } = new URL(server.url);
    const silent = net.connect(Number(port), hostname);
    await new Promise((resolve, reject) => silent.once('connect', resolve).once('error', reject));
    const cut = new Promise((resolve) => silent.once('close', resolve));
    // Before the fix this rejected with ShutdownDeadlineError after the 5 s deadline.
    await server.stop();
    await cut;
  });

  it('npm start: a request stuck on a lock does not keep the process alive; it exits 1 after the deadline', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'careweave-shutdown-'));
    await fs.chmod(dataDir, 0o755);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', SHUTDOWN_TIMEOUT_MS: '1000', PG_STATEMENT_TIMEOUT_MS: '60000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const locker = await (async () => {
      await until(() => /running at (http\S+)\//.test(output), () => `the server's address in its output:\n${output}`, 60_000);
      const url = /running at (http\S+)\//.exec(output)![1];
      const info = JSON.parse(await fs.readFile(path.join(dataDir, 'pg.json'), 'utf8'));
      const connect = async () => {
        const client = new pg.Client({ connectionString: `postgres://careweave:${encodeURIComponent(info.password)}@127.0.0.1:${info.port}/careweave` });
        client.on('error', () => {});
        await client.connect();
        return client;
      };
      const client = await connect();
      await client.query('begin');
      await client.query('lock table app_user in access exclusive mode');
      // pg_stat_activity is read once per transaction: the lock's own (open) transaction would see it as it was, so another connection watches.
      return { client, watcher: await connect(), url: url.replace('localhost', '127.0.0.1') };
    })();
    try {
      // Sign-in reads app_user: it waits on the lock, in flight.
      const stuck = call(locker.url, '/api/auth/login', { body: { user_name: 'navigator', password: 'careweave-demo' } }).catch((err: Error) => err);
      // Its lookup of the user by user_name is the statement waiting on the lock (the background work of the server reads no user by name).
      const waiting = async () =>
        (await locker.watcher.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%user_name%'`)).rows[0].n;
      await until(async () => (await waiting()) > 0, () => 'the sign-in waiting on the lock');
      const started = Date.now();
      child.kill('SIGTERM');
      const code = await exited;
      assert.equal(code, 1, output);
      assert.ok(Date.now() - started < 10_000, `exited after ${Date.now() - started} ms`);
      await stuck;
    } finally {
      await locker.client.end().catch(() => {});
      await locker.watcher.end().catch(() => {});
      child.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
