import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { deleteExpiredSessions } from './auth/sessions.repository';
import type { Config } from './config';
import { createDb, type Db } from './db/connect';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { migrateToLatest } from './db/migrate';
import { seedBase, seedDemo } from './db/seed/demo';
import { pruneHits } from './security/rate-limit';
import { pruneIdempotentRequests } from './public-forms/idempotency';
import { fileTransport, smtpTransport } from './outbox/transports';
import { startOutboxWorker, type OutboxWorker } from './outbox/worker';

export interface Running {
  app: FastifyInstance;
  db: Db;
  url: string;
  connectionString: string;
  outbox: OutboxWorker;
  stop(): Promise<void>;
}

const HOUSEKEEPING_MS = 10 * 60_000;

/** Database (embedded or DATABASE_URL), migrations, seed, HTTP app: in that order. */
export async function boot(config: Config, options: { logger?: boolean; log?: (m: string) => void } = {}): Promise<Running> {
  const log = options.log ?? (() => {});
  let embedded: EmbeddedDatabase | undefined;
  let connectionString = config.databaseUrl;
  if (!connectionString) {
    log(`Starting embedded PostgreSQL in ${config.dataDir}/pg ...`);
    embedded = await startEmbeddedPostgres(config.dataDir);
    connectionString = embedded.connectionString;
  }
  const { db, pool } = createDb(connectionString, config.pgPoolMax);
  try {
    const applied = await migrateToLatest(db);
    if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
    await seedBase(db);
    if (config.demoSeed && (await seedDemo(db))) log('Seeded demo data.');
  } catch (err) {
    await pool.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw err;
  }

  const app = await buildApp({ db, config }, { logger: options.logger });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;

  const outbox = startOutboxWorker(db, config.smtpUrl ? smtpTransport(config.smtpUrl, config.dataDir) : fileTransport(config.dataDir), config.outboxIntervalMs);

  const housekeeping = setInterval(() => {
    void deleteExpiredSessions(db).catch(() => {});
    void pruneHits(db, 24 * 3600).catch(() => {});
    void pruneIdempotentRequests(db).catch(() => {});
  }, HOUSEKEEPING_MS);
  housekeeping.unref();

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      clearInterval(housekeeping);
      await app.close(); // waits for in-flight requests
      await outbox.stop();
      await db.destroy();
      await embedded?.stop();
    })());
  return { app, db, url, connectionString, outbox, stop };
}
