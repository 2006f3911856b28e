import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { enqueueMessage } from '../../server/outbox/outbox.repository';
import { smsTransport } from '../../server/outbox/sms';
import type { Transport } from '../../server/outbox/transports';
import { startOutboxWorker } from '../../server/outbox/worker';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { login } from './support/http';

describe('outbox', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server?.stop();
  });

  it('delivers an e-mail enqueued in a transaction, as a readable file and on /demo/outbox', async () => {
    const id = await server.db.transaction().execute((trx) => enqueueMessage(trx, { channel: 'email', recipient: 'school@example.test', subject: 'Notice', body: 'Handle with Care notice 42' }));
    assert.equal(await server.outbox.runOnce(), 1);
    const file = JSON.parse(await fs.readFile(path.join(server.dataDir, 'outbox', `${id}.json`), 'utf8'));
    assert.equal(file.body, 'Handle with Care notice 42');
    const row = await server.db.selectFrom('outbox').selectAll().where('outbox_uid', '=', id).executeTakeFirstOrThrow();
    assert.equal(row.status, 'delivered');
    const page = await (await fetch(`${server.url}/demo/outbox`)).text();
    assert.match(page, /Handle with Care notice 42/);
  });

  it('keeps a text message waiting without SMS_URL: never written to disk, listed on the demo outbox', async () => {
    const id = await enqueueMessage(server.db, { channel: 'sms', recipient: '6145550100', body: 'Your Careweave code is 123456' });
    await server.outbox.runOnce();
    const row = await server.db.selectFrom('outbox').selectAll().where('outbox_uid', '=', id).executeTakeFirstOrThrow();
    assert.equal(row.status, 'pending');
    assert.equal(row.attempts, 0);
    await assert.rejects(fs.access(path.join(server.dataDir, 'outbox', `${id}.json`)));
    assert.match(await (await fetch(`${server.url}/demo/outbox`)).text(), /Your Careweave code is 123456/);
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
    const broken: Transport = { send: async () => Promise.reject(new Error('smtp down')) };
    const failing = startOutboxWorker(server.db, { email: broken }, 60_000);
    assert.equal(await failing.runOnce(), 0);
    await failing.stop();
    let row = await server.db.selectFrom('outbox').selectAll().where('outbox_uid', '=', id).executeTakeFirstOrThrow();
    assert.equal(row.status, 'pending');
    assert.equal(row.last_error, 'smtp down');
    await server.db.updateTable('outbox').set({ deliver_after: new Date(0) }).where('outbox_uid', '=', id).execute();
    const working = startOutboxWorker(server.db, { email: { send: async (m) => void sent.push(m.body) } }, 60_000);
    assert.equal(await working.runOnce(), 1);
    await working.stop();
    row = await server.db.selectFrom('outbox').selectAll().where('outbox_uid', '=', id).executeTakeFirstOrThrow();
    assert.equal(row.status, 'delivered');
    assert.deepEqual(sent, ['retry me']);
  });
});

describe('/demo/outbox holds one-time codes: who may read it', () => {
  let networked: TestServer;
  before(async () => {
    // A demo shown on a network on purpose: not loopback, so the page is for administrators only.
    networked = await startTestServer({ HOST: '0.0.0.0', ALLOW_DEMO_ON_NETWORK: '1' });
  });
  after(async () => {
    await networked?.stop();
  });

  it('off loopback: 404 for anyone, a signed-in user without navigatorAdmin included; shown to an administrator', async () => {
    const page = (cookie?: string) => fetch(`${networked.url}/demo/outbox`, { headers: cookie ? { cookie } : {} });
    assert.equal((await page()).status, 404);
    assert.equal((await page((await login(networked.url, 'navigator')).cookie)).status, 404);
    const admin = await page((await login(networked.url, 'admin')).cookie);
    assert.equal(admin.status, 200);
    assert.match(await admin.text(), /Demo outbox/);
  });
});

describe('text messages through SMS_URL', () => {
  it('a JSON webhook gets { to, body } with basic auth from the URL', async () => {
    const received: { authorization?: string; body: unknown }[] = [];
    const gateway = http.createServer((req, res) => {
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => {
        received.push({ authorization: req.headers.authorization, body: JSON.parse(text) });
        res.writeHead(202).end();
      });
    });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    try {
      const { port } = gateway.address() as AddressInfo;
      await smsTransport(`http://agency:s3cret@127.0.0.1:${port}/sms`).send({ outboxUid: 'x', channel: 'sms', recipient: '6145550100', subject: null, body: 'code 123456' });
      assert.deepEqual(received, [{ authorization: `Basic ${Buffer.from('agency:s3cret').toString('base64')}`, body: { to: '6145550100', body: 'code 123456' } }]);
    } finally {
      gateway.close();
    }
  });

  it("twilio:// posts to Twilio's Messages API as the account, from the configured number", async () => {
    const received: { url?: string; authorization?: string; body: string }[] = [];
    const twilio = http.createServer((req, res) => {
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => {
        received.push({ url: req.url, authorization: req.headers.authorization, body: text });
        res.writeHead(201).end('{}');
      });
    });
    await new Promise<void>((r) => twilio.listen(0, '127.0.0.1', r));
    try {
      const { port } = twilio.address() as AddressInfo;
      const transport = smsTransport('twilio://AC123:tok@+16145550000', `http://127.0.0.1:${port}`);
      await transport.send({ outboxUid: 'x', channel: 'sms', recipient: '+16145550100', subject: null, body: 'code 654321' });
      assert.equal(received[0].url, '/2010-04-01/Accounts/AC123/Messages.json');
      assert.equal(received[0].authorization, `Basic ${Buffer.from('AC123:tok').toString('base64')}`);
      assert.deepEqual(Object.fromEntries(new URLSearchParams(received[0].body)), { To: '+16145550100', From: '+16145550000', Body: 'code 654321' });
    } finally {
      twilio.close();
    }
  });

  it('a provider error keeps the message for a retry', async () => {
    await assert.rejects(
      smsTransport('http://127.0.0.1:9/unreachable').send({ outboxUid: 'x', channel: 'sms', recipient: '1', subject: null, body: 'b' }),
    );
  });
});
