/**
 * Chat delivery (issue 13): two bench servers, separate processes on one
 * database sharing rooms through Redis, hold BENCH_CHAT_CLIENTS socket.io
 * clients (default 2,000), half on each. RECEIVERS of them are the receiving
 * user's (half on each server); the others are another chat user's, connected
 * and joined to 'subscriptions' but in none of the bench's conversations, as
 * most connected users are when a message is sent. The navigator sends
 * through the first server.
 *
 * Latency: one message at a time for BENCH_SECONDS, from just before the POST
 * to each receiving socket's `new_message` (p50 and p95 of every receipt; the
 * second server's receipts went through Redis). Sustained: SENDERS loops,
 * each in a conversation of its own, send their next message once every
 * receiver has the last, for BENCH_SECONDS; messages per second delivered to
 * every receiver. Each run is repeated BENCH_RUNS times (median with spread).
 *
 * Needs REDIS_URL (otherwise reports itself skipped). `npm run bench` runs
 * it; `node --import tsx bench/chat.ts` runs it alone.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { BENCH_DIR, IDENTITY_DIVISION, log, login, median, quantile, RUNS, SECONDS, spread, startServer, stopServer } from './servers';

const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS ?? 2000);
/** The receiving user's sockets among the clients. */
const RECEIVERS = Math.min(20, CLIENTS);
/** Concurrent senders in the sustained run, one conversation each. */
const SENDERS = 8;
/** Issue 13. */
const TARGET_P95_MS = 100;
/** Sockets connecting at once while the clients come up. */
const CONNECT_BATCH = 50;
const RECEIPT_TIMEOUT_MS = 10_000;

interface Client {
  socket: Socket;
  /** On the second server: its receipts came through Redis. */
  remote: boolean;
}

/** A socket joined to 'subscriptions', as <care-chat> joins it. */
function connect(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    socket.once('connect', async () => {
      if (await socket.emitWithAck('join', 'subscriptions')) resolve(socket);
      else reject(new Error('join refused'));
    });
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

async function connectAll(specs: { url: string; token: string; remote: boolean }[]): Promise<Client[]> {
  const clients: Client[] = [];
  for (let i = 0; i < specs.length; i += CONNECT_BATCH) {
    const batch = specs.slice(i, i + CONNECT_BATCH);
    const sockets = await Promise.all(batch.map((s) => connect(s.url, s.token)));
    clients.push(...sockets.map((socket, j) => ({ socket, remote: batch[j].remote })));
  }
  return clients;
}

/** Patients of the navigator's division no one else is on the care team of: conversations with only the two bench users in them. */
async function benchPatients(connectionString: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ patient_uid: string }>(
      `select p.patient_uid from patient p
        where p.division_uid = (select division_uid from division where division_name <> $2 order by division_name limit 1)
          and p.restricted_flag = '0'
          and not exists (select 1 from provider_patient pp where pp.patient_uid = p.patient_uid)
          and not exists (select 1 from patient_case c where c.patient_uid = p.patient_uid)
        order by p.patient_uid limit $1`,
      [count, IDENTITY_DIVISION],
    );
    if (rows.length < count) throw new Error(`only ${rows.length} patients without a care team`);
    return rows.map((r) => r.patient_uid);
  } finally {
    await client.end();
  }
}

/** Waits for every receiver's `new_message` per message body, timing each from the send. */
class Receipts {
  private waiting = new Map<string, { sent: number; left: number; done: () => void; fail: (e: Error) => void; timer: NodeJS.Timeout }>();
  local: number[] = [];
  remote: number[] = [];

  constructor(receivers: Client[]) {
    for (const r of receivers) {
      r.socket.on('new_message', (event: { message: { body: string } }) => {
        const now = performance.now();
        const w = this.waiting.get(event.message.body);
        if (!w) return;
        (r.remote ? this.remote : this.local).push(now - w.sent);
        if (--w.left === 0) {
          clearTimeout(w.timer);
          this.waiting.delete(event.message.body);
          w.done();
        }
      });
    }
  }

  /** Resolves once every receiver has `body`. */
  expect(body: string, receivers: number, sent: number): Promise<void> {
    return new Promise((done, fail) => {
      const timer = setTimeout(() => {
        this.waiting.delete(body);
        fail(new Error(`"${body}" not received by every socket within ${RECEIPT_TIMEOUT_MS} ms`));
      }, RECEIPT_TIMEOUT_MS);
      this.waiting.set(body, { sent, left: receivers, done, fail, timer });
    });
  }

  reset(): void {
    this.local = [];
    this.remote = [];
  }
}

/** POST patient/{id}/chat, as <care-chat> sends. */
async function post(url: string, token: string, patient: string, body: string): Promise<void> {
  const res = await fetch(`${url}/api/patient/${patient}/chat`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ data: { type: 'chat-messages', attributes: { body } } }),
  });
  if (res.status !== 201) throw new Error(`send failed: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

let sequence = 0;
/** One message through the first server, resolved once every receiver has it. */
async function sendAndReceive(url: string, token: string, patient: string, receipts: Receipts): Promise<void> {
  const body = `bench message ${++sequence}`;
  const received = receipts.expect(body, RECEIVERS, performance.now());
  await post(url, token, patient, body);
  await received;
}

/** Loops `send` for `seconds`; resolves with how many completed. */
async function loop(seconds: number, send: () => Promise<void>): Promise<number> {
  const end = performance.now() + seconds * 1000;
  let n = 0;
  while (performance.now() < end) {
    await send();
    n++;
  }
  return n;
}

interface ChatRun {
  p50: number;
  p95: number;
  remoteP95: number;
  perSecond: number;
  sustainedP95: number;
}

/** The bench's chat lines (target beside each figure); never throws. */
export async function chatLines(): Promise<string[]> {
  if (!process.env.REDIS_URL) return ['chat delivery: skipped (set REDIS_URL: the two server processes share rooms through Redis)'];
  const a = await startServer({ DATA_DIR: BENCH_DIR, DATABASE_URL: '' });
  let b: Awaited<ReturnType<typeof startServer>> | undefined;
  let clients: Client[] = [];
  try {
    b = await startServer({ DATA_DIR: path.join(BENCH_DIR, 'chat-second-server'), DATABASE_URL: a.connectionString });
    const [sender, receiver, bystander] = await Promise.all(['navigator', 'community', 'admin'].map((u) => login(a.url, u)));
    const patients = await benchPatients(a.connectionString, SENDERS);
    // The receiver joins each conversation by writing in it first.
    for (const p of patients) await post(a.url, receiver, p, 'bench conversation');

    log(`chat: connecting ${CLIENTS} sockets, half to each server ...`);
    const specs = Array.from({ length: CLIENTS }, (_, i) => {
      const remote = i % 2 === 1;
      return { url: remote ? b!.url : a.url, token: i < RECEIVERS ? receiver : bystander, remote };
    });
    clients = await connectAll(specs);
    const receipts = new Receipts(clients.slice(0, RECEIVERS));
    const one = (i: number) => () => sendAndReceive(a.url, sender, patients[i], receipts);

    await loop(2, one(0)); // warm-up
    const runs: ChatRun[] = [];
    for (let run = 0; run < RUNS; run++) {
      receipts.reset();
      await loop(SECONDS, one(0));
      const all = [...receipts.local, ...receipts.remote];
      const latency = { p50: quantile(all, 0.5), p95: quantile(all, 0.95), remoteP95: quantile(receipts.remote, 0.95) };
      receipts.reset();
      const started = performance.now();
      const counts = await Promise.all(patients.map((_, i) => loop(SECONDS, one(i))));
      const elapsed = (performance.now() - started) / 1000;
      const sustained = [...receipts.local, ...receipts.remote];
      runs.push({ ...latency, perSecond: counts.reduce((s, n) => s + n, 0) / elapsed, sustainedP95: quantile(sustained, 0.95) });
      log(`  chat run ${run + 1}: p95 ${latency.p95.toFixed(1)} ms, ${runs[run].perSecond.toFixed(0)} messages/s`);
    }
    const of = (key: keyof ChatRun, unit: string, digits = 1) => `${median(runs.map((r) => r[key])).toFixed(digits)} ${unit}${spread(runs.map((r) => r[key]), digits)}`;
    const p95 = median(runs.map((r) => r.p95));
    const where = `2 server processes on one database through Redis, ${CLIENTS} connected sockets (${RECEIVERS} receiving, half on each server)`;
    return [
      `chat delivery, ${where}, median of ${RUNS} runs: send to receipt p50 ${of('p50', 'ms')}, p95 ${of('p95', 'ms')}, through Redis p95 ${of('remoteP95', 'ms')}   target p95 < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? 'met' : 'MISSED'}`,
      `chat sustained, ${SENDERS} senders each waiting for every receipt: ${of('perSecond', 'messages/s', 0)}, each to ${RECEIVERS} sockets, p95 ${of('sustainedP95', 'ms')} meanwhile`,
    ];
  } catch (err) {
    return [`chat delivery: failed (${(err as Error).message})`];
  } finally {
    for (const c of clients) c.socket.close();
    if (b) await stopServer(b.child);
    await stopServer(a.child);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await chatLines()) console.log(line);
}
