import cluster from 'node:cluster';
import type pg from 'pg';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql } from 'kysely';
import { poolTimeouts, type Db } from '../db/connect';
import { sqlNow } from '../db/clock';
import { askPrimary } from './cluster-metrics';

/**
 * Issue 36 section 3: what an operator watches, in Prometheus' format
 * (prom-client). Per process: requests and their latency by route (the
 * route's pattern, never its ids), the pool (in use, idle, waiting, timed
 * out), socket connections, event-loop lag and the process's own figures.
 * Read from the database at each scrape, so every process reports the same:
 * the outbox backlog and the age of its oldest message, and the identity
 * import's runs. Those have no `process` label (their own registry), so a
 * cluster's scrape shows them once.
 */
export interface Metrics {
  /** The text a scrape answers: this process's figures, or in a cluster every worker's (server/metrics/cluster-metrics.ts). */
  scrape(): Promise<string>;
  contentType: string;
  requests: Counter<'method' | 'route' | 'status'>;
  duration: Histogram<'method' | 'route'>;
  sockets: Gauge;
}

export function createMetrics(db: Db, pool: pg.Pool): Metrics {
  const registry = new Registry();
  // Which process each figure is from: a cluster's scrape holds every worker's.
  registry.setDefaultLabels({ app: 'careweave', process: String(process.pid) });
  const shared = new Registry();
  shared.setDefaultLabels({ app: 'careweave' });
  collectDefaultMetrics({ register: registry, prefix: 'careweave_' });
  const requests = new Counter({ name: 'careweave_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status', labelNames: ['method', 'route', 'status'] as const, registers: [registry] });
  const duration = new Histogram({
    name: 'careweave_http_request_duration_seconds',
    help: 'Time to answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const sockets = new Gauge({ name: 'careweave_socket_connections', help: 'Open socket.io connections to this process', registers: [registry] });
  new Gauge({
    name: 'careweave_db_pool_connections',
    help: 'Database pool connections of this process, by state',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Counter({
    name: 'careweave_db_pool_timeouts_total',
    help: 'Requests that found no free database connection in time (answered 503)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(poolTimeouts.count);
    },
  });
  const backlog = async () =>
    (
      await sql<{ pending: number; oldest: number | null }>`
        select count(*)::int as pending, extract(epoch from ${sqlNow()} - min(created_at))::float8 as oldest from outbox where status = 'pending'`.execute(db)
    ).rows[0];
  // prom-client collects every metric of a scrape at once: each reads the backlog itself (one index-only count).
  new Gauge({
    name: 'careweave_outbox_pending',
    help: 'Messages waiting in the outbox (all processes)',
    registers: [shared],
    aggregator: 'max',
    async collect() {
      this.set((await backlog())?.pending ?? 0);
    },
  });
  new Gauge({
    name: 'careweave_outbox_oldest_pending_seconds',
    help: 'Age of the oldest message waiting in the outbox (0 when none waits)',
    registers: [shared],
    aggregator: 'max',
    async collect() {
      this.set(Math.max(0, (await backlog())?.oldest ?? 0));
    },
  });
  new Gauge({
    name: 'careweave_import_runs',
    help: 'Identity import runs, by state (all processes)',
    labelNames: ['state'] as const,
    registers: [shared],
    aggregator: 'max',
    async collect() {
      const { rows } = await sql<{ finished: number; running: number }>`
        select count(distinct run_uid) filter (where finished_at is not null)::int as finished,
               count(distinct run_uid) filter (where finished_at is null)::int as running
          from tbl_identity_source_status`.execute(db);
      this.set({ state: 'finished' }, rows[0]?.finished ?? 0);
      this.set({ state: 'running' }, rows[0]?.running ?? 0);
    },
  });
  if (cluster.isWorker) {
    // The primary's AggregatorRegistry asks each worker for these (prom-client's cluster messages).
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([registry, shared]);
  }
  return {
    // Two expositions one after the other are one: their metric names differ.
    scrape: cluster.isWorker ? askPrimary : async () => `${await registry.metrics()}${await shared.metrics()}`,
    contentType: registry.contentType,
    requests,
    duration,
    sockets,
  };
}
