import type { FastifyInstance } from 'fastify';

/**
 * The client's address as it was when its request arrived. Fastify reads `request.ip` from the socket each
 * time it is asked, and once the client has gone (a request cut off mid-way) the socket no longer knows it:
 * a limit counted by address then failed with a TypeError, a 500 for a client nobody answers, in the log as
 * an error. Read once, first, it stays what the request came with.
 */
export function pinClientAddress(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    Object.defineProperty(request, 'ip', { value: request.ip ?? 'unknown', enumerable: true });
  });
}
