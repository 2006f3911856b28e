import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Struct } from 'superstruct';
import { ErrorDocument } from './json-api';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The shared schema that parses this route's body (parseBody), shown in the OpenAPI document. */
    body?: Struct<unknown, unknown>;
    /** The shared schema that parses this route's query, shown in the OpenAPI document. */
    query?: Struct<unknown, unknown>;
    /** How the body holds what `body` parses: as it is, or under `data.attributes`, each member optional (a change merged over what is stored), or form-encoded. */
    bodyShape?: BodyShape;
  }
}

export interface BodyShape {
  inAttributes?: boolean;
  partial?: boolean;
  /** The body's content type when it is not JSON (`application/x-www-form-urlencoded`). */
  contentType?: string;
}

/** What a route answers, per status code (`200`, `201`, `204`, ...); errors are added for every route. */
export type Answers = Record<number, TSchema>;

interface Declared {
  config: Record<string, unknown>;
}

/**
 * A route's options with what it answers and the shared schemas it reads:
 * `app.post('/notes', withSchemas(notes, { 201: NoteDocument }, { body: NotePayloadSchema }), ...)`.
 * The body and query stay checked by superstruct in the handler, as the browser checks them; a query
 * read by other code (the data views' filter grammar) is described by a `querystring` schema instead.
 */
export function withSchemas<O extends Declared>(
  options: O,
  response: Answers,
  { querystring, ...read }: { body?: Struct<any, any>; query?: Struct<any, any>; querystring?: TSchema; bodyShape?: BodyShape } = {},
) {
  return { ...options, config: { ...options.config, ...read }, schema: { response, ...(querystring && { querystring }) } };
}

/** A file or a page rather than JSON: the content type and, for the document, a binary string. */
export const Content = (type: string, description: string) => ({ description, content: { [type]: { schema: { type: 'string', format: 'binary' } } } }) as unknown as TSchema;

const errors = (description: string) => ({ description, $ref: `${ErrorDocument.$id}#` });
const ERRORS_4XX = errors("The request was refused: each error names the field it is about, where it is one field's");
const ERRORS_5XX = errors('The server failed, or is busy (503, with Retry-After); a 500 carries the request id to quote');

/** What the document says of an answer that does not say it itself. */
const STATUS_TEXT: Record<string, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content', 302: 'A redirect (Location)', 303: 'A redirect (Location)' };
const withDescription = (status: string, schema: TSchema): TSchema => (schema.description ? schema : { ...schema, description: STATUS_TEXT[status] ?? `Status ${status}` });

/**
 * Every API route says what it answers, or the server does not start (as a route that declares no access
 * does not): an answer no schema describes could carry any column a query gains later. Every route answers
 * its errors as the one `{ errors }` document. The validators are never used: superstruct checks what comes in.
 */
export function describeRoutes(api: FastifyInstance): void {
  api.setValidatorCompiler(() => () => true);
  api.addHook('onRoute', (route: RouteOptions) => {
    if ([route.method].flat().every((m) => m === 'HEAD')) return;
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response) throw new Error(`API route ${[route.method].flat().join(',')} ${route.url} declares no answers (withSchemas(access, { status: schema }))`);
    const described = Object.fromEntries(Object.entries(response).map(([status, schema]) => [status, withDescription(status, schema as TSchema)]));
    route.schema = { ...route.schema, response: { '4xx': ERRORS_4XX, '5xx': ERRORS_5XX, ...described } };
  });
}
