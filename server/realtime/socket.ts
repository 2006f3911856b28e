import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import type { AppContext } from '../app-context';
import { SESSION_COOKIE } from '../auth/context';
import { findLiveSession } from '../auth/sessions.repository';

/** Rooms are named by user so any process can reach a user's sockets. */
export const userRoom = (userUid: string) => `user:${userUid}`;
export const subscriptionsRoom = (userUid: string) => `subscriptions:${userUid}`;

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Server;
  }
}

function tokenFrom(socket: Socket): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token) return auth.token;
  const header = socket.handshake.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7);
  const cookie = socket.handshake.headers.cookie ?? '';
  const match = cookie.split(/;\s*/).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return match ? decodeURIComponent(match.slice(SESSION_COOKIE.length + 1)) : undefined;
}

/**
 * socket.io on the HTTP server, authenticated with the session's bearer token
 * (or the shell's cookie). With REDIS_URL the Redis adapter lets several
 * server processes share rooms.
 */
export async function attachRealtime(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const io = new Server(app.server, {
    path: '/socket.io',
    cors: config.allowedOrigins.length ? { origin: config.allowedOrigins, credentials: true } : undefined,
    serveClient: false,
  });
  const redisClients: { quit(): Promise<unknown> }[] = [];
  if (config.redisUrl) {
    const pub = createClient({ url: config.redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }

  io.use(async (socket, next) => {
    const token = tokenFrom(socket);
    const session = token ? await findLiveSession(db, token).catch(() => undefined) : undefined;
    if (!session) return next(new Error('unauthorized'));
    socket.data.userUid = session.user_uid;
    socket.data.divisionUid = session.current_division_uid;
    next();
  });

  io.on('connection', (socket) => {
    void socket.join(userRoom(socket.data.userUid as string));
    // Spec 000 section 7: the client joins channel 'subscriptions' and listens for new_message.
    socket.on('join', (channel: unknown, ack?: (ok: boolean) => void) => {
      const ok = channel === 'subscriptions';
      if (ok) void socket.join(subscriptionsRoom(socket.data.userUid as string));
      if (typeof ack === 'function') ack(ok);
    });
  });

  app.decorate('realtime', io);
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
    await Promise.all(redisClients.map((c) => c.quit().catch(() => {})));
  });
}
