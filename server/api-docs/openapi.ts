import { readFileSync } from 'node:fs';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyContextConfig, FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import type { Config } from '../config';
import { resolveAuth, type AuthContext } from '../auth/context';
import type { SessionPolicy } from '../auth/sessions.repository';
import { notFound } from '../errors';
import { publicRoute } from '../security/access';
import { packageVersion } from '../site/build-version';
import { callRules } from './call-rules';
import { jsonSchemaOf } from './from-superstruct';
import { ErrorDocument, Type } from './json-api';
import { withSchemas } from './route-schemas';

/** Where the document and its viewer are (issue 37 section 3). */
export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/** A demo install shows its API to anyone who can reach it; a real one only to an administrator (API_DOCS). */
const mayRead = (docs: Config['apiDocs'], auth: AuthContext | null) => docs === 'public' || Boolean(auth?.flags.navigatorAdmin);

/** The area a path belongs to (`/api/notes/:id`: notes), the document's grouping. */
const tagOf = (url: string) => url.split('/')[2] ?? 'api';

/**
 * The OpenAPI 3.1 document, made by @fastify/swagger from the routes' own schemas: their answers
 * (route-schemas.ts) and the shared superstruct schemas that read their bodies and queries, with each
 * call's rules from docs/api.md (call-rules.ts). Only /api is in it: /fhir is described by its CapabilityStatement, and the pages are not an API.
 */
export async function registerApiDocs(app: FastifyInstance, { config, db }: AppContext, policy: SessionPolicy): Promise<void> {
  app.addSchema(ErrorDocument);
  const rules = callRules(path.resolve(import.meta.dirname, '../../docs/api.md'));
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Careweave API',
        version: packageVersion(path.resolve(import.meta.dirname, '../..')),
        description:
          'JSON:API-style documents, snake_case on the wire. A browser signs in with a session cookie and sends its CSRF token in `x-csrf-token` on every write; another program sends the session token as a bearer token. Create forms take an `Idempotency-Key`.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'careweave_session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ session: [] }, { bearer: [] }],
    },
    // Shared schemas keep their own names in components (ErrorDocument), not def-0.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transform: ({ schema, url, route }) => {
      if (!url.startsWith('/api/') || !schema?.response || url === OPENAPI_PATH) return { schema: { ...schema, hide: true }, url };
      const read = route.config ?? {};
      const described = rules.of([route.method].flat()[0], url);
      return {
        schema: {
          ...schema,
          ...(described && { description: described }),
          ...(read.body && { body: bodyOf(read.body, read.bodyShape) }),
          ...(read.bodyShape?.contentType && { consumes: [read.bodyShape.contentType] }),
          ...(read.query && { querystring: jsonSchemaOf(read.query) }),
          ...(read.access === 'public' && { security: [] }),
          tags: [tagOf(url)],
        },
        url,
      };
    },
  });
  // The viewer is outside /api's session hook; its session is looked up only where it decides.
  const gate = async (request: FastifyRequest) => {
    if (config.apiDocs === 'admin' && !mayRead(config.apiDocs, await resolveAuth(db, request, policy))) throw notFound();
  };
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    uiHooks: { onRequest: gate },
    uiConfig: { docExpansion: 'list', deepLinking: true },
    logo: { type: 'image/svg+xml', content: readFileSync(path.resolve(import.meta.dirname, '../../shell/public/careweave-icon.svg')), href: '/', target: '_self' },
    theme: { title: 'Careweave API' },
  });
}

/** A body as it arrives: what the shared schema parses, perhaps under `data.attributes`, perhaps each member optional. */
function bodyOf(struct: NonNullable<FastifyContextConfig['body']>, shape: FastifyContextConfig['bodyShape'] = {}) {
  const { required, ...members } = jsonSchemaOf(struct);
  const parsed = shape.partial ? members : { ...members, ...(required !== undefined && { required }) };
  const object = (name: string, inner: object) => ({ type: 'object', required: [name], properties: { [name]: inner } });
  return shape.inAttributes ? object('data', object('attributes', parsed)) : parsed;
}

/** `GET /api/openapi.json`. */
export const openApiRoutes: FastifyPluginAsync<AppContext> = async (app, { config }) => {
  app.get('/openapi.json', withSchemas(publicRoute, { 200: Type.Object({}, { additionalProperties: true, description: 'The OpenAPI 3.1 document' }) }), async (request) => {
    if (!mayRead(config.apiDocs, request.auth)) throw notFound();
    return app.swagger();
  });
};
