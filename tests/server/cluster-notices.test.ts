import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { overdoseEvent } from './support/overdose-event';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, fieldErrors, login, type LoggedIn } from './support/http';

/**
 * Issue 36 section 1: two server processes on one database, each caching
 * session and reference rows for a minute here (far longer than a test):
 * a sign-out or an administrator's change made through one is seen by the
 * other at once, through PostgreSQL's LISTEN/NOTIFY, not when its cache ends.
 */

const CACHE_MS = '60000';
let a: TestServer;
let b: { url: string; child: ChildProcess; dataDir: string };

/** Polls until `condition` holds or the deadline passes (the notice's trip between processes takes milliseconds). */
async function until(condition: () => Promise<boolean>, what: string, ms = 5000): Promise<void> {
  for (const stop = Date.now() + ms; !(await condition()); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() > stop) assert.fail(`${what}: not within ${ms} ms`);
  }
}

before(async () => {
  a = await startTestServer({ SESSION_CACHE_MS: CACHE_MS, REFERENCE_CACHE_MS: CACHE_MS });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'careweave-second-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: a.connectionString, DEMO_SEED: '0', SESSION_CACHE_MS: CACHE_MS, REFERENCE_CACHE_MS: CACHE_MS },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const url = await new Promise<string>((resolve, reject) => {
    const seen = () => {
      const m = /running at (http\S+)\//.exec(output);
      if (m) resolve(m[1].replace('localhost', '127.0.0.1'));
    };
    child.stdout!.on('data', seen);
    child.on('exit', (code) => reject(new Error(`the second server exited (${code}):\n${output}`)));
  });
  b = { url, child, dataDir };
});

after(async () => {
  if (b) {
    const exited = new Promise((resolve) => b.child.on('exit', resolve));
    b.child.kill('SIGTERM');
    await exited;
    await fs.rm(b.dataDir, { recursive: true, force: true });
  }
  await a?.stop();
});

describe('two processes on one database', () => {
  it('a sign-out on one ends the session on the other at once', async () => {
    const user = await login(a.url, 'navigator');
    assert.equal((await call(b.url, '/api/session/current', { token: user.token })).status, 200, 'the second process reads (and keeps) the session');
    assert.equal((await call(a.url, '/api/auth/logout', { method: 'POST', token: user.token })).status, 204);
    await until(async () => (await call(b.url, '/api/session/current', { token: user.token })).status === 401, 'the other process refuses the ended session');
  });

  it('without a notice the other process keeps its copy: a row deleted behind its back still signs in there (the cache the notices are about)', async () => {
    const user = await login(a.url, 'director');
    assert.equal((await call(b.url, '/api/session/current', { token: user.token })).status, 200);
    await a.db.deleteFrom('session').where('user_uid', '=', user.session.user_uid).execute();
    assert.equal((await call(b.url, '/api/session/current', { token: user.token })).status, 200);
  });

  it("an administrator's change to a reference list is what the other process checks next", async () => {
    const admin = await login(a.url, 'admin');
    const navigator: LoggedIn = await login(b.url, 'navigator');
    const statuses = (await call(a.url, '/api/admin/reference/statuses', { token: admin.token })).body.data;
    const confirmed = statuses.find((r: any) => r.attributes.values.ref_data_type === 'medical_event__drug_overdose' && r.attributes.values.name === 'confirmed');
    const patient = await a.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', navigator.session.current_division_uid).orderBy('last_name').executeTakeFirstOrThrow();
    const save = () =>
      call(b.url, '/api/medical-events', {
        token: navigator.token,
        headers: { 'idempotency-key': crypto.randomUUID() },
        body: overdoseEvent(patient.patient_uid, confirmed.id),
      });
    // Saved once on the second process, so the type's statuses sit in its reference cache.
    assert.equal((await save()).status, 201);
    assert.equal((await call(a.url, `/api/admin/reference/statuses/${confirmed.id}/deactivate`, { method: 'POST', token: admin.token })).status, 200);
    let refused: Awaited<ReturnType<typeof save>> | undefined;
    await until(async () => (refused = await save()).status === 422, 'the other process refuses the deactivated status');
    assert.deepEqual(fieldErrors(refused!), { 'data.attributes.status_uid': NOT_LISTED });
    assert.equal((await call(a.url, `/api/admin/reference/statuses/${confirmed.id}/reactivate`, { method: 'POST', token: admin.token })).status, 200);
    await until(async () => (await save()).status === 201, 'accepted again once reactivated');
  });
});
