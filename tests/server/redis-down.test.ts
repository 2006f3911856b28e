import assert from 'node:assert/strict';
import { freePort } from '../../server/free-port';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { RedisAdapter } from '@socket.io/redis-adapter';
import { io as connect, type Socket } from 'socket.io-client';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, login, patientWithout, type LoggedIn } from './support/http';

/**
 * Issue 36 section 4, "Faults": Redis down. Two server processes (here two
 * servers in this process, each with Redis clients of its own) on one
 * database and a Redis of this test's own, which the test starts, kills and
 * starts again. Without Redis a server starts anyway and chat reaches the
 * sockets of the process a message was sent through; every other call is
 * unaffected; each change is one line in the log; nothing crashes (an
 * unhandled 'error' or rejection would end this test process).
 */

/** The Redis clients' reconnect attempts come at most 2 s apart. */
const REDIS_BACK_MS = 10_000;
const DELIVERY_MS = 5000;

let owner: TestServer;
let a: TestServer | undefined;
let b: TestServer | undefined;
let redisUrl: string;
let redis: ChildProcess | undefined;
let patient: string;
const sockets: Socket[] = [];
/** The Redis lines of the servers' logs (their stderr), as { level, msg }. */
const redisLog: { level: number; msg: string }[] = [];
const writeStderr = process.stderr.write.bind(process.stderr);

/** Polls until `condition` holds or the deadline passes. */
async function until(condition: () => boolean | Promise<boolean>, what: string, ms: number): Promise<void> {
  for (const stop = Date.now() + ms; !(await condition()); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() > stop) assert.fail(`${what}: not within ${ms} ms`);
  }
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${output}`)));
  });
  return child;
}

async function stopRedis(): Promise<void> {
  if (!redis || redis.exitCode !== null) return;
  const exited = new Promise((resolve) => redis!.once('exit', resolve));
  redis.kill('SIGKILL');
  await exited;
}

const lines = (msg: string) => redisLog.filter((l) => l.msg === msg);
const downLine = () => `Redis at ${redisUrl} does not answer: chat reaches only this process's sockets`;
const backLine = () => `Redis at ${redisUrl} answers again: chat reaches every process`;

/** A socket joined to the user's 'subscriptions' channel, and the bodies of the new_message events it hears. */
async function listening(server: TestServer, user: LoggedIn): Promise<{ socket: Socket; heard: string[] }> {
  const socket = await new Promise<Socket>((resolve, reject) => {
    const s = connect(server.url, { path: '/socket.io', auth: { token: user.token }, transports: ['websocket'], reconnection: false });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
  sockets.push(socket);
  assert.equal(await socket.emitWithAck('join', 'subscriptions'), true);
  const heard: string[] = [];
  socket.on('new_message', (event: { message: { body: string } }) => heard.push(event.message.body));
  return { socket, heard };
}

/** Sends a chat message about the test's patient through `server`. */
async function say(server: TestServer, user: LoggedIn, body: string): Promise<void> {
  const sent = await call(server.url, `/api/patient/${patient}/chat`, {
    token: user.token,
    body: { data: { type: 'chat-messages', attributes: { body } } },
    headers: { 'idempotency-key': randomUUID() },
  });
  assert.equal(sent.status, 201, sent.text);
}

const delivered = (to: { heard: string[] }, body: string) => until(() => to.heard.includes(body), `"${body}" delivered`, DELIVERY_MS);
const adapterOf = (server: TestServer) => server.app.realtime.of('/').adapter;

before(async () => {
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = String(chunk);
    if (text.includes('Redis at')) {
      for (const line of text.split('\n').filter((l) => l.includes('Redis at'))) {
        const { level, msg } = JSON.parse(line) as { level: number; msg: string };
        redisLog.push({ level, msg });
      }
    }
    return writeStderr(chunk, ...(rest as []));
  }) as typeof process.stderr.write;
  owner = await startTestServer({ REDIS_URL: '' });
  patient = await patientWithout(owner.db, await demoFacts(owner.db), 'provider_patient', 'desc');
  redisUrl = `redis://127.0.0.1:${await freePort()}`;
});

after(async () => {
  for (const socket of sockets) socket.close();
  await b?.stop();
  await a?.stop();
  await owner?.stop();
  await stopRedis();
  process.stderr.write = writeStderr;
});

describe('Redis down', () => {
  let navA: LoggedIn;
  let communityA: LoggedIn;
  let onA: { socket: Socket; heard: string[] };

  it('starts without Redis within seconds, says so in the log, and delivers chat to its own sockets', async (t) => {
    const starting = Date.now();
    a = await startTestServer({ DATABASE_URL: owner.connectionString, REDIS_URL: redisUrl });
    const bootMs = Date.now() - starting;
    t.diagnostic(`started in ${bootMs} ms with nothing on ${redisUrl}`);
    assert.ok(bootMs < 15_000, `started in ${bootMs} ms`);
    assert.deepEqual(lines(downLine()), [{ level: 40, msg: downLine() }]);
    assert.ok(!(adapterOf(a) instanceof RedisAdapter), "socket.io's in-memory adapter");

    [navA, communityA] = await Promise.all([login(a.url, 'navigator'), login(a.url, 'community')]);
    await say(a, communityA, 'joining the conversation');
    onA = await listening(a, communityA);
    await say(a, navA, 'without Redis');
    await delivered(onA, 'without Redis');
    assert.equal((await call(a.url, '/api/session/current', { token: navA.token })).status, 200);
  });

  it('shares rooms through Redis once it answers, those joined before included', async () => {
    redis = await startRedis(Number(new URL(redisUrl).port));
    await until(() => lines(backLine()).length === 1, 'the server tells Redis answers', REDIS_BACK_MS);
    assert.ok(adapterOf(a!) instanceof RedisAdapter);

    // A second process, started while Redis answers: no warning from it.
    b = await startTestServer({ DATABASE_URL: owner.connectionString, REDIS_URL: redisUrl });
    assert.equal(lines(downLine()).length, 1);
    const navB = await login(b.url, 'navigator');
    // Sent through the second process, heard on a socket that joined the first before it used Redis.
    await say(b, navB, 'across processes');
    await delivered(onA, 'across processes');
  });

  it('keeps chat on each process and every other call working when Redis goes away, and says so once per process', async () => {
    await stopRedis();
    await until(() => lines(downLine()).length === 3, 'both servers tell Redis is gone', REDIS_BACK_MS);

    const [navB, communityB] = await Promise.all([login(b!.url, 'navigator'), login(b!.url, 'community')]);
    const onB = await listening(b!, communityB);
    await say(b!, navB, 'on B while Redis is down');
    await delivered(onB, 'on B while Redis is down');
    await say(a!, navA, 'on A while Redis is down');
    await delivered(onA, 'on A while Redis is down');
    for (const server of [a!, b!]) {
      assert.equal((await call(server.url, '/api/data/public/patient-list', { token: navA.token })).status, 200);
      assert.equal((await call(server.url, '/api/ready')).status, 200);
    }
    assert.equal(lines(downLine()).length, 3, 'one line per outage, not one per reconnect attempt');
  });

  it('shares again when Redis is back, without a restart', async () => {
    redis = await startRedis(Number(new URL(redisUrl).port));
    await until(() => lines(backLine()).length === 3, 'both servers tell Redis answers again', REDIS_BACK_MS);
    const navB = await login(b!.url, 'navigator');
    await say(b!, navB, 'across processes again');
    await delivered(onA, 'across processes again');
    assert.deepEqual(
      redisLog.map((l) => l.level),
      [40, 30, 40, 40, 30, 30],
      'warnings for each outage, information when it ends',
    );
  });
});
