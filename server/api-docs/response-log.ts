import { appendFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

/** One answer as the client received it. */
export interface LoggedResponse {
  method: string;
  /** The route's pattern (`/api/notes/:id`), as the OpenAPI document names its paths. */
  route: string;
  status: number;
  body: string;
}

/**
 * Appends every JSON answer to `file` as the client received it (after serialisation), so a test can
 * check each one against the OpenAPI document (tests/e2e/support/openapi-check.ts). Written
 * synchronously: a test reads the file as soon as its server has stopped.
 */
export function logResponses(app: FastifyInstance, file: string): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (typeof payload === 'string' && type.startsWith('application/json') && request.routeOptions.url) {
      const line: LoggedResponse = { method: request.method, route: request.routeOptions.url, status: reply.statusCode, body: payload };
      appendFileSync(file, `${JSON.stringify(line)}\n`);
    }
    return payload;
  });
}
