import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { io as connect, type Socket } from 'socket.io-client';
import { sql } from 'kysely';
import { hashToken, sessionCache } from '../../server/auth/sessions.repository';
import { closeExpiredSockets, userRoom } from '../../server/realtime/socket';
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

function open(url: string, token?: string, origin?: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, {
      path: '/socket.io',
      auth: token ? { token } : {},
      transports: ['websocket'],
      reconnection: false,
      ...(origin ? { extraHeaders: { origin } } : {}),
    });
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

  it("accepts a handshake from the shell's own origin and refuses one from another site", async () => {
    const session = await login(server.url, 'navigator');
    const own = await open(server.url, session.token, server.url);
    own.close();
    await assert.rejects(open(server.url, session.token, 'https://evil.example'), /origin not allowed|websocket error|xhr poll error/);
  });

  const closed = (socket: Socket) => new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

  it('closes the sockets of a session that logs out, switches division or expires', async () => {
    const send = (path: string, token: string, body: unknown = {}, method = 'POST') =>
      fetch(`${server.url}/api${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

    const leaving = await login(server.url, 'navigator');
    const staying = await login(server.url, 'navigator');
    const [a, b] = await Promise.all([open(server.url, leaving.token), open(server.url, staying.token)]);
    const aClosed = closed(a);
    assert.equal((await send('/auth/logout', leaving.token)).status, 204);
    assert.equal(await aClosed, 'io server disconnect');
    assert.ok(b.connected, 'another session of the same user stays connected');

    const divisions = (await (await fetch(`${server.url}/api/session/current`, { headers: { authorization: `Bearer ${staying.token}` } })).json()).data.attributes.accessible_divisions;
    const bClosed = closed(b);
    const switched = await send('/session/current', staying.token, { data: { attributes: { current_division_uid: divisions[1].division_uid } } }, 'PUT');
    assert.equal(switched.status, 200);
    assert.equal(await bClosed, 'io server disconnect');

    const expiring = await login(server.url, 'navigator');
    const c = await open(server.url, expiring.token);
    const cClosed = closed(c);
    await sql`update session set expires_at = now() - interval '1 second' where session_id = ${hashToken(expiring.token)}`.execute(server.db);
    sessionCache.clear();
    await closeExpiredSockets(server.app.realtime, server.db);
    assert.equal(await cClosed, 'io server disconnect');
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
