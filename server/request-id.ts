import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
/** An id a proxy in front already gave the request is kept, so its logs and ours line up; only characters safe in a header and a log line. */
const INCOMING_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's genReqId: the incoming well-formed id, else a new UUID. */
export function requestId(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}

/** Every response names its request, so a user's report can be matched to the server's log. */
export function sendRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
