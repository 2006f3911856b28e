import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { enqueueMessage } from '../../server/outbox/outbox.repository';
import type { Transport } from '../../server/outbox/transports';
import { startOutboxWorker } from '../../server/outbox/worker';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';

describe('outbox', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server?.stop();
  });

  it('delivers a message enqueued in a transaction, as a readable file and on /demo/outbox', async () => {
    const id = await server.db.transaction().execute((trx) => enqueueMessage(trx, { channel: 'sms', recipient: '6145550100', body: 'Your Careweave code is 123456' }));
    assert.equal(await server.outbox.runOnce(), 1);
    const file = JSON.parse(await fs.readFile(path.join(server.dataDir, 'outbox', `${id}.json`), 'utf8'));
    assert.equal(file.body, 'Your Careweave code is 123456');
    const row = await server.db.selectFrom('outbox').selectAll().where('outbox_uid', '=', id).executeTakeFirstOrThrow();
    assert.equal(row.status, 'delivered');
    const page = await (await fetch(`${server.url}/demo/outbox`)).text();
    assert.match(page, /Your Careweave code is 123456/);
  });

  it('does not send a message whose transaction rolled back', async () => {
    await assert.rejects(
      server.db.transaction().execute(async (trx) => {
        await enqueueMessage(trx, { channel: 'email', recipient: 'x@example.test', subject: 'never', body: 'rolled back' });
        throw new Error('record failed');
      }),
    );
    const rows = await server.db.selectFrom('outbox').select('body').where('body', '=', 'rolled back').execute();
    assert.equal(rows.length, 0);
  });

  it('keeps a failed delivery pending for a retry, and a new worker (after a restart) delivers it', async () => {
    const id = await enqueueMessage(server.db, { channel: 'email', recipient: 'school@example.test', subject: 'Handle with Care', body: 'retry me' });
    await server.outbox.stop();
    const sent: string[] = [];
    const broken: Transport = { name: 'file', send: async () => Promise.reject(new Error('smtp down')) };
    const failing = startOutboxWorker(server.db, broken, 60_000);
    assert.equal(await failing.runOnce(), 0);
    await failing.stop();
    let row = await server.db.selectFrom('outbox').selectAll().where('outbox_uid', '=', id).executeTakeFirstOrThrow();
    assert.equal(row.status, 'pending');
    assert.equal(row.last_error, 'smtp down');
    await server.db.updateTable('outbox').set({ deliver_after: new Date(0) }).where('outbox_uid', '=', id).execute();
    const working = startOutboxWorker(server.db, { name: 'file', send: async (m) => void sent.push(m.body) }, 60_000);
    assert.equal(await working.runOnce(), 1);
    await working.stop();
    row = await server.db.selectFrom('outbox').selectAll().where('outbox_uid', '=', id).executeTakeFirstOrThrow();
    assert.equal(row.status, 'delivered');
    assert.deepEqual(sent, ['retry me']);
  });
});
