import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Node's server.close() waits for every connection that was opened but has not
 * sent a request yet: closeIdleConnections() skips them (their headers timer
 * is running) and the checking interval stops at close. One such client (an
 * HTTP client pool that connected and then used another socket, or anyone who
 * connects and says nothing) held shutdowns open until the deadline. They are
 * cut at stop, and connections that arrive while stopping are refused.
 */
export function trackUnusedConnections(server: Server) {
  const unused = new Set<Socket>();
  let stopping = false;
  server.on('connection', (socket: Socket) => {
    if (stopping) return void socket.destroy();
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  server.on('request', (request: IncomingMessage) => unused.delete(request.socket));
  return {
    cutUnused() {
      stopping = true;
      for (const socket of unused) socket.destroy();
      unused.clear();
    },
  };
}
