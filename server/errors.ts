import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Struct } from 'superstruct';
import type { FieldError } from '../shared/api/errors';
import { camelKeys, snakeCase } from '../shared/casing';
import { check } from '../shared/schemas/validate';
import { DatabaseBusyError } from './db/connect';
import { DatabaseUnreachableError } from './db/unreachable';
import { loggableUrl } from './log-serializers';

const BUSY_RETRY_SECONDS = 2;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errors: FieldError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(errors.map((e) => e.message).join('; '));
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, [{ field, message }]);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, [{ message }]);
export const forbidden = (message = 'You do not have access to this resource') => new HttpError(403, [{ message }]);
export const notFound = (message = 'Not found') => new HttpError(404, [{ message }]);
export const tooMany = (retryAfterSeconds: number, message = 'Too many attempts. Please wait and try again.') =>
  new HttpError(429, [{ message }], { 'retry-after': String(retryAfterSeconds) });

/**
 * Validates a snake_case request body with the shared (camelCase) schema.
 * Field names in the 422 answer go back to snake_case, as on the wire.
 */
export function parseBody<T, S>(schema: Struct<T, S>, body: unknown): T {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('Request body must be a JSON object');
  const result = check(schema, camelKeys(body));
  if (result.errors) throw new HttpError(422, result.errors.map((e) => ({ ...e, field: e.field?.split('.').map(snakeCase).join('.') })));
  return result.value;
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (URL or headers too large,
 * malformed request line): answered in the same `{ errors }` format as everything else.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'Request headers or URL are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long']
        : [400, 'Bad Request', 'The request is malformed'];
  const body = JSON.stringify({ errors: [{ message }] });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${text}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

/** What a failed request is answered with, whatever the format the answer takes (`{ errors }` here, an OperationOutcome under /fhir). */
export interface ErrorAnswer {
  status: number;
  errors: FieldError[];
  headers: Record<string, string>;
}

/** The answer to a request that threw `error`; logs what the client is not told. */
export function errorAnswer(error: Error & { statusCode?: number; code?: string }, request: FastifyRequest): ErrorAnswer {
  if (error instanceof HttpError) return { status: error.statusCode, errors: error.errors, headers: error.headers };
  // No connection came free in time, or a statement ran past statement_timeout (57014): the
  // database is overloaded or stuck. Or it does not answer at all (restarting, cut off). Say so
  // and when to retry, rather than hang or say 500.
  const unreachable = error instanceof DatabaseUnreachableError;
  if (unreachable || error instanceof DatabaseBusyError || error.code === '57014' || error.code === '53300') {
    const where = { method: request.method, url: loggableUrl(request.url) };
    // Every request of an outage fails alike, and the stack is always the pool's: one short line each.
    if (unreachable) request.log.error({ ...where, reason: String((error.cause as Error | undefined)?.message) }, 'database unreachable');
    else request.log.error({ err: error, ...where }, 'database busy');
    return { status: 503, errors: [{ message: 'The server is busy. Please try again in a moment.' }], headers: { 'retry-after': String(BUSY_RETRY_SECONDS) } };
  }
  // PostgreSQL "data exception" (class 22: bad date, number out of range, invalid text): the
  // request carried a value the checks let through. Still the client's input; never echo the SQL text.
  if (typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code) && 'severity' in error) {
    request.log.warn({ err: error }, 'data exception');
    return { status: 400, errors: [{ message: 'A value in the request is not valid' }], headers: {} };
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return { status, errors: [{ message: 'Request body is too large' }], headers: {} };
  if (status === 429) return { status, errors: [{ message: 'Too many requests. Please wait and try again.' }], headers: {} };
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, unsupported media type): their text holds no internals.
    const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError' ? 'Request body is not valid JSON' : error.message;
    return { status, errors: [{ message }], headers: {} };
  }
  // The log line (with reqId) holds the details; the client gets only the id to quote.
  request.log.error({ err: error, method: request.method, url: loggableUrl(request.url) }, 'request failed');
  return { status: 500, errors: [{ message: `Something went wrong on the server. Please try again. (request ${request.id})` }], headers: {} };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const answer = errorAnswer(error, request);
    void reply
      .headers(answer.headers)
      .status(answer.status)
      .send({ errors: answer.errors, ...(answer.status === 500 && { request_id: request.id }) });
  });
}
