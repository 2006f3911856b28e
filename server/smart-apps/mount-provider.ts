import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';

/** Serves an oidc-provider under `path` of a Fastify app: Careweave's own authorization server, and the demo's outside ones. */
export async function mountProvider(app: FastifyInstance, path: string, provider: () => Promise<Provider>): Promise<void> {
  await app.register(async (scope) => {
    // The provider reads its own request bodies.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(`${path}/*`, async (request, reply) => passToProvider(await provider(), path, request, reply));
  });
}

/**
 * Hands a request to the provider mounted at `path`. A body Fastify already
 * parsed (the token endpoint, which reads the grant type first) is given as
 * `body`; the provider then reads that in place of the stream.
 */
export function passToProvider(provider: Provider, path: string, request: FastifyRequest, reply: FastifyReply, body?: unknown): void {
  const handler = provider.callback();
  reply.hijack();
  // Mounted: the provider sees its own paths, and finds its mount in originalUrl.
  const raw = request.raw as IncomingMessage & { originalUrl?: string; body?: unknown };
  raw.originalUrl = raw.url;
  raw.url = raw.url!.slice(path.length) || '/';
  if (body !== undefined) raw.body = body;
  void handler(raw, reply.raw);
}
