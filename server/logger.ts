import fs from 'node:fs';
import type { Config } from './config';
import { logSerializers, redactMessages } from './log-serializers';

/** Fastify's pino options: JSON lines, each of a request carrying its reqId (server/request-id.ts). */
export function loggerOptions(config: Pick<Config, 'logRequests' | 'logLevel' | 'logFile'>) {
  return {
    // Server errors are always logged; every request only with LOG_REQUESTS=1.
    level: config.logRequests ? config.logLevel : 'error',
    stream: config.logFile ? appendTo(config.logFile) : process.stderr,
    serializers: logSerializers,
    hooks: { logMethod: redactMessages },
  };
}

/**
 * Written synchronously, as pino writes stderr: a request's lines are in the
 * file once it is answered, and none is lost when the process exits. Open for
 * the life of the process, like stderr.
 */
function appendTo(file: string): { write(line: string): void } {
  const fd = fs.openSync(file, 'a');
  return { write: (line) => void fs.writeSync(fd, line) };
}
