import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { io as connect, type Socket } from 'socket.io-client';
import { userRoom } from '../../server/realtime/socket';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';

async function login(url: string, userName: string) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_name: userName, password: 'careweave-demo' }),
  });
  assert.equal(res.status, 200);
  return ((await res.json()) as { data: { attributes: { token: string; user_uid: string } } }).data.attributes;
}

function open(url: string, token?: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, { path: '/socket.io', auth: token ? { token } : {}, transports: ['websocket'], reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

describe('realtime socket', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server?.stop();
  });

  it('refuses a connection without a valid bearer token', async () => {
    await assert.rejects(open(server.url), /unauthorized/);
    await assert.rejects(open(server.url, 'not-a-token'), /unauthorized/);
  });

  it('joins the subscriptions channel and receives new_message for its user', async () => {
    const session = await login(server.url, 'navigator');
    const socket = await open(server.url, session.token);
    try {
      const joined = await socket.emitWithAck('join', 'subscriptions');
      assert.equal(joined, true);
      const received = new Promise((resolve) => socket.once('new_message', resolve));
      server.app.realtime.to(userRoom(session.user_uid)).emit('new_message', { body: 'hello' });
      assert.deepEqual(await received, { body: 'hello' });
    } finally {
      socket.close();
    }
  });

  it('shares rooms between two server processes through Redis', { skip: !process.env.REDIS_URL && 'REDIS_URL not set' }, async () => {
    const other = await startTestServer();
    try {
      const session = await login(other.url, 'navigator');
      const socket = await open(other.url, session.token);
      try {
        const received = new Promise((resolve) => socket.once('new_message', resolve));
        // Emitted by the first server; the client is connected to the second.
        server.app.realtime.to(userRoom(session.user_uid)).emit('new_message', { body: 'across processes' });
        assert.deepEqual(await received, { body: 'across processes' });
      } finally {
        socket.close();
      }
    } finally {
      await other.stop();
    }
  });
});
