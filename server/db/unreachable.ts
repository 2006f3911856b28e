/**
 * The database cannot be reached or just went away (a restart, a failover, a
 * cut network), as opposed to a statement that failed: the caller answers 503
 * with a retry hint. pg-pool drops a connection that errored, and connects
 * afresh when the database is back.
 */
export class DatabaseUnreachableError extends Error {
  constructor(cause: unknown) {
    super('The database cannot be reached', { cause });
  }
}

/** The network's refusals and cuts, as Node reports them for the pool's sockets. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** admin_shutdown, crash_shutdown, cannot_connect_now (starting up, shutting down, in recovery). */
const SHUTDOWN_CODES = new Set(['57P01', '57P02', '57P03']);
/** Class 08, connection exception. */
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/;
/** pg's own errors for a connection that ended or never came up carry no code: "Connection terminated unexpectedly", "... due to connection timeout", "timeout expired", "Client has encountered a connection error and is not queryable". */
const LOST_CONNECTION = /^Connection terminated|^timeout expired$|is not queryable$/;

/** `error` as a DatabaseUnreachableError when it means one, otherwise unchanged. */
export function unreachableOr(error: unknown): unknown {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const lost =
    (typeof code === 'string' && (SOCKET_CODES.has(code) || SHUTDOWN_CODES.has(code) || CONNECTION_EXCEPTION.test(code))) ||
    (typeof message === 'string' && LOST_CONNECTION.test(message));
  return lost ? new DatabaseUnreachableError(error) : error;
}
