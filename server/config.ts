import os from 'node:os';
import path from 'node:path';

/** Every setting comes from the environment; README lists them. */
export interface Config {
  port: number;
  /** Loopback by default: a demo install must not be reachable from the network by accident. */
  host: string;
  /**
   * Where people reach Careweave (links in e-mails and PDFs). Never taken from
   * a request's Host header, which any caller can set; without PUBLIC_URL it is
   * http://localhost:<port> once the server listens.
   */
  publicUrl: string;
  /** Fastify's trustProxy: a hop count or a list of proxy addresses/CIDRs; never "any". */
  trustProxy: number | string | false;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  /** Text-message delivery (server/outbox/sms.ts); without it texts wait in the outbox. */
  smsUrl?: string;
  /**
   * The address search's geocoder (server/geocoder/): a Geoapify-style
   * autocomplete endpoint, asked `GET {url}?text=&apiKey=&format=json`.
   * Without it the search answers a 5-digit zip from the reference geo data, and nothing else.
   */
  geocoderUrl?: string;
  geocoderApiKey?: string;
  /** How long the geocoder may take before the search answers 504 'Unable to autocomplete address'. */
  geocoderTimeoutMs: number;
  allowedOrigins: string[];
  demoSeed: boolean;
  /** API_DOCS: who may read /api/openapi.json and /api/docs: anyone ('public', a demo install's default) or administrators ('admin'). */
  apiDocs: 'public' | 'admin';
  /** Migrate (and seed) when a process starts; with MIGRATE_ON_START=0 `npm run migrate` does it, and a start on a database behind refuses. */
  migrateOnStart: boolean;
  /** Children in the demo identity extract imported when a demo install has had no import yet (0: none). */
  demoExtractChildren: number;
  /** Lets a demo install listen beyond loopback (ALLOW_DEMO_ON_NETWORK=1). */
  allowDemoOnNetwork: boolean;
  /** Idle minutes before a session expires (spec 002: 60). */
  sessionIdleMinutes: number;
  /** Hours a session lives however active it is (absolute lifetime). */
  sessionMaxHours: number;
  /**
   * Database connections per process. PostgreSQL serves most when about two
   * queries per core run at once; more only adds context switches and tail
   * latency (measured with npm run bench: p99 48 ms at 20, 29 ms at 4 on 2 cores).
   */
  pgPoolMax: number;
  /** How long a session row is reused between requests (0: read every time). */
  sessionCacheMs: number;
  /** How long a request waits for a pooled connection before a 503. */
  pgAcquireTimeoutMs: number;
  /** Longest a single statement may run. */
  pgStatementTimeoutMs: number;
  /** After a stop signal, in-flight requests get this long; then connections are cut and the process exits 1. */
  shutdownTimeoutMs: number;
  /** How often the outbox worker looks for messages to deliver. */
  outboxIntervalMs: number;
  /** How long list totals are reused (0: always count). */
  countCacheMs: number;
  referenceCacheMs: number;
  /** Serve dist/ (the built shell and elements) when present. */
  distDir: string;
  logLevel: string;
  /** LOG_REQUESTS=1: a line for every request at info (LOG_LEVEL), not only server errors. */
  logRequests: boolean;
  /** LOG_FILE: the log is appended to this file instead of stderr. */
  logFile?: string;
  /**
   * RESPONSE_LOG: every /api JSON answer (method, route, status, body) is appended to this file, one
   * line each, for the e2e run's check against the OpenAPI document (issue 37 section 3). Tests only.
   */
  responseLog?: string;
  /** STRICT_ANSWERS=1: an answer that breaks its route's schema is a 500 naming the member (server/api-docs/strict-answers.ts). Tests only. */
  strictAnswers: boolean;
  /** GET /metrics answers only a bearer of this token (METRICS_TOKEN); without one it is not served at all. */
  metricsToken: string;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !/^(0|false|off|no)$/i.test(value);
}

/** TRUST_PROXY: '2' trusts two hops, '10.0.0.1,10.0.0.0/8' those addresses; anything else nothing. */
export function parseTrustProxy(value: string | undefined): number | string | false {
  const v = value?.trim() ?? '';
  if (v === '' || /^(0|false|off|no)$/i.test(v)) return false;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  if (/^(true|on|yes)$/i.test(v)) throw new Error('TRUST_PROXY must be a hop count (e.g. 1) or a list of proxy addresses, not "true": trusting any X-Forwarded-For lets every caller choose its address');
  return v;
}

/** GEOCODER_URL: an http(s) address, refused at start otherwise (a typo would fail every search later). */
export function parseGeocoderUrl(value: string | undefined): string | undefined {
  const v = value?.trim() ?? '';
  if (v === '') return undefined;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new Error('GEOCODER_URL must be an http(s) address, e.g. https://api.geoapify.com/v1/geocode/autocomplete');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('GEOCODER_URL must be an http(s) address');
  return url.toString();
}

function parseTimeoutMs(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of milliseconds`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    publicUrl: (env.PUBLIC_URL ?? '').replace(/\/+$/, ''),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    smsUrl: env.SMS_URL || undefined,
    geocoderUrl: parseGeocoderUrl(env.GEOCODER_URL),
    geocoderApiKey: env.GEOCODER_API_KEY || undefined,
    geocoderTimeoutMs: parseTimeoutMs('GEOCODER_TIMEOUT_MS', env.GEOCODER_TIMEOUT_MS, 5000),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    demoSeed: bool(env.DEMO_SEED, true),
    apiDocs: env.API_DOCS === 'public' || env.API_DOCS === 'admin' ? env.API_DOCS : bool(env.DEMO_SEED, true) ? 'public' : 'admin',
    migrateOnStart: bool(env.MIGRATE_ON_START, true),
    demoExtractChildren: Number(env.DEMO_EXTRACT_CHILDREN ?? 200),
    allowDemoOnNetwork: bool(env.ALLOW_DEMO_ON_NETWORK, false),
    sessionIdleMinutes: Number(env.SESSION_IDLE_MINUTES ?? 60),
    sessionMaxHours: Number(env.SESSION_MAX_HOURS ?? 12),
    pgPoolMax: Number(env.PG_POOL_MAX ?? Math.max(4, 2 * os.availableParallelism())),
    sessionCacheMs: Number(env.SESSION_CACHE_MS ?? 1000),
    pgAcquireTimeoutMs: Number(env.PG_ACQUIRE_TIMEOUT_MS ?? 5000),
    pgStatementTimeoutMs: Number(env.PG_STATEMENT_TIMEOUT_MS ?? 15000),
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS ?? 15000),
    countCacheMs: Number(env.COUNT_CACHE_MS ?? 3000),
    referenceCacheMs: Number(env.REFERENCE_CACHE_MS ?? 5000),
    outboxIntervalMs: Number(env.OUTBOX_INTERVAL_MS ?? 2000),
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    logRequests: bool(env.LOG_REQUESTS, false),
    logFile: env.LOG_FILE ? path.resolve(env.LOG_FILE) : undefined,
    responseLog: env.RESPONSE_LOG ? path.resolve(env.RESPONSE_LOG) : undefined,
    strictAnswers: bool(env.STRICT_ANSWERS, false),
    metricsToken: env.METRICS_TOKEN ?? '',
  };
}

export const isLoopbackHost = (host: string) => /^(127(\.\d{1,3}){3}|::1|localhost)$/i.test(host);

/**
 * The demo logins' password is in the README: a demo install listens on
 * loopback only, unless the operator says otherwise on purpose.
 */
export function checkBinding(config: Config): void {
  if (config.demoSeed && !isLoopbackHost(config.host) && !config.allowDemoOnNetwork) {
    throw new Error(
      `HOST=${config.host} would put the demo logins (published password) on the network. ` +
        'Set DEMO_SEED=0 for a real install, or ALLOW_DEMO_ON_NETWORK=1 to show the demo on a network on purpose.',
    );
  }
}
