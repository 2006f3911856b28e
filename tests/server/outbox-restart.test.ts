import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { boot } from '../../server/boot';
import { loadConfig } from '../../server/config';

/**
 * Issue 4: a restart of the server between a submit and the message's delivery
 * still delivers it. The first server never gets to deliver (its worker would
 * first look in an hour); the second, on the same data, does.
 */
describe('outbox across a restart', () => {
  const cleanups: (() => Promise<void>)[] = [];
  after(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  });

  it('a support request submitted just before a shutdown is e-mailed after the next start', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'careweave-restart-'));
    await fs.chmod(dataDir, 0o755);
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    let databaseUrl = '';
    if (process.env.DATABASE_URL) {
      const name = `careweave_restart_${process.pid}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      cleanups.push(async () => {
        const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      });
    }
    const env = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DEMO_SEED: '1' };

    const first = await boot(loadConfig({ ...env, OUTBOX_INTERVAL_MS: '3600000' }));
    const answer = await fetch(`${first.url}/api/support-request/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'restart-test-key-000001' },
      body: JSON.stringify({ data: { user_email: 'night.shift@example.test', issue_type: 'Report a Problem', comment: 'Submitted right before the restart.' } }),
    });
    assert.equal(answer.status, 201);
    const pending = await first.db.selectFrom('outbox').select(['outbox_uid', 'status']).where('body', 'like', '%right before the restart%').execute();
    assert.deepEqual(pending.map((m) => m.status), ['pending']);
    await first.stop();

    const second = await boot(loadConfig({ ...env, OUTBOX_INTERVAL_MS: '100' }));
    cleanups.push(() => second.stop());
    let status = '';
    for (let i = 0; i < 100 && status !== 'delivered'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await second.db.selectFrom('outbox').select('status').where('outbox_uid', '=', pending[0].outbox_uid).executeTakeFirstOrThrow()).status;
    }
    assert.equal(status, 'delivered');
    const file = JSON.parse(await fs.readFile(path.join(dataDir, 'outbox', `${pending[0].outbox_uid}.json`), 'utf8'));
    assert.match(file.body, /right before the restart/);
  });
});
