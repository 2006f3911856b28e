import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { deleteExpiredSessions } from './auth/sessions.repository';
import { pruneTrustedClients } from './auth/trusted-clients';
import { checkBinding, type Config } from './config';
import { createDb, poolOptions, type Db } from './db/connect';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { migrateToLatest, pendingMigrations } from './db/migrate';
import { seedBase, seedDemo } from './db/seed/demo';
import { fileStore } from './files/file-store';
import { importDemoExtract } from './identity/demo-seed';
import { pruneHits } from './security/rate-limit';
import { pruneIdempotentRequests } from './public-forms/idempotency';
import { trackUnusedConnections } from './unused-connections';
import { transportsFor } from './outbox/transports';
import { FHIR_POLL_MS, pollFhirReferrals } from './fhir/outbound-sync';
import { sweepExpiredOidcRows } from './smart-apps/oidc-adapter';
import { startOutboxWorker, type OutboxWorker } from './outbox/worker';
import { snapshotQueueSizes } from './reports/queue-snapshots';
import { registerDemoIdp } from './demo-oidc/demo-idp';
import { createMetrics } from './metrics/metrics';
import { listenForNotices } from './cache/cluster-notices';
import { applyNotice, forgetEverything } from './cache/notice-handlers';
import { registerDemoEhr } from './demo-oidc/demo-ehr';
import { registerDemoSmartApp } from './demo-oidc/demo-smart-app';

export interface Running {
  app: FastifyInstance;
  db: Db;
  url: string;
  connectionString: string;
  outbox: OutboxWorker;
  /** Finishes requests in flight and stops; past SHUTDOWN_TIMEOUT_MS it cuts them off and rejects. */
  stop(): Promise<void>;
}

const HOUSEKEEPING_MS = 10 * 60_000;

/** Fastify closes the listening socket after its preClose hooks, a tick or more after close() is called. */
const stoppedListening = (server: { listening: boolean }) =>
  new Promise<void>((resolve) => {
    const check = setInterval(() => {
      if (server.listening) return;
      clearInterval(check);
      resolve();
    }, 5);
  });

export class ShutdownDeadlineError extends Error {
  constructor(ms: number) {
    super(`Requests still running ${ms} ms after the stop signal: connections were closed`);
  }
}

/**
 * Migrations, then the base rows and (on a demo install) the demo data: once
 * per database, before any process serves it. With MIGRATE_ON_START=0 that
 * is `npm run migrate`'s job, and a database it has not brought up to this
 * release is refused rather than served.
 */
export async function prepareDatabase(db: Db, config: Config, log: (m: string) => void, how: 'on start' | 'migrate' = 'migrate'): Promise<void> {
  if (how === 'on start' && !config.migrateOnStart) {
    const pending = await pendingMigrations(db);
    if (pending.length) throw new Error(`The database is behind this release (${pending.length} migrations to run, the first ${pending[0]}): run npm run migrate first`);
    return;
  }
  const applied = await migrateToLatest(db);
  if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
  await seedBase(db);
  if (config.demoSeed && (await seedDemo(db, await fileStore(config)))) log('Seeded demo data.');
  if (config.demoSeed && (await importDemoExtract(db, config.demoExtractChildren))) log(`Imported a demo identity extract (${config.demoExtractChildren} children).`);
}

/**
 * Database (embedded or DATABASE_URL), migrations, seed, HTTP app: in that
 * order. `prepared`: a cluster's primary has migrated and seeded already
 * (server/cluster.ts), so its workers only serve.
 */
export async function boot(config: Config, options: { log?: (m: string) => void; prepared?: boolean } = {}): Promise<Running> {
  const log = options.log ?? (() => {});
  checkBinding(config);
  let embedded: EmbeddedDatabase | undefined;
  let connectionString = config.databaseUrl;
  if (!connectionString) {
    log(`Starting embedded PostgreSQL in ${config.dataDir}/pg ...`);
    embedded = await startEmbeddedPostgres(config.dataDir);
    connectionString = embedded.connectionString;
  }
  const { db, pool, destroyConnections } = createDb(connectionString, poolOptions(config));
  try {
    if (!options.prepared) await prepareDatabase(db, config, log, 'on start');
  } catch (err) {
    await pool.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw err;
  }

  const notices = await listenForNotices(connectionString, applyNotice, forgetEverything).catch(async (err) => {
    await pool.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw err;
  });
  const app = await buildApp({ db, config, metrics: createMetrics(db, pool) });
  const connections = trackUnusedConnections(app.server);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  config.publicUrl ||= `http://localhost:${port}`;
  if (config.demoSeed) {
    await registerDemoIdp(db, config.publicUrl);
    await registerDemoEhr(db, config.publicUrl);
    await registerDemoSmartApp(db, config.publicUrl);
  }

  const outbox = startOutboxWorker(db, transportsFor(config, db), config.outboxIntervalMs);
  // Referrals sent by FHIR (issue 35): their Tasks' statuses read back.
  const fhirPoll = setInterval(() => void pollFhirReferrals(db).catch(() => {}), FHIR_POLL_MS);
  fhirPoll.unref();

  void snapshotQueueSizes(db).catch(() => {});
  const housekeeping = setInterval(() => {
    void snapshotQueueSizes(db).catch(() => {});
    void deleteExpiredSessions(db).catch(() => {});
    void pruneHits(db, 24 * 3600).catch(() => {});
    void pruneIdempotentRequests(db).catch(() => {});
    void pruneTrustedClients(db).catch(() => {});
    void sweepExpiredOidcRows(db).catch(() => {});
  }, HOUSEKEEPING_MS);
  housekeeping.unref();

  const orderly = async () => {
    clearInterval(housekeeping);
    clearInterval(fhirPoll);
    const closed = app.close(); // waits for in-flight requests
    // Only once the server no longer listens: until then a new connection is a client to serve, not to cut.
    await stoppedListening(app.server);
    connections.cutUnused();
    await closed;
    // A request whose client has gone still runs its handler; the database stays open for it.
    await app.requestsEnded();
    await outbox.stop();
    await notices.stop();
    await db.destroy();
    await embedded?.stop();
  };
  /**
   * A request stuck on the database (or a client that never finishes) must
   * not keep the process alive forever: past the deadline every HTTP and
   * database connection is cut, and stop() rejects so the caller exits non-zero.
   */
  const forced = async () => {
    app.server.closeAllConnections();
    destroyConnections();
    void notices.stop();
    await embedded?.stop().catch(() => {});
    throw new ShutdownDeadlineError(config.shutdownTimeoutMs);
  };

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), config.shutdownTimeoutMs)));
      const done = orderly().then(() => 'done' as const);
      const outcome = await Promise.race([done, deadline]);
      clearTimeout(timer);
      if (outcome === 'late') {
        done.catch(() => {}); // the orderly path fails once its connections are cut
        await forced();
      }
    })());
  return { app, db, url, connectionString, outbox, stop };
}
