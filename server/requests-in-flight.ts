import type { FastifyInstance, FastifyRequest } from 'fastify';

const ENDED = Symbol('request ended');
type Tracked = FastifyRequest & { [ENDED]?: boolean };

/**
 * The requests whose work is not over, so that a stop closes the database only after them. Fastify's close()
 * ends once the connections have, but a request whose client went away (cut off mid-request, or a load
 * generator stopped) goes on through its hooks and handler, and its statements failed half-way on a closed
 * pool ("driver has already been destroyed"). A request's work is over when its answer is handed to be sent
 * (onSend: nothing reads the database after it), or when its response closed having been sent whole (a reply
 * taken over by hand, as the SMART authorization server's is, sends without onSend). A client that leaves
 * ends neither: the handler still runs, and is waited for until the shutdown deadline.
 */
export function trackRequests(app: FastifyInstance): void {
  let running = 0;
  let idle: (() => void)[] = [];
  const end = (request: Tracked) => {
    if (request[ENDED]) return;
    request[ENDED] = true;
    running -= 1;
    if (running === 0) {
      for (const resolve of idle) resolve();
      idle = [];
    }
  };
  app.addHook('onRequest', async (request, reply) => {
    running += 1;
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished) end(request);
    });
  });
  app.addHook('onSend', async (request) => end(request));
  app.decorate('requestsEnded', () => (running === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve))));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles once no request is running (at once when none is): the stop waits for it before closing the database. */
    requestsEnded: () => Promise<void>;
  }
}
