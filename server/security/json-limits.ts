import type { FastifyInstance } from 'fastify';
import { badRequest, HttpError } from '../errors';

/** Shape limits on every JSON body, checked as it is parsed: before any route code or key conversion sees it. */
export const JSON_LIMITS = {
  /** Our deepest documents (JSON:API with relationships) nest 5 levels; 20 leaves room and stops stack-busting bodies. */
  depth: 20,
  /** Keys are field names (the longest is 41 characters), never data. */
  keyLength: 100,
  /** Above every field bound in shared/schemas (the longest, notes, 5,000), so only hostile bodies meet it. */
  stringLength: 20_000,
} as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Longest string this route's JSON body may hold, instead of JSON_LIMITS.stringLength:
     * e.g. `config: { maxJsonString: 7_000_000 }` (with a matching `bodyLimit`) for a base64 upload.
     */
    maxJsonString?: number;
  }
}

/** The first limit `value` breaks, or null. A work list, not recursion: the value may nest thousands deep. */
export function jsonLimitError(value: unknown, maxString: number): HttpError | null {
  const work: [unknown, number][] = [[value, 1]];
  for (let item = work.pop(); item; item = work.pop()) {
    const [v, depth] = item;
    if (typeof v === 'string') {
      if (v.length > maxString) return new HttpError(413, [{ message: `A text value in the request body is longer than ${maxString} characters` }]);
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth > JSON_LIMITS.depth) return badRequest(`The request body is nested more than ${JSON_LIMITS.depth} levels deep`);
    for (const [key, child] of Object.entries(v)) {
      if (key.length > JSON_LIMITS.keyLength) return badRequest(`A key in the request body is longer than ${JSON_LIMITS.keyLength} characters`);
      work.push([child, depth + 1]);
    }
  }
  return null;
}

/** Replaces Fastify's JSON parser with the same parser (prototype poisoning refused) plus the limits above. */
export function registerJsonLimits(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser<string>('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, body, (error, value) => {
      if (error) return done(error, undefined);
      const maxString = request.routeOptions.config?.maxJsonString ?? JSON_LIMITS.stringLength;
      const broken = jsonLimitError(value, maxString);
      return broken ? done(broken, undefined) : done(null, value);
    });
  });
}
