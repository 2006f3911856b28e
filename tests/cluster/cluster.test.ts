import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { clusterRefusal } from '../../server/cluster-refusal';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-users';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { until } from './support/wait';
import { METRICS_TOKEN, processesReporting, REDIS_URL, startCluster, type Started } from './support/processes';

/**
 * Issue 36 sections 2 to 4: `npm run cluster -- --workers N` starts N server
 * processes on one port, on a shared PostgreSQL (here: a test server's
 * database) and Redis, and refuses N > 1 without both. One scrape of
 * /metrics holds every worker's figures. `npm run migrate` runs apart from
 * start, once however many run it at the same time.
 */

/** One request on a connection of its own (no keep-alive), so the cluster hands each to a worker in turn. */
function fresh(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false }, (response) => {
      let text = '';
      response.on('data', (c) => (text += c));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    // A connection handed to a worker as it was killed is never answered: give up on it, as a client would.
    request.setTimeout(5000, () => request.destroy(new Error('no answer in 5 s')));
    request.end(options.body);
  });
}

const scrape = async (url: string) => (await fresh(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text;

/** Every sample of `name` whose labels include `labels`: its process and value. */
function samples(text: string, name: string, labels: Record<string, string> = {}): { process?: string; value: number }[] {
  const found = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) found.push({ process: have.process, value: Number(m[3]) });
  }
  return found;
}

/** `npm run <script>` as a process of its own, with `env`; resolves with its exit code and output. */
function npmRun(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

describe('npm run cluster', () => {
  it('refuses several processes without a shared database and Redis, and says why', () => {
    assert.equal(clusterRefusal(1, {}), null);
    assert.equal(clusterRefusal(3, {}), '3 processes need a shared database and Redis; set DATABASE_URL (the embedded PostgreSQL serves one process) and REDIS_URL (socket.io rooms across processes)');
    assert.equal(clusterRefusal(2, { DATABASE_URL: 'postgres://x' }), '2 processes need a shared database and Redis; set REDIS_URL (socket.io rooms across processes)');
    assert.equal(clusterRefusal(2, { DATABASE_URL: 'postgres://x', REDIS_URL: 'redis://y' }), null);
    assert.match(clusterRefusal(0, {})!, /--workers must be a whole number/);
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/cluster.ts', '--workers', '3'], { env: { ...process.env, DATABASE_URL: '', REDIS_URL: '' }, encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 2);
    assert.match(run.stderr, /3 processes need a shared database and Redis; set DATABASE_URL/);
  });

  describe('two workers on one database and Redis', () => {
    let database: TestServer;
    let cluster: Started;

    before(async () => {
      database = await startTestServer();
      cluster = await startCluster(database.connectionString, 2);
    });
    after(async () => {
      await cluster?.stop();
      await database?.stop();
    });

    it('both answer on the one port, a session made through one works through the other, and one scrape holds both', async () => {
      const signIn = await fresh(`${cluster.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user_name: 'navigator', password: DEMO_PASSWORD }) });
      assert.equal(signIn.status, 200, signIn.text);
      const token = JSON.parse(signIn.text).data.attributes.token;
      const route = { method: 'GET', route: '/api/session/current', status: '200' };
      const before = samples(await scrape(cluster.url), 'careweave_http_requests_total', route).reduce((sum, s) => sum + s.value, 0);
      // Connections go to the workers in turn: each call below is on a new one.
      for (let i = 0; i < 12; i++) assert.equal((await fresh(`${cluster.url}/api/session/current`, { headers: { authorization: `Bearer ${token}` } })).status, 200);
      const text = await scrape(cluster.url);
      const counted = samples(text, 'careweave_http_requests_total', route);
      assert.equal(counted.reduce((sum, s) => sum + s.value, 0) - before, 12, 'every call counted once, whichever process answered');
      assert.equal(new Set(counted.map((s) => s.process)).size, 2, 'both processes answered');
      assert.equal((await processesReporting(cluster.url)).size, 2);
      // Database-wide figures once, not once per process.
      assert.equal(samples(text, 'careweave_outbox_pending').length, 1);
      assert.equal(samples(text, 'careweave_outbox_pending')[0].process, undefined);
    });

    it('a worker that dies is replaced', async () => {
      const [victim] = [...(await processesReporting(cluster.url))];
      process.kill(Number(victim), 'SIGKILL');
      // The replacement starts in a few seconds; until then the other worker answers every request.
      await until(async () => {
        const reporting = await processesReporting(cluster.url).catch(() => new Set<string>());
        return reporting.size === 2 && !reporting.has(victim);
      }, `a replacement for ${victim} answers`, 60_000);
    });
  });

  describe('npm run migrate', () => {
    let database: TestServer;
    let url: string;
    // On a shared PostgreSQL (DATABASE_URL) the name must be new each run, and the database is dropped after.
    const name = `migrate_apart_${process.pid}_${Date.now().toString(36)}`;
    const onAdmin = async (sql: string) => {
      const admin = new pg.Client({ connectionString: database.connectionString });
      await admin.connect();
      try {
        await admin.query(sql);
      } finally {
        await admin.end();
      }
    };

    before(async () => {
      database = await startTestServer();
      await onAdmin(`create database ${name}`);
      const target = new URL(database.connectionString);
      target.pathname = `/${name}`;
      url = target.toString();
    });
    after(async () => {
      if (!database) return;
      try {
        await onAdmin(`drop database if exists ${name} with (force)`);
      } finally {
        await database.stop();
      }
    });

    it('is refused by a start that does not migrate, runs once when started twice at the same time, and then the start serves', async () => {
      const env = { DATABASE_URL: url, REDIS_URL, DEMO_SEED: '0', MIGRATE_ON_START: '0', PORT: '0' };
      const refused = await npmRun(['server/cluster.ts', '--workers', '2'], env);
      assert.equal(refused.code, 1, refused.output);
      assert.match(refused.output, /The database is behind this release \(\d+ migrations to run, the first 001_core\): run npm run migrate first/);

      const [one, two] = await Promise.all([npmRun(['server/db/migrate-cli.ts'], env), npmRun(['server/db/migrate-cli.ts'], env)]);
      assert.deepEqual([one.code, two.code], [0, 0], one.output + two.output);
      const applied = [one.output, two.output].map((o) => /Applied migrations: (.*)/.exec(o)?.[1]);
      assert.equal(applied.filter(Boolean).length, 1, 'one of the two ran the migrations, the other found them done');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query('select name, count(*)::int as n from kysely_migration group by name having count(*) > 1');
      await client.end();
      assert.deepEqual(rows, []);

      const cluster = await startCluster(url, 2, { MIGRATE_ON_START: '0' });
      try {
        assert.equal((await fresh(`${cluster.url}/api/ready`)).status, 200);
      } finally {
        await cluster.stop();
      }
    });
  });
});
