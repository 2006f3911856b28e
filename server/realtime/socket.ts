import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { AppContext } from '../app-context';
import type { IncomingMessage } from 'node:http';
import { SESSION_COOKIE } from '../auth/context';
import { findLiveSession, findLiveSessionById, sessionsEnded } from '../auth/sessions.repository';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { shareRoomsThroughRedis } from './shared-rooms';

/** Rooms are named by user so any process can reach a user's sockets. */
export const userRoom = (userUid: string) => `user:${userUid}`;
/**
 * A user's 'subscriptions' channel (spec 000 section 7) in one division: chat
 * is delivered to the sockets of sessions whose current division is the
 * patient's, as every read of a patient is limited to the current division.
 */
export const subscriptionsRoom = (userUid: string, divisionUid: string) => `subscriptions:${userUid}:${divisionUid}`;
/** Every socket of one session, so ending the session closes them on every process. */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** How often this process looks for sockets whose session expired. */
const EXPIRY_SWEEP_MS = 30_000;

/**
 * A browser's handshake must come from the shell's own origin (the request's
 * host, or PUBLIC_URL) or an embedding partner in ALLOWED_ORIGINS: another
 * site must not open a socket with the user's cookie. Clients that are not
 * browsers send no Origin and authenticate with a bearer token.
 */
export function originAllowed(request: IncomingMessage, config: Pick<Config, 'publicUrl' | 'allowedOrigins'>): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  const host = request.headers.host;
  const own = host ? [`http://${host}`, `https://${host}`] : [];
  const published = config.publicUrl ? [new URL(config.publicUrl).origin] : [];
  return [...own, ...published, ...config.allowedOrigins].includes(origin);
}

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

/** Disconnects this process's sockets whose session has expired or ended elsewhere. */
export async function closeExpiredSockets(io: Server, db: Db): Promise<void> {
  for (const socket of await io.local.fetchSockets()) {
    // A database hiccup is not an expiry: such a socket is looked at again next time.
    const live = await findLiveSessionById(db, socket.data.sessionId as string).then(Boolean, () => true);
    if (!live) socket.disconnect(true);
  }
}

/**
 * socket.io on the HTTP server, authenticated with the session's bearer token
 * (or the shell's cookie). With REDIS_URL the Redis adapter lets several
 * server processes share rooms (server/realtime/shared-rooms.ts).
 */
export async function attachRealtime(app: FastifyInstance, { db, config, metrics }: AppContext): Promise<void> {
  const io = new Server(app.server, {
    path: '/socket.io',
    cors: config.allowedOrigins.length ? { origin: config.allowedOrigins, credentials: true } : undefined,
    serveClient: false,
    allowRequest: (request, callback) => callback(originAllowed(request, config) ? null : 'origin not allowed', originAllowed(request, config)),
  });
  const shared = config.redisUrl ? await shareRoomsThroughRedis(io, config.redisUrl, app.log) : undefined;

  io.use(async (socket, next) => {
    const token = tokenFrom(socket);
    const session = token ? await findLiveSession(db, token).catch(() => undefined) : undefined;
    if (!session) return next(new Error('unauthorized'));
    socket.data.userUid = session.user_uid;
    socket.data.divisionUid = session.current_division_uid;
    socket.data.sessionId = session.session_id;
    socket.data.chat = (session.permissions ?? []).includes('chat');
    next();
  });

  io.on('connection', (socket) => {
    metrics?.sockets.inc();
    socket.on('disconnect', () => metrics?.sockets.dec());
    void socket.join([userRoom(socket.data.userUid as string), sessionRoom(socket.data.sessionId as string)]);
    // Spec 000 section 7: the client joins channel 'subscriptions' and listens for new_message (users with the chat flag).
    socket.on('join', (channel: unknown, ack?: (ok: boolean) => void) => {
      const ok = channel === 'subscriptions' && socket.data.chat === true;
      if (ok) void socket.join(subscriptionsRoom(socket.data.userUid as string, socket.data.divisionUid as string));
      if (typeof ack === 'function') ack(ok);
    });
  });

  // Logout, a division switch or a password change: the session's sockets close at once, on every process.
  const onEnded = (ids: string[]) => io.in(ids.map(sessionRoom)).disconnectSockets(true);
  sessionsEnded.on('ended', onEnded);
  // Idle or absolute expiry happens without a request: look for it now and then.
  const sweep = setInterval(() => void closeExpiredSockets(io, db).catch(() => {}), EXPIRY_SWEEP_MS);
  sweep.unref();

  app.decorate('realtime', io);
  // Draining: each socket's connection ends as a lost one would, so socket.io's client reconnects at once,
  // to a process that stays, and reads again what it missed (widgets/chat/chat-socket.ts).
  app.addHook('preClose', (done) => {
    for (const socket of io.of('/').sockets.values()) socket.conn.close();
    done();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    sessionsEnded.off('ended', onEnded);
    await new Promise<void>((resolve) => io.close(() => resolve()));
    shared?.close();
  });
}
