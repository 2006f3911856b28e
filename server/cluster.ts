/**
 * `npm run cluster -- --workers 3` (or `WORKERS=3 npm run cluster`): issue 36
 * section 2. One primary migrates and seeds the database once, then starts N
 * server processes that share the port (Node's cluster module hands new
 * connections to them in turn; the widgets' sockets are WebSocket-only, so
 * no request needs to stick to one). State the processes share lives in
 * PostgreSQL (sessions, limits, idempotency keys, the outbox, caches'
 * notices) and Redis (socket.io rooms): N > 1 is refused without both.
 * A worker that dies is replaced; SIGTERM stops the workers one after
 * another's drain, then the primary.
 */
import cluster from 'node:cluster';
import net from 'node:net';
import { parseArgs } from 'node:util';
import { boot, prepareDatabase } from './boot';
import { loadConfig } from './config';
import { createDb, poolOptions } from './db/connect';
import { takeOverShutdownSignals } from './db/embedded';
import { clusterRefusal } from './cluster-refusal';

function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const log = (m: string) => console.log(`[careweave ${cluster.isPrimary ? 'primary' : `worker ${cluster.worker?.id}`}] ${m}`);

if (cluster.isPrimary) {
  const { values } = parseArgs({ options: { workers: { type: 'string' } }, allowPositionals: false });
  const workers = Number(values.workers ?? process.env.WORKERS ?? 1);
  const refusal = clusterRefusal(workers, process.env);
  if (refusal) {
    console.error(`[careweave] ${refusal}`);
    process.exit(2);
  }
  const config = loadConfig();
  // On a shared database the primary prepares it once; one process on the embedded database prepares its own.
  if (config.databaseUrl) {
    const { db } = createDb(config.databaseUrl, poolOptions(config));
    try {
      await prepareDatabase(db, config, log);
    } finally {
      await db.destroy();
    }
  }
  // In a cluster each worker's listen(0) would get a port of its own: the primary picks the one they share.
  const port = config.port === 0 ? await freePort(config.host) : config.port;
  let stopping = false;
  const start = () => cluster.fork({ CAREWEAVE_PREPARED: config.databaseUrl ? '1' : '0', PORT: String(port) });
  for (let i = 0; i < workers; i++) start();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log(`worker ${worker.id} ended (${signal ?? code}); starting another`);
    start();
  });
  // Announced once every worker listens: before that, connections would all go to the ones that do.
  const listening = new Set<number>();
  cluster.on('listening', (worker, address) => {
    listening.add(worker.id);
    if (listening.size === workers && !stopping) log(`Careweave is running at http://localhost:${address.port}/ (${workers} processes)`);
  });
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: draining the workers ...`);
    await Promise.all(Object.values(cluster.workers ?? {}).map((w) => new Promise<void>((resolve) => (w!.once('exit', () => resolve()), w!.process.kill('SIGTERM')))));
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void shutdown(signal));
} else {
  const config = loadConfig();
  try {
    const running = await boot(config, { log, prepared: process.env.CAREWEAVE_PREPARED === '1' });
    takeOverShutdownSignals();
    let signalled = false;
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.on(signal, () => {
        if (signalled) return;
        signalled = true;
        running.stop().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      });
    }
  } catch (err) {
    console.error('[careweave] a worker failed to start:', err);
    process.exit(1);
  }
}
