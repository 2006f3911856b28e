import os from 'node:os';
import path from 'node:path';

/** Every setting comes from the environment; README lists them. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  allowedOrigins: string[];
  demoSeed: boolean;
  /** Idle minutes before a session expires (spec 002: 60). */
  sessionIdleMinutes: number;
  /**
   * Database connections per process. PostgreSQL serves most when about two
   * queries per core run at once; more only adds context switches and tail
   * latency (measured with npm run bench: p99 48 ms at 20, 29 ms at 4 on 2 cores).
   */
  pgPoolMax: number;
  /** How long a session row is reused between requests (0: read every time). */
  sessionCacheMs: number;
  /** How often the outbox worker looks for messages to deliver. */
  outboxIntervalMs: number;
  /** How long list totals are reused (0: always count). */
  countCacheMs: number;
  /** Serve dist/ (the built shell and elements) when present. */
  distDir: string;
  logLevel: string;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !/^(0|false|off|no)$/i.test(value);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    demoSeed: bool(env.DEMO_SEED, true),
    sessionIdleMinutes: Number(env.SESSION_IDLE_MINUTES ?? 60),
    pgPoolMax: Number(env.PG_POOL_MAX ?? Math.max(4, 2 * os.availableParallelism())),
    sessionCacheMs: Number(env.SESSION_CACHE_MS ?? 1000),
    countCacheMs: Number(env.COUNT_CACHE_MS ?? 3000),
    outboxIntervalMs: Number(env.OUTBOX_INTERVAL_MS ?? 2000),
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
