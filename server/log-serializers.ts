import type { FastifyBaseLogger } from 'fastify';

/**
 * What a log line may hold (issue 36): a request's method, URL, remote address,
 * status and time, and an error's type, code, message and stack. Never a body
 * or a header, and never a value someone typed: a patient search's `?q=` is
 * a patient's name, and PostgreSQL and validation messages quote the value
 * they refused. PostgreSQL's detail (`Key (mobile_phone)=(...)`), where and
 * parameters are never read.
 */

const REDACTED = '[redacted]';
/** Query parameters that say how a list is shown, never whom it shows. */
const SHOWN_PARAMS = new Set(['page', 'page-size', 'sort', 'lang', 'include', 'all-data']);
const SHOWN_VALUE = /^[\w,.-]{0,64}$/;
const PARAM_NAME = /^[\w.%[\]-]{1,64}$/;
/** A line that quotes: `: "1984-02-17x"`, `received: \`"Ellery"\``. Greedy, so a value holding the quote character is hidden whole. */
const QUOTED = /"[^\n]*"|`[^\n]*`/g;
const QUERY_VALUE = /([?&][\w.%[\]-]+=)[^&\s"'`]*/g;
/** An opt-out link's token is a credential. */
const OPT_OUT_TOKEN = /(\/opt-out\/)[^/?\s"'`]+/g;

/** The path (an opt-out token hidden) and the query with every value hidden but those of SHOWN_PARAMS. */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  const path = (at < 0 ? url : url.slice(0, at)).replace(OPT_OUT_TOKEN, `$1${REDACTED}`);
  if (at < 0) return path;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      // A bare `?Ellery` is all value.
      if (eq < 0) return SHOWN_PARAMS.has(pair) ? pair : REDACTED;
      const name = pair.slice(0, eq);
      if (!PARAM_NAME.test(name)) return REDACTED;
      return SHOWN_PARAMS.has(name) && SHOWN_VALUE.test(pair.slice(eq + 1)) ? pair : `${name}=${REDACTED}`;
    });
  return `${path}?${query.join('&')}`;
}

/** Free text (a message, a stack) with whatever it quotes and any URL's query values and opt-out token hidden. */
export const redactText = (text: string) =>
  text
    .replace(QUOTED, (quoted) => `${quoted[0]}${REDACTED}${quoted[0]}`)
    .replace(QUERY_VALUE, `$1${REDACTED}`)
    .replace(OPT_OUT_TOKEN, `$1${REDACTED}`);

/** An error for a console line (a failed start or stop): PostgreSQL's as a log line holds it (its detail can be a row of a table), any other whole. */
export const consoleError = (err: unknown) => (err instanceof Error && 'severity' in err ? loggableError(err) : err);

const named = (value: unknown) => (typeof value === 'string' ? value : undefined);

export function loggableError(err: unknown) {
  // Something thrown that is not an Error has no stack, and no known shape to read a message from.
  if (!(err instanceof Error)) return { type: typeof err, message: '', stack: '' };
  const e = err as Error & Record<string, unknown>;
  return {
    type: e.constructor?.name ?? e.name,
    code: named(e.code),
    message: redactText(e.message),
    stack: redactText(e.stack ?? ''),
    // PostgreSQL's names for what a statement broke: its message quotes them, and that is hidden.
    constraint: named(e.constraint),
    table: named(e.table),
    column: named(e.column),
  };
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
}

export const logSerializers = {
  req: (request: LoggedRequest) => ({ method: request.method, url: loggableUrl(request.url), remoteAddress: request.ip }),
  res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
  err: loggableError,
};

type LogArgs = Parameters<FastifyBaseLogger['info']>;

/**
 * pino's hooks.logMethod. A line's message is redacted like an error's: pino
 * takes `log.error(err)`'s message from the error, and Fastify puts a
 * request's URL or an error's message in some of its own.
 */
export function redactMessages(this: unknown, args: LogArgs, method: (...args: LogArgs) => void): void {
  const out = [...args] as unknown[];
  if (out[0] instanceof Error) out[0] = { err: out[0] };
  if (typeof out[0] === 'string') out[0] = redactText(out[0]);
  else if (typeof out[1] === 'string') out[1] = redactText(out[1]);
  else {
    const err = (out[0] as { err?: unknown } | null)?.err;
    if (err instanceof Error) out[1] = redactText(err.message);
  }
  method.apply(this, out as LogArgs);
}
