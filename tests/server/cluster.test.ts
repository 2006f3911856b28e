import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { clusterRefusal } from '../../server/cluster-refusal';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-users';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';

/**
 * Issue 36 section 2: `npm run cluster -- --workers N` starts N server
 * processes on one port, on the machine's own PostgreSQL (here: a test
 * server's database) and Redis; it refuses N > 1 without both.
 */

const TOKEN = 'cluster-metrics-token';

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
    let child: ChildProcess;
    let url: string;

    before(async () => {
      database = await startTestServer();
      child = spawn(process.execPath, ['--import', 'tsx', 'server/cluster.ts', '--workers', '2'], {
        env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: database.connectionString, REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379', DEMO_SEED: '0', METRICS_TOKEN: TOKEN },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stderr!.on('data', (c) => (output += c));
      url = await new Promise<string>((resolve, reject) => {
        child.stdout!.on('data', (c) => {
          output += c;
          const m = /running at (http\S+)\//.exec(output);
          if (m) resolve(m[1].replace('localhost', '127.0.0.1'));
        });
        child.on('exit', (code) => reject(new Error(`the cluster exited (${code}):\n${output}`)));
      });
    });
    after(async () => {
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child.on('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await database?.stop();
    });

    it('both processes answer on the one port, and a session made through one works through the other', async () => {
      const signIn = await fresh(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user_name: 'navigator', password: DEMO_PASSWORD }) });
      assert.equal(signIn.status, 200, signIn.text);
      const token = JSON.parse(signIn.text).data.attributes.token;
      // Connections go to the workers in turn: each call below is on a new one, so both workers answer each kind.
      for (let i = 0; i < 4; i++) assert.equal((await fresh(`${url}/api/session/current`, { headers: { authorization: `Bearer ${token}` } })).status, 200);
      const processes = new Set<string>();
      for (let i = 0; i < 6; i++) {
        const metrics = await fresh(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
        assert.equal(metrics.status, 200);
        processes.add(/process="(\d+)"/.exec(metrics.text)![1]);
      }
      assert.equal(processes.size, 2, 'two processes answered');
    });

    it('a worker that dies is replaced', async () => {
      const pidOf = async () => /process="(\d+)"/.exec((await fresh(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text)?.[1] ?? '';
      const victim = Number(await pidOf());
      process.kill(victim, 'SIGKILL');
      const seen = new Set<string>();
      // The replacement starts in a few seconds; until then the other worker answers every request.
      for (const stop = Date.now() + 60_000; seen.size < 2 || seen.has(String(victim)); ) {
        assert.ok(Date.now() < stop, `a replacement for ${victim} answers (seen ${[...seen].join(', ')})`);
        const answer = await fresh(`${url}/api/live`).catch(() => ({ status: 0, text: '' }));
        if (answer.status !== 200) continue;
        seen.clear();
        // A connection handed out as the killed worker went is reset: that answer is nobody's.
        for (let i = 0; i < 6; i++) seen.add(await pidOf().catch(() => ''));
        seen.delete('');
      }
      assert.equal(seen.has(String(victim)), false);
    });
  });
});
